import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Names Apple spells (API names, selectors, symbols) are printable ASCII, and sources are on the
/// hosts Content declares with plain hosts: look-alike and invisible characters are refused where
/// they are written.
@Suite("Identity is ASCII where Apple's is")
struct IdentitySpellingTests {
    func errors(_ edit: (inout FixtureTree) -> Void) -> [String] {
        var tree = FixtureTree.base()
        edit(&tree)
        return tree.check(archives: false).diagnostics.filter { $0.severity == .error }.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    @Test("a Cyrillic letter or a zero-width space in an API name is named, at its column")
    func apiNames() {
        let cyrillic = errors { $0.replace("apis: [startMonitoringVisits()]", with: "apis: [st\u{0430}rtMonitoringVisits()]", in: "services.yaml") }
        #expect(cyrillic.count == 1)
        #expect(cyrillic.first?.hasPrefix("3:12 API name") == true)
        #expect(cyrillic.first?.contains("U+0430 CYRILLIC SMALL LETTER A (character 3)") == true)
        let invisible = errors { $0.replace("api: requestAlwaysAuthorization()", with: "api: request\u{200B}AlwaysAuthorization()", in: "requests.yaml") }
        #expect(invisible.count == 1 && invisible.first?.contains("U+200B ZERO WIDTH SPACE") == true)
        #expect(errors { _ in } == [])
    }

    @Test("a source URL with a user name before its host, a non-ASCII host or a host not allowed is refused")
    func sourceHosts() {
        let userinfo = errors {
            $0.replace("url: https://example.com/guide", with: "url: https://developer.apple.com@evil.example/guide", in: "sources/guide.yaml")
        }
        #expect(userinfo.count == 1 && userinfo.first?.contains("must not hold a user name or password") == true)
        let lookalike = errors { $0.replace("url: https://example.com/guide", with: "url: https://ex\u{0430}mple.com/guide", in: "sources/guide.yaml") }
        #expect(lookalike.count == 1 && lookalike.first?.contains("U+0430 CYRILLIC SMALL LETTER A") == true)
        let elsewhere = errors { tree in
            tree.write(tree.text("domain.yaml") + "source-hosts: [example.com]\n", to: "domain.yaml")
            tree.replace("url: https://example.com/status", with: "url: https://example.org/status", in: "sources/status-page.yaml")
        }
        #expect(elsewhere == ["2:6 url's host 'example.org' is not one domain.yaml allows for sources (source-hosts: example.com)"])
    }
}
