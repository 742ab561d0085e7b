import Foundation
import Testing
@testable import CapdocCodeScan

/// Xcode's default derived data: the folders it made for a project, told apart from another
/// checkout's by the `WorkspacePath` each records.
@Suite struct DerivedDataTests {
    func writeInfo(_ folder: TemporaryFolder, _ relative: String, workspace: String) throws {
        let plist = try PropertyListSerialization.data(fromPropertyList: ["WorkspacePath": workspace], format: .xml, options: 0)
        try folder.write(relative + "/info.plist", String(decoding: plist, as: UTF8.self))
    }

    @Test func theProjectsOwnFoldersAreFoundAndAnotherCheckoutsAreNot() throws {
        let folder = try TemporaryFolder()
        try folder.write("src/Harbor/Harbor.xcodeproj/project.pbxproj", "{}")
        try folder.write("src/Harbor/Harbor.xcworkspace/contents.xcworkspacedata", "")
        let root = folder.path + "/DerivedData"
        try writeInfo(folder, "DerivedData/Harbor-aaaa", workspace: folder.path + "/src/Harbor/Harbor.xcodeproj")
        // CocoaPods' workspace beside the project, which Xcode built instead.
        try writeInfo(folder, "DerivedData/Harbor-bbbb", workspace: folder.path + "/src/Harbor/Harbor.xcworkspace")
        try writeInfo(folder, "DerivedData/Harbor-cccc", workspace: "/Users/someone/other/Harbor.xcodeproj")
        try folder.write("DerivedData/Harbor-dddd/SourcePackages/checkouts/x/X.swift", "")  // no info.plist: by its name
        try writeInfo(folder, "DerivedData/Harbors-eeee", workspace: folder.path + "/src/Harbor/Harbor.xcodeproj")
        try writeInfo(folder, "DerivedData/Ferry-ffff", workspace: folder.path + "/src/Ferry/Ferry.xcodeproj")

        let found = XcodeDerivedData.folders(forProject: folder.path + "/src/Harbor/Harbor.xcodeproj", in: root)
        #expect(found.map { ($0 as NSString).lastPathComponent } == ["Harbor-aaaa", "Harbor-bbbb", "Harbor-dddd"])
        // The project file itself names the project too.
        #expect(XcodeDerivedData.folders(forProject: folder.path + "/src/Harbor/Harbor.xcodeproj/project.pbxproj", in: root) == found)
        #expect(XcodeDerivedData.folders(forProject: folder.path + "/src/Harbor/Harbor.xcodeproj", in: folder.path + "/nowhere").isEmpty)
        #expect(XcodeDerivedData.defaultFolder(home: "/home/me") == "/home/me/Library/Developer/Xcode/DerivedData")
    }
}
