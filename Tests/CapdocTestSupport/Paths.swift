import Foundation

/// Where the test data lives, found from this file's path so that tests need no resource bundle.
public enum Paths {
    /// `Tests/CapdocKitTests`, where the fixtures and golden files are.
    public static let tests = package.appendingPathComponent("Tests/CapdocKitTests")
    public static let fixtures = tests.appendingPathComponent("Fixtures")
    public static let golden = tests.appendingPathComponent("Golden")
    /// The package's root, two folders above this file (`Tests/CapdocTestSupport/`).
    public static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let content = package.appendingPathComponent("Content")
    /// The archived text of the seed pages and of Apple's current pages, which the project does not
    /// ship: given by `CAPDOC_SEEDS` and `CAPDOC_ARCHIVES` (`.ci/run` sets them to the folders beside
    /// the checkout). Nil where the variable is not set.
    public static let seeds = folder(from: "CAPDOC_SEEDS")
    public static let archives = folder(from: "CAPDOC_ARCHIVES")
    /// Whether both folders of archived pages are given and there; a test that needs them says it is
    /// skipped otherwise, and a clone on its own passes without them.
    public static var archivedPagesExist: Bool {
        [seeds, archives].allSatisfy { $0.map { FileManager.default.fileExists(atPath: $0.path) } ?? false }
    }
    /// Why the tests that need the archived pages are skipped.
    public static let archivedPagesNeeded = "needs the archived pages: set CAPDOC_SEEDS and CAPDOC_ARCHIVES to their folders"

    private static func folder(from variable: String) -> URL? {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }
}
