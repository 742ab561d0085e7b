/// Writes the dataset's timelines: an answer over OS versions as a list of segments, each with its
/// range, its answer word and the claims that decide it, by reference (`"source#claim"`), so that a
/// tool reads a segment without resolving anything but the quotes.
///
/// Written as compact JSON bytes rather than built as `JSONValue` trees: every service has a few
/// hundred segments, so at 20,000 services a tree per segment was most of the dataset's time. The
/// bytes are what `JSONValue` writes compactly (members in the byte order of their names, its
/// escaping), so `JSONRelayout` lays them out for `--pretty` like any other value.
struct DatasetTimeline {
    let merge: MergeResult
    /// Whether the domain has relaunch facts: a support segment then says whether the app is relaunched.
    let relaunch: Bool

    /// A timeline: its segments in OS order; `[]` where no claim decides anything.
    func write(_ segments: [GatedFacts.Segment], to output: inout [UInt8]) {
        JSONValue.writeArray(segments.count, indent: 0, layout: .compact, to: &output) { index, output in
            segment(segments[index], to: &output)
        }
    }

    func bytes(_ segments: [GatedFacts.Segment]) -> [UInt8] {
        var output: [UInt8] = []
        write(segments, to: &output)
        return output
    }

    /// One range of a gated answer. `answer`: `yes` and `no` for a boolean, `value` for a value of
    /// another type (given in `value`), a gate's outcome where that gate closes the answer (`gate`
    /// names it), `unknown` where no claim decides it or a gate is undecided (then `gate` names it).
    private func segment(_ segment: GatedFacts.Segment, to output: inout [UInt8]) {
        output.append(0x7B)
        let citations = Citations(segment.facts)
        citations.write(answer: segment.answer.id, to: &output)
        writeGate(of: segment.answer, to: &output)
        citations.writeMore(to: &output)
        writeRange(segment.os, to: &output)
        if case let .value(value) = segment.answer {
            if value == .boolean(true) {
                // A deprecation names what to use instead where a deciding claim does.
                if let replacement = segment.replacement(in: merge) {
                    output.append(literal: #","replacement":"#)
                    JSONValue.writeString(replacement, to: &output)
                }
            } else if value != .boolean(false) {
                output.append(literal: #","value":"#)
                DatasetRenderer.claimValue(value).write(to: &output, indent: 0, layout: .compact)
            }
        }
        output.append(0x7D)
    }

    /// A service's support under a level, as the matrix shows it: availability, relaunch and
    /// deprecation read together, with `since`, the version from which this availability has held
    /// without a break (`VersionRange.runStart`, the rule `query support` follows; absent: from the
    /// platform's first version).
    func writeSupport(_ timeline: ServiceAnswers.SupportTimeline, to output: inout [UInt8]) {
        let ranges = timeline.map(\.os)
        JSONValue.writeArray(timeline.count, indent: 0, layout: .compact, to: &output) { index, output in
            let support = timeline[index].support
            output.append(0x7B)
            let citations = Citations(support.facts)
            citations.write(answer: support.availability.id, to: &output)
            if let deprecation = support.deprecation {
                output.append(literal: #","deprecated":{"#)
                var first = true
                if let replacement = deprecation.replacement {
                    output.append(literal: #""replacement":"#)
                    JSONValue.writeString(replacement, to: &output)
                    first = false
                }
                if let since = deprecation.since {
                    if !first { output.append(0x2C) }
                    output.append(literal: #""since":"#)
                    JSONValue.writeString(since.description, to: &output)
                }
                output.append(0x7D)
            }
            writeGate(of: support.availability, to: &output)
            if relaunch {
                output.append(literal: #","launchesTerminatedApp":"#)
                JSONValue.writeString(support.relaunch.id, to: &output)
            }
            citations.writeMore(to: &output)
            writeRange(timeline[index].os, to: &output)
            let availability = support.availability.id
            if let since = VersionRange.runStart(of: ranges, endingAt: index, same: { timeline[$0].support.availability.id == availability }) {
                output.append(literal: #","since":"#)
                JSONValue.writeString(since.description, to: &output)
            }
            output.append(0x7D)
        }
    }

    /// What a segment rests on (`CitedClaims`, the rule every output follows): the deciding claims
    /// of its facts (the fact itself, then the gates' facts), each once, in order; at most
    /// `CitedClaims.shownCorroborating` of the wider claims that agree and only corroborate, and how
    /// many more there are; the rulings.
    struct Citations {
        let cited: CitedClaims

        init(_ facts: [Fact]) { cited = CitedClaims(facts) }

        var deciding: [String] { cited.deciding }
        var corroborating: [String] { cited.corroborating }
        var adjudications: [String] { cited.adjudications }
        /// How many corroborating claims are not listed; nil (absent) where every one is.
        var moreCorroborating: JSONValue? { cited.moreCorroborating > 0 ? .number(cited.moreCorroborating) : nil }

        /// The segment's first members, in the byte order of their names: `adjudications` (where a
        /// ruling decided a fact), `answer`, `citations`, `corroborating` (where there are any).
        func write(answer: String, to output: inout [UInt8]) {
            if !adjudications.isEmpty {
                output.append(literal: #""adjudications":"#)
                DatasetTimeline.writeStrings(adjudications, to: &output)
                output.append(0x2C)
            }
            output.append(literal: #""answer":"#)
            JSONValue.writeString(answer, to: &output)
            output.append(literal: #","citations":"#)
            DatasetTimeline.writeStrings(deciding, to: &output)
            if !corroborating.isEmpty {
                output.append(literal: #","corroborating":"#)
                DatasetTimeline.writeStrings(corroborating, to: &output)
            }
        }

        /// `moreCorroborating`, where some are not listed: written after `gate` and
        /// `launchesTerminatedApp` and before `os`, in the byte order of the names.
        func writeMore(to output: inout [UInt8]) {
            guard cited.moreCorroborating > 0 else { return }
            output.append(literal: #","moreCorroborating":"#)
            ByteText.appendDecimal(cited.moreCorroborating, to: &output)
        }
    }

    private func writeGate(of answer: GatedFacts.Answer, to output: inout [UInt8]) {
        switch answer {
        case let .closed(gate), let .gateUnknown(gate):
            output.append(literal: #","gate":"#)
            JSONValue.writeString(gate.id.value, to: &output)
        case .value, .unknown:
            break
        }
    }

    private func writeRange(_ range: VersionRange, to output: inout [UInt8]) {
        guard !range.isUnbounded else { return }
        output.append(literal: #","os":"#)
        DatasetRenderer.writeRange(range, to: &output)
    }

    static func writeStrings(_ strings: [String], to output: inout [UInt8]) {
        output.append(0x5B)
        for (index, string) in strings.enumerated() {
            if index > 0 { output.append(0x2C) }
            JSONValue.writeString(string, to: &output)
        }
        output.append(0x5D)
    }
}
