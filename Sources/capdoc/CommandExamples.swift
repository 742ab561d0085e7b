import CapdocKit

/// capdoc's examples, in one place: `capdoc --help` shows them (the root command's discussion) and
/// capdoc(1) gives them a section, EXAMPLES (`CommandDescription`, through `ToolDescription`).
/// `Tests/cli/examples.sh` runs every one as `--help` prints it, so that none stops working: `check`
/// and `build` in a folder with Content/ and Templates/ (a checkout of capdoc), `lint-plist` beside
/// an Xcode project, its Swift sources and an Info.plist; the others anywhere (the model is built in).
enum CommandExamples {
    static let all: [ToolDescription.Example] = [
        .init(["check"], "Check Content/ for mistakes and contradictions; exit 1 on an error."),
        .init(["build"], "Build the site, Markdown, man pages and capdoc.json into _site/."),
        .init(["build", "--format", "man", "--output", "pages"], "Build only the man pages, into pages/ (man -M pages/man capdoc-ios)."),
        .init(
            ["query", "support", "region-monitoring", "--platform", "ios", "--level", "when-in-use", "--os", "12"],
            "Does region monitoring work under When In Use on iOS 12? With sources."),
        .init(["query", "keys", "--request", "always", "--platform", "ios"], "The Info.plist keys the Always request needs on iOS."),
        .init(["query", "level", "always", "--platform", "watchos", "--json"], "Whether watchOS offers Always authorization, as JSON."),
        .init(
            ["query", "flow", "--from", "not-determined", "--trigger", "request-always"],
            "What happens when an app that has not asked yet requests Always."),
        .init(["query", "target", "ios", "15.0"], "What an app that supports iOS 15.0 and later can count on."),
        .init(["explain", "requestAlwaysAuthorization"], "Everything about an API, key or id (shown by man on a terminal)."),
        .init(["list", "triggers"], "The ids that query flow --trigger takes, with their names."),
        .init(
            ["lint-plist", "--project", "Trails.xcodeproj", "--sources", "Trails"],
            "Check each target of an Xcode project, and the requests in its code."),
        .init(
            ["lint-plist", "Info.plist", "--platform", "ios", "--deployment-target", "12.0"], "Check an iOS app's Info.plist for a deployment target of iOS 12."
        ),
    ]

    /// The width of an example's lines in `--help`: ArgumentParser wraps its help at 80 columns.
    static let helpWidth = 78

    /// The section `--help` shows: each example's explanation as a shell comment, then its command,
    /// so that the pair can be copied as it is.
    static var help: String {
        let examples = all.map { example in
            (["  # " + example.explanation] + example.lines(tool: "capdoc", width: helpWidth - 2).map { "  " + $0 }).joined(separator: "\n")
        }
        return "EXAMPLES:\n" + examples.joined(separator: "\n\n")
    }
}
