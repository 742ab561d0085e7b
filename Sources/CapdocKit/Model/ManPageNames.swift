/// How pages are named in man's section 7: one rule, read by the man renderer, which names the
/// pages, and by the man-page-collision check, which refuses two pages of one name. It lives in
/// the model, below both, so that the check need not reach into the renderer.
///
/// Every name starts with `capdoc-` (`capdoc-ios`, `capdoc-always`, `capdoc-NSLocationWhenInUseUsageDescription`):
/// the pages are installed beside every other package's, in a manpath that is shared, and an id
/// such as `always`, `ios` or `denied` would take another package's page of that name or lose to it.
/// The tool's own name is one no other package's page starts with, it says where a page comes from,
/// and the pages sort together (`man capdoc-` and a tab lists them).
enum ManPageNames {
    /// What every page capdoc writes in section 7 starts with.
    static let prefix = "capdoc-"

    /// The authorization flow's page.
    static let flow = prefix + "authorization-flow"

    /// The matrix's page: named by the domain (`man-page` in `domain.yaml`).
    static func overview(_ domain: Domain) -> String { prefix + domain.manPage }

    /// The kinds of entity with a page (and so a man page) of their own, in the order their pages are built.
    static let kindsWithPages: [EntityKind] = [.platform, .level, .status, .service, .key, .request, .api, .bundle]

    /// A deployment target's page (`capdoc-target-ios-15.0`): no id holds a dot, so no entity's page
    /// can take its name.
    static func target(platform: String, version: String) -> String { prefix + "target-\(platform)-\(version)" }

    /// An entity's page: its id; a key's id is its name.
    static func entity(_ kind: EntityKind, _ id: String) -> String {
        // Requests share their ids with levels (`always`, `when-in-use`): their man pages say which.
        prefix + (kind == .request ? "request-" + id : id)
    }
}
