import Testing
@testable import CapdocKit

/// The deployment-target pages: one answer per cell for every version from the target on.
@Suite("Deployment targets")
struct DeploymentTargetTests {
    static let shipped = ShippedSite.report
    static let compiled = ShippedSite.compiled
    static let input = ShippedSite.input

    /// The text of the service's cell under a level, without its citations.
    func answer(_ platform: String, _ target: String, service: String, level: Int) throws -> String {
        let page = try #require(Self.input.page(PageRef("targets", "\(platform)-\(target)")))
        guard case let .table(table)? = page.blocks.first(where: { if case .table = $0 { true } else { false } }) else { throw CancellationError() }
        let row = try #require(table.rows.first { $0.anchor == "service-" + service })
        return row.cells[level].content.compactMap { inline -> String? in
            if case let .value(_, children) = inline, case let .text(text)? = children.first { text } else { nil }
        }.joined()
    }

    @Test("a target's page has a man page, capdoc-target-PLATFORM-VERSION(7), whose SEE ALSO names the platform's")
    func targetManPage() throws {
        let page = try #require(Self.input.page(PageRef("targets", "ios-15.0")))
        #expect(page.manName == "capdoc-target-ios-15.0")
        let files = ManRenderer(tool: nil).render(page, Self.input)
        let man = try #require(files.first { $0.path == "man/man7/capdoc-target-ios-15.0.7" })
        let text = String(decoding: man.contents, as: UTF8.self)
        #expect(text.contains(".SH SEE ALSO\n.BR capdoc\\-ios (7)"))
        #expect(PageContext.manName(for: PageRef("targets", "ios-15.0"), overview: "capdoc-x") == "capdoc-target-ios-15.0")
    }

    @Test("a deprecation after the target says older versions still use it only where they have it")
    func deprecationsAfterTheTarget() throws {
        let page = try #require(Self.input.page(PageRef("targets", "macos-10.8")))
        let table = try #require(
            page.blocks.compactMap { block -> Table? in if case let .table(table) = block, table.columns.last == "Deprecated since" { table } else { nil } }
                .first)
        func when(_ api: String) throws -> String {
            // The name links the API's page.
            let row = try #require(table.rows.first { String(describing: $0.header).contains("\"\(api)\"") }, "\(api)")
            return row.cells[1].content.compactMap { inline -> String? in
                if case let .value(_, children) = inline, case let .text(text)? = children.first { text } else { nil }
            }.joined()
        }
        // On macOS from 10.7, deprecated in 11.0.
        #expect(try when("authorization-status-class-method") == "11.0, after 10.8: older versions still use it")
        // On macOS only from 11.0, deprecated there: "macOS 11.0+ (deprecated in 11.0)".
        #expect(try when("start-ranging-beacons-in") == "11.0, where it appears: no older version has it")
    }

    @Test("the targets are the versions the sources distinguish, and each has a page")
    func targets() {
        let context = PageContext(Self.compiled)
        let ios = context.deploymentTargets("ios").map(\.description)
        #expect(["5.0", "8.0", "11.0", "13.0", "15.0", "17.0"].allSatisfy(ios.contains))
        #expect(Self.input.pageSources.filter { $0.ref.section == "targets" && $0.ref.id.hasPrefix("ios-") }.count == ios.count)
    }

    @Test("region monitoring under When In Use: from 13.0 for an iOS 11 target, on every version for iOS 15; the deprecation is said once")
    func regionMonitoring() throws {
        #expect(try answer("ios", "11.0", service: "region-monitoring", level: 0).hasPrefix("From 13.0, deprecated in 27.0"))
        #expect(try answer("ios", "15.0", service: "region-monitoring", level: 0).hasPrefix("Yes, on every version, deprecated in 27.0"))
    }

    @Test("the location push extension: from 15.0 under Always, never under When In Use")
    func locationPush() throws {
        #expect(try answer("ios", "11.0", service: "location-push", level: 1) == "From 15.0")
        #expect(try answer("ios", "11.0", service: "location-push", level: 0) == "Never")
    }

    @Test("a service whose API arrives later reads From, whatever closed it before")
    func laterAPI() throws {
        #expect(try answer("ios", "8.0", service: "live-updates", level: 0) == "From 17.0")
        #expect(try answer("ios", "17.0", service: "live-updates", level: 0) == "Yes, on every version")
    }
}
