import ArgumentParser
import Foundation
import Testing
@testable import capdoc
@testable import CapdocKit
import CapdocTestSupport

/// `--help` and capdoc(1) describe the Content they are given: for Android's location permissions
/// (`Fixtures/android-domain`), not a word of Apple's domain, and examples from its own ids.
@Suite("Help and capdoc(1) in the words of the Content described")
struct HelpWordsTests {
    static func android() throws -> Vocabulary {
        try #require(ContentLoader().vocabulary(at: Paths.fixtures.appendingPathComponent("android-domain").path))
    }

    static let commands: [any ParsableCommand.Type] = [
        CapdocCommand.self, CheckCommand.self, BuildCommand.self, QueryCommand.self, SupportQuery.self, LevelQuery.self, KeysQuery.self,
        TargetQuery.self, ExplainCommand.self, ListCommand.self, DiffCommand.self, ServeCommand.self,
    ]

    static let appleWords = [
        "Apple", "Info.plist", "iOS", "ios", "macOS", "Core Location", "delegate", "deployment target", "When In Use", "when-in-use", "13.0",
    ]

    @Test("every --help of Android's Content names none of Apple's words, ids or versions")
    func help() throws {
        let words = HelpWords(vocabulary: try Self.android())
        try HelpWords.$override.withValue(words) {
            for command in Self.commands {
                let help = CapdocCommand.helpMessage(for: command)
                for word in Self.appleWords {
                    #expect(!help.contains(word), "\(command) --help says \(word)")
                }
            }
            let root = CapdocCommand.helpMessage(for: CapdocCommand.self)
            #expect(root.contains("capdoc query support geofencing --platform android --level foreground"), "\(root)")
            #expect(!root.contains("lint-plist"), "Android's keys are no Info.plist's: lint-plist is not offered")
            #expect(!CapdocCommand.helpMessage(for: QueryCommand.self).contains("flow"), "no flow to ask about")
            #expect(CapdocCommand.helpMessage(for: KeysQuery.self).contains("Which manifest permissions does a request need?"))
        }
    }

    @Test("capdoc(1) of Android's Content names none of Apple's words, and its examples run on that Content")
    func manual() throws {
        let vocabulary = try Self.android()
        let page = ToolManual.page(try CommandDescription.tool(describing: vocabulary), date: "2026-11-29", vocabulary: vocabulary)
        for word in Self.appleWords {
            #expect(!page.contains(word), "capdoc(1) says \(word)")
        }
        #expect(page.contains(#"capdoc query keys \-\-request background"#) && page.contains(#"\-\-content Content"#), "\(page)")
        #expect(page.contains(#"capdoc\-android(7), for one"#))
    }

    @Test("the built-in Content's help keeps its own examples, without --content")
    func builtIn() {
        let root = CapdocCommand.helpMessage(for: CapdocCommand.self)
        #expect(root.contains("capdoc query keys --request always --platform ios\n"), "\(root)")
        #expect(root.contains("lint-plist"))
    }

    @Test("camera and microphone (another Apple permission): no help text and no line of capdoc(1) speaks of location")
    func camera() throws {
        let vocabulary = try #require(ContentLoader().vocabulary(at: Paths.fixtures.appendingPathComponent("camera-domain").path))
        let page = ToolManual.page(try CommandDescription.tool(describing: vocabulary), date: "2026-11-29", vocabulary: vocabulary)
        #expect(!page.lowercased().contains("location"), "\(page)")
        #expect(page.contains("lint\\-plist"), "an Apple permission's keys go in an Info.plist: lint-plist is offered")
        try HelpWords.$override.withValue(HelpWords(vocabulary: vocabulary)) {
            for command in Self.commands + [LintPlistCommand.self, FlowQuery.self] {
                let help = CapdocCommand.helpMessage(for: command).lowercased()
                #expect(!help.contains("location"), "\(command) --help speaks of location")
            }
        }
    }
}
