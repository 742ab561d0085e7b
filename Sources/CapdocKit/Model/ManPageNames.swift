/// How pages are named in man's section 7: one rule, read by the man renderer, which names the
/// pages, and by the man-page-collision check, which refuses two pages of one name. It lives in
/// the model, below both, so that the check need not reach into the renderer.
enum ManPageNames {
    /// The authorization flow's page. The matrix's page is named by the domain (`Domain.manPage`).
    static let flow = "authorization-flow"

    /// The kinds of entity with a page (and so a man page) of their own, in the order their pages are built.
    static let kindsWithPages: [EntityKind] = [.platform, .level, .status, .service, .key, .request, .api, .bundle]

    /// An entity's page: its id; a key's id is its name.
    static func entity(_ kind: EntityKind, _ id: String) -> String {
        // Requests share their ids with levels (`always`, `when-in-use`): their man pages say which.
        kind == .request ? "request-" + id : id
    }
}
