import Foundation
import Testing
@testable import CapdocKit

@Suite("Info.plist snippets")
struct PlistSnippetTests {
    static let shipped = ShippedSite.report
    static let input = ShippedSite.input

    func snippets(_ request: String) throws -> [String] {
        let page = try #require(Self.input.page(PageRef("requests", request)))
        return page.blocks.compactMap { if case let .code(text) = $0 { text } else { nil } }
    }

    @Test("each snippet is a valid property list fragment whose keys are the keys the request needs there")
    func validPlists() throws {
        for request in Self.shipped.model.vocabulary.ids(.request) {
            for snippet in try snippets(request) {
                let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>\(snippet)</dict></plist>"
                let parsed = try PropertyListSerialization.propertyList(from: Data(document.utf8), format: nil)
                let dictionary = try #require(parsed as? [String: Any], "\(request)")
                #expect(!dictionary.isEmpty)
                #expect(dictionary.keys.allSatisfy { Self.shipped.model.vocabulary.contains(.key, $0) }, "\(request): \(dictionary.keys)")
            }
        }
    }

    @Test("Always: the two iOS keys, and NSLocationUsageDescription for macOS")
    func always() throws {
        let snippets = try snippets("always")
        #expect(
            snippets.contains {
                $0.contains("<key>NSLocationAlwaysAndWhenInUseUsageDescription</key>") && $0.contains("<key>NSLocationWhenInUseUsageDescription</key>")
            })
        #expect(snippets.contains { $0 == "<key>NSLocationUsageDescription</key>\n<string>Why your app uses location</string>" })
    }
}
