import Testing
@testable import CapdocKit

@Suite("Versions and ranges")
struct VersionTests {
    @Test func parsesAndCompares() throws {
        let v13 = try #require(Version("13"))
        #expect(v13 == Version("13.0.0"))
        #expect(Version("10.15")! < Version("11")!)
        #expect(Version("10.15.4")! > Version("10.15")!)
        #expect(v13.description == "13.0")
        #expect(Version("10.15")!.description == "10.15")
    }

    @Test(arguments: ["", "1.x", "1..2", ".1", "1.", "-1", "1.2.3.4.5", "١٣"])
    func rejectsMalformed(_ text: String) {
        #expect(Version(text) == nil)
    }

    @Test func halfOpenRanges() {
        let ios11and12 = VersionRange(from: Version("11"), until: Version("13"))
        #expect(ios11and12.contains(Version("12.4")!))
        #expect(!ios11and12.contains(Version("13")!))
        #expect(ios11and12.contains(Version("11")!))
        #expect(VersionRange.all.contains(ios11and12))
        #expect(!ios11and12.contains(VersionRange.all))
        #expect(VersionRange(until: Version("13")).contains(ios11and12))
        #expect(!ios11and12.overlaps(VersionRange(from: Version("13"))))
        #expect(ios11and12.overlaps(VersionRange(from: Version("12"))))
        #expect(VersionRange(from: Version("13"), until: Version("11")).isEmpty)
        #expect(VersionRange(from: Version("13"), until: Version("13")).isEmpty)
    }

    @Test func intersections() {
        let ios11and12 = VersionRange(from: Version("11"), until: Version("13"))
        #expect(ios11and12.intersection(VersionRange(from: Version("12"))) == VersionRange(from: Version("12"), until: Version("13")))
        #expect(ios11and12.intersection(.all) == ios11and12)
        #expect(VersionRange(until: Version("8")).intersection(VersionRange(from: Version("7"))) == VersionRange(from: Version("7"), until: Version("8")))
        #expect(ios11and12.intersection(VersionRange(from: Version("14"))).isEmpty)
    }
}
