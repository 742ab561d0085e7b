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

    /// A timeline's bounds: sorted, each once, whatever order they arrive in — as a Set sorted.
    @Test func boundsAreSortedAndUnique() {
        var generator = SplitMix(state: 7)
        for round in 0..<300 {
            let versions = (0..<(round % 40)).map { _ in
                Version(components: [Int(generator.next() % 5), Int(generator.next() % 3)])
            }
            var bounds = VersionBounds()
            for version in versions { bounds.insert(version) }
            #expect(bounds.sorted == Set(versions).sorted())
            #expect(VersionBounds(versions) == bounds)
            #expect(bounds.isEmpty == versions.isEmpty)
        }
    }

    /// Versions are stored as two words: order, equality and components must be those of the
    /// dotted numbers, trailing zeros aside, up to six digits in each of four components.
    @Test func packedVersionsKeepTheirMeaning() throws {
        func reference(_ a: [Int], _ b: [Int]) -> Bool {
            for index in 0..<max(a.count, b.count) {
                let left = index < a.count ? a[index] : 0, right = index < b.count ? b[index] : 0
                if left != right { return left < right }
            }
            return false
        }
        func trimmed(_ components: [Int]) -> [Int] {
            var result = components
            while result.count > 1, result.last == 0 { result.removeLast() }
            return result
        }
        var generator = SplitMix(state: 13)
        let values = [0, 1, 9, 10, 15, 999_998, 999_999]
        let versions = (0..<400).map { _ in (0..<Int.random(in: 1...4, using: &generator)).map { _ in values.randomElement(using: &generator)! } }
        for a in versions {
            let version = Version(components: a)
            #expect(version.components == trimmed(a))
            #expect(Version(version.description) == version)
            // The description as it was built from the components (digits written one by one now).
            let components = trimmed(a)
            #expect(version.description == (components.count == 1 ? "\(components[0]).0" : components.map(String.init).joined(separator: ".")))
            for b in versions.prefix(60) {
                #expect((version < Version(components: b)) == reference(a, b), "\(a) < \(b)")
                #expect((version == Version(components: b)) == (trimmed(a) == trimmed(b)), "\(a) == \(b)")
            }
        }
        #expect(try #require(Version("999999.0.0.999999")).components == [999_999, 0, 0, 999_999])
        #expect(Version("1000000") == nil)
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
