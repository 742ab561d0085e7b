@testable import CapdocKit
import CapdocTestSupport

/// The shipped Content, checked once and ready to render, for the tests that read its pages.
enum ShippedSite {
    static let report = FixtureTree.shipped().check(archives: false)
    static let compiled = CompiledModel(model: report.model, merge: report.merge)
    static let input = RenderInput(compiled)
}
