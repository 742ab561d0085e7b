import Testing
@testable import CapdocKit
import CapdocTestSupport

/// One YAML error in a vocabulary file is shown alone, not under the cascade that follows from it.
@Suite("The first error first")
struct FirstErrorFirstTests {
    @Test("a vocabulary file that does not read as YAML is shown alone, with how many diagnostics follow from it")
    func cascadeSuppressed() {
        var tree = FixtureTree.base()
        tree.replace("- id: ios", with: "- id: [ios", in: "platforms.yaml")
        let diagnostics = tree.check(archives: false).diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.checkID == .yamlSyntax && diagnostics.first?.location.path.hasSuffix("platforms.yaml") == true)
        #expect(
            diagnostics.first?.notes.last?.message.hasSuffix("more diagnostics not shown: they may follow from the file(s) that did not read; fix these first")
                == true)
    }

    @Test("a YAML error in a source file leaves the other diagnostics shown")
    func sourceErrorKeepsOthers() {
        var tree = FixtureTree.base()
        tree.replace("kind: article", with: "kind: [article", in: "sources/guide.yaml")
        let diagnostics = tree.check(archives: false).diagnostics
        #expect(diagnostics.contains { $0.checkID == .yamlSyntax } && diagnostics.allSatisfy { $0.notes.allSatisfy { !$0.message.contains("not shown") } })
    }
}
