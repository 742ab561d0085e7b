import Foundation
import Testing
@testable import CapdocKit

/// Past the threshold, a deployment-target page states the row most services share and its parts
/// list only the services whose row differs (`TargetSummary`): checked on the generated site of
/// `SplitPagesTests`, whose services start on iOS 4.0 to 13.0 (service `svc-00N` from `4 + N % 10`).
@Suite("Deployment targets in parts")
struct SplitTargetPagesTests {
    static let site = SplitPagesTests.large
    static let services = (0..<SplitPagesTests.generated).map { String(format: "svc-%03d", $0) }

    /// The text of each cell of each row of an HTML page's tables, by the row's id ("service-svc-004", "usual").
    static func rows(_ html: String) -> [String: [String]] {
        var rows: [String: [String]] = [:]
        for row in html.components(separatedBy: "<tr id=\"").dropFirst() {
            guard let id = row.split(separator: "\"", maxSplits: 1).first, let end = row.range(of: "</tr>") else { continue }
            let cells = row[..<end.lowerBound].components(separatedBy: "<td").dropFirst().map { cell in
                cell.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression).drop { $0 != ">" }.dropFirst()
            }.map(String.init)
            rows[String(id)] = cells
        }
        return rows
    }

    /// The rows of every part of a target's page, by service id, and the number each part says it lists.
    static func parts(_ target: String) throws -> (rows: [String: [String]], said: [Int]) {
        let overview = try #require(site["targets/\(target).html"])
        var rows: [String: [String]] = [:], said: [Int] = []
        for number in 1... {
            guard let part = site["targets/\(target)/\(number).html"] else { break }
            for (id, cells) in Self.rows(part) where id.hasPrefix("service-") {
                #expect(rows[String(id.dropFirst("service-".count))] == nil, "\(target): a service in two parts")
                rows[String(id.dropFirst("service-".count))] = cells
            }
            // "Part 3: svc-100 to svc-129 (…) — 4 listed" (or "none listed"), in the overview's list of parts.
            let item = try #require(overview.components(separatedBy: "Part \(number)</a>").dropFirst().first?.components(separatedBy: "</li>").first)
            let words = try #require(item.components(separatedBy: "— ").last?.split(separator: " ").first, "\(target) part \(number): \(item)")
            let count = try #require(words == "none" ? 0 : Int(words), "\(target) part \(number): \(item)")
            said.append(count)
            #expect(Self.rows(part).count { $0.key.hasPrefix("service-") } == count, "\(target) part \(number): says \(count) listed")
        }
        return (rows, said)
    }

    @Test("the usual row is stated once, the parts list every other service, and only those")
    func listsTheOthers() throws {
        // watchOS has no 13.0 among the versions the shipped platforms.yaml declares (11.0, then 26.0).
        for target in ["ios-8.0", "ios-13.0", "watchos-11.0"] {
            let overview = try #require(Self.site["targets/\(target).html"], "\(target)")
            let usual = try #require(Self.rows(overview)["usual"], "\(target): no usual row")
            let (listed, said) = try Self.parts(target)
            #expect(!listed.isEmpty || target != "ios-8.0")
            for (service, cells) in listed { #expect(cells != usual, "\(target): \(service) gives the usual answer, yet is listed") }
            // The overview's count and the parts' lists add up to every service.
            let total = Self.site.keys.count { $0.hasPrefix("services/") && $0.hasSuffix(".html") }
            #expect(overview.contains("\(total - listed.count) of the \(total) "), "\(target): the usual row's count")
            #expect(said.reduce(0, +) == listed.count)
        }
    }

    @Test("on iOS 8.0 the services that start later are listed with the version they start at; those that start earlier are not")
    func ios8() throws {
        let overview = try #require(Self.site["targets/ios-8.0.html"])
        #expect(Self.rows(overview)["usual"] == ["Yes, on every version", "Yes, on every version"])
        let (listed, _) = try Self.parts("ios-8.0")
        for (index, service) in Self.services.enumerated() {
            let from = 4 + index % 10
            if from > 8 {
                // Their reference states the first version, nothing before it: unknown until then.
                let answer = "Varies: 8.0 to \(from).0: Unknown; \(from).0+: Yes"
                #expect(listed[service] == [answer, answer], "\(service)")
            } else {
                #expect(listed[service] == nil, "\(service) works on every version from 8.0 and is listed")
            }
        }
    }
}
