import Foundation
import Testing
@testable import CapdocCodeScan

/// Which files are read (see `SourceTree`), and the errors for a path that cannot be scanned.
@Suite struct SourceTreeTests {
    private let scanner = CodeScanner(patterns: CoreLocationPatterns.all)

    @Test func dependencyBuildAndTestFoldersAreSkippedAndListed() throws {
        let folder = try TemporaryFolder()
        for name in [
            "Pods", "Carthage", "DerivedData", "build", "SourcePackages", "checkouts", "node_modules",
            "SDK.framework", "SDK.xcframework", "Tests", "AppTests", "AppUITests",
        ] {
            try folder.write("\(name)/Call.swift", "manager.requestLocation()")
        }
        try folder.write("App/Call.swift", "manager.requestLocation()")
        let scan = try scanner.scan(directory: folder.path)
        #expect(scan.references.map(\.file) == [folder.path + "/App/Call.swift"])
        #expect(scan.filesScanned == 1)
        #expect(
            scan.skipped.map { $0.replacingOccurrences(of: folder.path + "/", with: "") } == [
                "AppTests: test code, which does not ship in the app",
                "AppUITests: test code, which does not ship in the app",
                "Carthage: dependencies or build output, not the app's code",
                "DerivedData: dependencies or build output, not the app's code",
                "Pods: dependencies or build output, not the app's code",
                "SDK.framework: a framework, not the app's code",
                "SDK.xcframework: a framework, not the app's code",
                "SourcePackages: dependencies or build output, not the app's code",
                "Tests: test code, which does not ship in the app",
                "build: dependencies or build output, not the app's code",
                "checkouts: dependencies or build output, not the app's code",
                "node_modules: dependencies or build output, not the app's code",
            ])
    }

    @Test func hiddenEntriesAndOtherFilesAreLeftOutSilently() throws {
        let folder = try TemporaryFolder()
        try folder.write(".git/Call.swift", "manager.requestLocation()")
        try folder.write(".Call.swift", "manager.requestLocation()")
        try folder.write("Notes.md", "manager.requestLocation()")
        try folder.write("Header.h", "static inline void f(id m) { [m requestLocation]; }")
        let scan = try scanner.scan(directory: folder.path)
        #expect(scan.references.isEmpty)
        #expect(scan.filesScanned == 0)
        #expect(scan.skipped.isEmpty)
    }

    @Test func swiftObjectiveCAndObjectiveCPlusPlusFilesAreRead() throws {
        let folder = try TemporaryFolder()
        try folder.write("A.swift", "manager.requestLocation()")
        try folder.write("B.m", "[manager requestLocation];")
        try folder.write("C.mm", "[manager requestLocation];")
        let scan = try scanner.scan(directory: folder.path + "/")
        #expect(
            scan.references.map { "\($0.file) \($0.language)" } == [
                "\(folder.path)/A.swift swift", "\(folder.path)/B.m objectiveC", "\(folder.path)/C.mm objectiveC",
            ])
    }

    @Test func aSymbolicLinkInsideTheFolderIsSkippedAndListed() throws {
        let folder = try TemporaryFolder()
        let target = try folder.write("Elsewhere/Call.swift", "manager.requestLocation()")
        try folder.write("App/Real.swift", "manager.requestLocation()")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/App/Link.swift", withDestinationPath: target)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/App/Folder", withDestinationPath: folder.path + "/Elsewhere")
        let scan = try scanner.scan(directory: folder.path + "/App")
        #expect(scan.references.map(\.file) == [folder.path + "/App/Real.swift"])
        #expect(
            scan.skipped == [
                folder.path + "/App/Folder: symbolic link, not followed",
                folder.path + "/App/Link.swift: symbolic link, not followed",
            ])
    }

    @Test func aSymbolicLinkGivenAsTheFolderIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Call.swift", "manager.requestLocation()")
        let link = folder.path + "/Link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.path + "/App")
        #expect(throws: CodeScanError.symbolicLink(link)) { try scanner.scan(directory: link) }
        #expect(CodeScanError.symbolicLink(link).description == "'\(link)' is a symbolic link: not followed")
    }

    /// A folder link on the way to the folder, below the working folder, is refused as a project's
    /// paths are (issue 41); above it (macOS's `/tmp`), it is the user's own business.
    @Test func aFolderReachedThroughALinkBelowTheWorkingFolderIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("Outside/App/Call.swift", "manager.requestLocation()")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Linked", withDestinationPath: folder.path + "/Outside")
        let path = folder.path + "/Linked/App/"
        #expect(throws: CodeScanError.linkInPath(path, link: folder.path + "/Linked")) {
            try SourceTree(path: path, workingFolder: folder.path)
        }
        #expect(
            CodeScanError.linkInPath(path, link: "Linked").description
                == "is reached through 'Linked', a symbolic link, which capdoc does not follow")
        #expect(try SourceTree(path: path, workingFolder: folder.path + "/Linked").files.map(\.path) == [path + "Call.swift"])
        #expect(try SourceTree(path: folder.path + "/Outside/App", workingFolder: folder.path).files.count == 1)
    }

    @Test func aFileOverEightMebibytesIsSkippedUnread() throws {
        let folder = try TemporaryFolder()
        let big = try folder.write("Big.swift", "")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: UInt64(8 << 20) + 1)  // sparse: no disk, no time
        try handle.close()
        try folder.write("Small.swift", "manager.requestLocation()")
        let scan = try scanner.scan(directory: folder.path)
        #expect(scan.skipped == ["\(big): larger than 8 MiB"])
        #expect(scan.filesScanned == 1)
        #expect(scan.references.map(\.file) == [folder.path + "/Small.swift"])
    }

    @Test func aFileOfExactlyEightMebibytesIsRead() throws {
        let folder = try TemporaryFolder()
        let call = "[manager requestLocation];\n"
        let file = try folder.write("Big.m", String(repeating: " ", count: (8 << 20) - call.utf8.count) + call)
        let scan = try scanner.scan(directory: folder.path)
        #expect(scan.skipped.isEmpty)
        #expect(scan.references.map(\.file) == [file])
    }

    @Test func aSingleFileCanBeScanned() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Only.swift", "\nmanager.requestLocation()")
        let scan = try scanner.scan(directory: file)
        #expect(scan.references == [CodeReference(api: "requestLocation()", file: file, line: 2, column: 9, language: .swift)])
        #expect(scan.filesScanned == 1)
    }

    @Test func aMissingPathIsAnError() {
        let missing = "/no/such/folder/capdoc"
        #expect(throws: CodeScanError.noSuchFolder(missing)) { try scanner.scan(directory: missing) }
        #expect(CodeScanError.noSuchFolder(missing).description == "no folder at '/no/such/folder/capdoc'")
    }

    @Test func aFileThatIsNotSourceIsAnError() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Info.plist", "<plist/>")
        #expect(throws: CodeScanError.notASourceFile(file)) { try scanner.scan(directory: file) }
        #expect("\(CodeScanError.notASourceFile(file))".hasSuffix("is neither a folder nor a Swift or Objective-C file (.swift, .m, .mm)"))
    }

    @Test func aSpecialFileWithASourceNameIsSkippedWithoutBlocking() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/Pipe.swift"
        #expect(mkfifo(fifo, 0o600) == 0)
        let scan = try scanner.scan(directory: folder.path)
        #expect(scan.skipped == ["\(fifo): not a regular file"])
    }

    /// By path in UTF-8 bytes (`A.swift` before `A/B.swift`, as `.` comes before `/`), then line and
    /// column, whatever order the folder walk and the syntax tree give.
    @Test func referencesAreOrderedByFileLineAndColumn() throws {
        let folder = try TemporaryFolder()
        try folder.write("A/B.swift", "manager.requestLocation()")
        try folder.write("A.swift", "manager.startUpdatingLocation().requestLocation()")
        let scan = try scanner.scan(directory: folder.path)
        #expect(
            scan.references.map { "\($0.file.dropFirst(folder.path.count + 1)):\($0.line):\($0.column) \($0.api)" } == [
                "A.swift:1:9 startUpdatingLocation()",
                "A.swift:1:33 requestLocation()",
                "A/B.swift:1:9 requestLocation()",
            ])
    }

    @Test func scanningTwiceGivesTheSameResult() throws {
        let first = try scanner.scan(directory: Fixtures.app)
        let second = try scanner.scan(directory: Fixtures.app)
        #expect(first == second)
        #expect(!first.references.isEmpty)
    }
}
