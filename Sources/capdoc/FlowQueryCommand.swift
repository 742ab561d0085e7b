import ArgumentParser
import CapdocKit

/// `capdoc query flow`: what happens when a trigger occurs in a state, and with a choice at its prompt.
struct FlowQuery: ParsableCommand {
    static var configuration: CommandConfiguration {
        let domain = HelpWords.current.domain
        return CommandConfiguration(
            commandName: "flow",
            abstract: "What happens when TRIGGER occurs in state FROM (and the user makes CHOICE at its prompt)?",
            discussion: """
                Answers whether a prompt appears and whose usage string it shows, the state the app moves to, \
                the status \(domain.statusAPI) then reports, and whether \(domain.callback) is told. Without --choice, \
                a prompt's choices are listed; a choice where no prompt appears is ignored, and the answer says so.
                """,
            // A domain without an authorization flow (`flow: false`) has nothing to ask it.
            shouldDisplay: domain.flow
        )
    }

    @Option(help: "The state the app is in (\(HelpWords.current.flowExamples(.state))).", completion: IDCompletion.ids(.state))
    var from: String

    @Option(help: "What happens (\(HelpWords.current.flowExamples(.trigger))).", completion: IDCompletion.ids(.trigger))
    var trigger: String

    @Option(help: "The user's choice at the prompt (\(HelpWords.current.flowExamples(.choice))).", completion: IDCompletion.ids(.choice))
    var choice: String?

    @OptionGroup var options: QueryOptions

    func run() throws {
        let (answer, answers) = try options.run { answers, os, terms in
            try answers.flow(
                from: terms.id(from, as: .state), trigger: terms.id(trigger, as: .trigger), choice: choice.map { terms.id($0, as: .choice) },
                platform: options.platformID(terms), os: os)
        }
        if options.json { Terminal.write(answer.json.serialized(), .json); return }
        Terminal.write(Self.describe(answer, domain: answers.model.vocabulary.domain))
        options.printSources(answer.sources, answers)
    }

    /// The answer in words, one statement per line.
    static func describe(_ answer: Flow.Answer, domain: Domain) -> String {
        let place = "\(answer.platform)\(answer.os.map { " \($0)" } ?? "")\(answer.osIsNewestKnown ? ", the newest version the sources name" : "")"
        var lines = ["From \(answer.from) on \(answer.trigger) (\(place)):"]
        func outcome() -> String {
            let delegate = domain.toldWords(answer.delegateNotified)
            let moves = answer.to == answer.from ? "the app stays in \(answer.to ?? "?")" : "the app moves to \(answer.to ?? "?")"
            return "\(moves); \(domain.statusAPI) reports \(answer.reportedStatus ?? "unknown (the sources do not say)"); \(delegate)."
        }
        switch answer.prompted {
        case nil:
            if let gate = answer.closedBy {
                lines.append("\(DisplayText.line(gate.name)): \(gate.summary.trimmingCharacters(in: .whitespacesAndNewlines))")
                if answer.choiceIgnored, let choice = answer.choice { lines.append("--choice \(choice) is ignored: nothing can happen here.") }
            } else {
                lines.append("unknown (the sources do not decide).")
            }
        case false?:
            lines.append("No prompt appears; \(outcome())")
            if answer.choiceIgnored, let choice = answer.choice {
                lines.append("--choice \(choice) is ignored: no prompt appears, so there is nothing to choose.")
            }
        case true?:
            lines.append("A prompt appears, showing the usage string of \(answer.promptKey ?? "a key the sources do not name").")
            if let choice = answer.choice {
                if answer.to != nil {
                    lines.append("Choosing \(choice): \(outcome())")
                } else {
                    lines.append("Choosing \(choice): unknown (the sources do not describe this choice here).")
                }
            }
            if answer.choice == nil || answer.to == nil {
                lines.append(
                    answer.choices.isEmpty
                        ? "Its choices: not described."
                        : "Its choices: \(answer.choices.joined(separator: ", ")) (pick one with --choice).")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
