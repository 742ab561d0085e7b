/// Every service's deployment-target answers on one platform, at every target of the platform, each
/// row a few small numbers into one list of distinct answers.
///
/// A target's page compares every service's row with every other (`TargetSummary`): 20,000 services
/// × 99 targets. Looking each row up in the service cache (a lock, nested arrays, a scan of the
/// timeline per target) grew faster than the services did — 14× from 2,000 to 20,000 services. Here
/// each timeline is walked once for all the platform's targets (they are in OS order, so the segments
/// a target keeps only shrink), and a row is compared by its numbers, in one contiguous array.
final class TargetAnswerTable: Sendable {
    /// The platform's deployment targets, oldest first (`PageContext.deploymentTargets`).
    let targets: [Version]
    let levelCount: Int
    /// Every distinct answer, as its target reads it (`TargetAnswer.at`).
    let answers: [TargetAnswer]
    /// Each answer's words (`TargetAnswer.text`), made once: a target's parts list thousands of rows,
    /// and most rows that differ from the usual one vary, whose words were built again for each.
    let texts: [String]
    /// The answers' numbers: service by service in id order (`ServiceParts.sorted`), then target by
    /// target, then level by level in vocabulary order.
    private let ids: [UInt32]
    private let targetIndex: [Version: Int]

    init(platform: String, _ context: PageContext) {
        targets = context.deploymentTargets(platform)
        targetIndex = Dictionary(targets.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        levelCount = context.vocabulary.ids(.level).count
        let (targets, levelCount) = (self.targets, self.levelCount)
        var answers: [TargetAnswer] = [], numbers: [TargetAnswer: UInt32] = [:]
        func number(_ answer: TargetAnswer) -> UInt32 {
            if let known = numbers[answer] { return known }
            let new = UInt32(answers.count)
            answers.append(answer)
            numbers[answer] = new
            return new
        }
        // A varying answer reads differently at each target, so its number is looked up per target:
        // by the number of the answer as kept and the target's place, two integers, once the answer
        // at that target has been numbered by what it says (hashing its words each time was most of
        // this table's work).
        var keptNumbers: [TargetAnswer: UInt32] = [:], atTarget: [UInt64: UInt32] = [:]
        func keptNumber(_ answer: TargetAnswer) -> UInt32 {
            if let known = keptNumbers[answer] { return known }
            let new = UInt32(keptNumbers.count)
            keptNumbers[answer] = new
            return new
        }
        func number(_ kept: UInt32, _ answer: TargetAnswer, at index: Int) -> UInt32 {
            let key = UInt64(kept) << 32 | UInt64(index)
            if let known = atTarget[key] { return known }
            let found = number(answer.at(targets[index]))
            atTarget[key] = found
            return found
        }
        var ids = [UInt32](repeating: 0, count: context.serviceParts.sorted.count * targets.count * levelCount)
        let platformPosition = context.vocabulary.position(.platform, platform)
        for (position, service) in context.serviceParts.sorted.enumerated() {
            let timelines =
                platformPosition.map { context.answerTable.supportTimelines(service: service, platform: $0) }
                ?? ArraySlice(context.vocabulary.ids(.level).map { context.answerTable.supportTimeline(service: service, platform: platform, level: $0) })
            for (level, timeline) in timelines.enumerated() {
                var first = 0
                // The answer for the segments kept from `first` on, its number, and whether it is the
                // same at every target (a varying one is numbered as each target reads it).
                var kept: (first: Int, answer: TargetAnswer, number: UInt32, fixed: Bool)?
                for (index, target) in targets.enumerated() {
                    // Later targets keep no earlier segment: the search goes on from the last one's.
                    first = Self.firstKept(timeline, from: target, startingAt: first)
                    if kept?.first != first {
                        let answer = context.targetAnswer(timeline, keptFrom: first)
                        if case .fixed = answer.text { kept = (first, answer, number(answer), true) } else { kept = (first, answer, keptNumber(answer), false) }
                    }
                    ids[(position * targets.count + index) * levelCount + level] = kept!.fixed ? kept!.number : number(kept!.number, kept!.answer, at: index)
                }
            }
        }
        self.answers = answers
        texts = answers.map { $0.text(context) }
        self.ids = ids
    }

    /// The first segment of a timeline that reaches past `target`, searched from `start` on: a
    /// target keeps the segments from it on (the timeline's end when none does).
    static func firstKept(_ timeline: ServiceAnswers.SupportTimeline, from target: Version, startingAt start: Int = 0) -> Int {
        timeline[start...].firstIndex { $0.os.until.map { $0 > target } ?? true } ?? timeline.endIndex
    }

    /// The place of a target among the platform's; nil for a version that is none of them.
    func index(of target: Version) -> Int? { targetIndex[target] }

    /// The numbers of a service's answers at a target, level by level.
    func row(position: Int, target: Int) -> ArraySlice<UInt32> {
        let start = (position * targets.count + target) * levelCount
        return ids[start..<start + levelCount]
    }

    /// A service's cells at a target, level by level: each answer's value and words.
    func cells(position: Int, target: Int) -> [(value: ValueClass, text: String)] {
        row(position: position, target: target).map { (answers[Int($0)].value, texts[Int($0)]) }
    }
}

extension PageContext {
    /// The cells of a service on a platform under each level, in vocabulary order, for the versions
    /// from `target` on (a deployment target's table): each answer's value and words, from the
    /// platform's table, or worked out for a service or target it does not hold.
    func targetCells(service: String, platform: String, target: Version) -> [(value: ValueClass, text: String)] {
        if let table = targetAnswerTable(platform), let position = serviceParts.position(of: service), let index = table.index(of: target) {
            return table.cells(position: position, target: index)
        }
        return vocabulary.ids(.level).map { level in
            let timeline = supportTimeline(service: service, platform: platform, level: level)
            let answer = targetAnswer(timeline, keptFrom: TargetAnswerTable.firstKept(timeline, from: target))
            return (answer.value, answer.text(from: target, self))
        }
    }

    /// The platform's table (`targetAnswerTables` holds one memo per platform).
    func targetAnswerTable(_ platform: String) -> TargetAnswerTable? {
        targetAnswerTables[platform]?.value { TargetAnswerTable(platform: platform, self) }
    }
}
