import CapdocKit

/// capdoc's examples, in one place: `capdoc --help` shows them (the root command's discussion) and
/// capdoc(1) gives them a section, EXAMPLES (`CommandDescription`, through `ToolDescription`).
/// `Tests/cli/examples.sh` runs every one as `--help` prints it, so that none stops working: `check`
/// and `build` in a folder with Content/ and Templates/ (a checkout of capdoc), `lint-plist` beside
/// an Xcode project, its Swift sources and an Info.plist; the others anywhere (the model is built in).
enum CommandExamples {
    /// The examples, with the ids of the Content the command reads (`HelpWords`): a maintainer of
    /// another matrix sees commands that work on theirs.
    static var all: [ToolDescription.Example] {
        let words = HelpWords.current
        let domain = words.domain
        var examples: [ToolDescription.Example] = [
            .init(["check"], "Check Content/ for mistakes and contradictions; exit 1 on an error."),
            .init(["build"], "Build the site, Markdown, man pages and capdoc.json into _site/."),
            .init(
                ["build", "--format", "man", "--output", "pages"],
                "Build only the man pages, into pages/ (man -M pages/man capdoc-\(words.platform))."),
            .init(
                ["query", "support", words.service, "--platform", words.platform, "--level", words.level, "--os", words.version] + words.contentOption,
                "Does \(words.name(.service, words.service)) work under \(words.name(.level, words.level)) on \(words.name(.platform, words.platform)) \(words.version)?"
            ),
            .init(
                ["query", "keys", "--request", words.request, "--platform", words.platform] + words.contentOption,
                "The \(domain.keys) the \(words.name(.request, words.request)) needs on \(words.name(.platform, words.platform))."),
            .init(
                ["query", "level", words.widestLevel, "--platform", words.otherPlatform, "--json"] + words.contentOption,
                "Whether \(words.name(.platform, words.otherPlatform)) offers \(words.name(.level, words.widestLevel)), as JSON."),
        ]
        if let state = words.flowState, let trigger = words.flowTrigger {
            examples.append(
                .init(
                    ["query", "flow", "--from", state, "--trigger", trigger] + words.contentOption,
                    "What happens in \(words.name(.state, state)) on \(words.name(.trigger, trigger))."))
        }
        examples.append(
            .init(
                ["query", "target", words.platform, words.version] + words.contentOption,
                "What an app that supports \(words.name(.platform, words.platform)) \(words.version) and later can count on."))
        if let api = words.requestAPI {
            examples.append(.init(["explain", api] + words.contentOption, "Everything about an API, key or id (shown by man on a terminal)."))
        }
        examples.append(
            domain.flow
                ? .init(["list", "triggers"] + words.contentOption, "The ids that query flow --trigger takes, with their names.")
                : .init(["list", "services"] + words.contentOption, "The ids that query support takes, with their names."))
        if words.lintsPlists {
            examples += [
                .init(
                    ["lint-plist", "--project", "Trails.xcodeproj", "--sources", "Trails"] + words.contentOption,
                    "Check each target of an Xcode project, and the requests in its code."),
                .init(
                    ["lint-plist", "Info.plist", "--platform", words.platform, "--deployment-target", words.version] + words.contentOption,
                    "Check an app's Info.plist for a deployment target of \(words.name(.platform, words.platform)) \(words.version)."),
            ]
        }
        return examples
    }

    /// The width of an example's lines in `--help`: ArgumentParser wraps its help at 80 columns.
    static let helpWidth = 78

    /// The section `--help` shows: each example's explanation as a shell comment, then its command,
    /// so that the pair can be copied as it is.
    static var help: String {
        let examples = all.map { example in
            (comment(example.explanation) + example.lines(tool: "capdoc", width: helpWidth - 2).map { "  " + $0 }).joined(separator: "\n")
        }
        return "EXAMPLES:\n" + examples.joined(separator: "\n\n")
    }

    /// An explanation as shell comment lines within the help's width: names from another Content
    /// can make it longer than one line, and ArgumentParser would wrap it without the `#`.
    static func comment(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, 4 + line.count + 1 + word.count > helpWidth {
                lines.append("  # " + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + ["  # " + line]
    }
}
