/// How many pages the versions of one platform may start, of each kind that has one page per
/// version: the flow's eras and the deployment targets (issue 41). Both already start a page only
/// at a version the platform declares (`versions` in `platforms.yaml`), or at a new major version
/// where it declares none; a platform that declares none, or declares more than this, could still
/// write a page per claim (1,000 claims each `from` a major version of their own wrote 1,050
/// deployment-target pages, 142 MB). Beyond the limit, the last page covers every later version:
/// a deployment-target page answers for every version from its own on, and an era's page shows each
/// transition with the versions where it holds, so no answer is lost, only pages to start from.
/// `version-pages-limited` warns where it bites.
enum VersionPageLimit {
    static let perPlatform = 64

    /// Whether a platform's pages can reach the limit at all: only where it declares no versions,
    /// or more than the limit (the shipped Content declares at most 23 a platform).
    static func mayBeReached(declared: Set<Version>?) -> Bool { (declared?.count ?? .max) > perPlatform }
}
