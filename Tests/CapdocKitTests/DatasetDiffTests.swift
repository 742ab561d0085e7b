import Foundation
import Testing
@testable import CapdocKit

/// `capdoc diff`: what moved between two datasets, answers apart from citations.
@Suite("Dataset diff")
struct DatasetDiffTests {
    static let shipped: Data = {
        let files = try! Builder(formats: [.json], templates: DatasetTests.templates).render(DatasetTests.shipped)
        return files.first { $0.path == DatasetRenderer.datasetFile }!.contents
    }()

    func edited(_ edit: (inout [String: Any]) -> Void) throws -> DatasetDiff.Dataset {
        var root = try #require(try JSONSerialization.jsonObject(with: Self.shipped) as? [String: Any])
        edit(&root)
        return try DatasetDiff.Dataset(path: "new.json", data: try JSONSerialization.data(withJSONObject: root))
    }

    /// Sets `value` at `path` (object keys, then an index into the last list) in `root`.
    static func set(_ root: inout [String: Any], _ path: [String], segment: Int, member: String, to value: Any) {
        func go(_ node: Any, _ rest: ArraySlice<String>) -> Any {
            if let key = rest.first, var object = node as? [String: Any] {
                object[key] = go(object[key]!, rest.dropFirst())
                return object
            }
            var list = node as! [[String: Any]]
            list[segment][member] = value
            return list
        }
        root = go(root, path[...]) as! [String: Any]
    }

    @Test("the same dataset has no differences")
    func same() throws {
        let old = try DatasetDiff.Dataset(path: "old.json", data: Self.shipped)
        let diff = DatasetDiff(old: old, new: try edited { _ in })
        #expect(diff.changed.isEmpty && diff.added.isEmpty && diff.removed.isEmpty && diff.citationsOnly.isEmpty)
        #expect(
            diff.text.hasSuffix(
                "0 answers changed, 0 entities added, 0 removed; 0 timelines changed only their citations; claims: 0 added, 0 removed, 0 quotes changed\n"))
    }

    @Test("a changed answer, a removed entity, a changed citation and a requoted claim are each told apart")
    func changes() throws {
        let old = try DatasetDiff.Dataset(path: "old.json", data: Self.shipped)
        let path = ["services", "region-monitoring", "platforms", "ios", "levels", "when-in-use", "support"]
        let new = try edited { root in
            Self.set(&root, path, segment: 0, member: "answer", to: "yes")
            Self.set(&root, ["keys", "NSLocationUsageDescription", "platforms", "macos", "exists"], segment: 0, member: "citations", to: ["x#y"])
            var services = root["services"] as! [String: Any]
            services["heading"] = nil
            root["services"] = services
            var claims = root["claims"] as! [String: [String: Any]]
            let reference = claims.keys.sorted()[0]
            claims[reference]!["quote"] = "Something else."
            root["claims"] = claims
        }
        let diff = DatasetDiff(old: old, new: new)
        #expect(diff.changed.map(\.entity) == ["services/region-monitoring"])
        #expect(diff.changed.first?.path == "platforms.ios.levels.when-in-use.support")
        #expect(diff.removed == ["services/heading"] && diff.added.isEmpty)
        #expect(diff.citationsOnly.map(\.entity) == ["keys/NSLocationUsageDescription"])
        #expect(diff.claims.requoted.count == 1)
        #expect(diff.text.contains("changed  services/region-monitoring platforms.ios.levels.when-in-use.support\n  - before 5.0 not-on-platform"))
        #expect(diff.text.contains("\n  + before 5.0 yes"))
    }

    @Test("a file of another major schema, or not JSON, is refused with its path")
    func refused() {
        #expect(throws: DatasetDiff.Failure.self) { try DatasetDiff.Dataset(path: "a.json", data: Data(#"{"schemaVersion":"5.1.0"}"#.utf8)) }
        do {
            _ = try DatasetDiff.Dataset(path: "b.json", data: Data("{".utf8))
            Issue.record("accepted")
        } catch { #expect(error.description.hasPrefix("b.json:1:2: not JSON")) }
    }

    @Test("malformed JSON is placed at its line and column, counted in characters, not bytes")
    func placed() {
        // Foundation says "around character 16", a byte offset; "é" is two bytes but one column, so the second comma is column 14.
        let text = "{\n  \"é\": [1, 2,,]\n}"
        do {
            _ = try DatasetDiff.Dataset(path: "c.json", data: Data(text.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.line == 2 && error.column == 14)
            #expect(error.description == "c.json:2:14: not JSON: Invalid value.")
        }
    }
}
