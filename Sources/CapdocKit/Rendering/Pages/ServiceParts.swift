/// How a page that lists every service splits into parts once there are many services.
///
/// At 20,000 services the matrix was 217 MB of HTML and a level page 135 MB: no browser, editor or
/// pager reads that. Past `threshold` services, each such page becomes an overview (what does not grow
/// with the services, and the list of parts) plus numbered parts of a fixed number of services each.
///
/// Services go into parts sorted by id and cut every `size` services, and parts are numbered from 1:
/// `matrix/3.html`, `levels/always/3.html`. Ids, unlike names, do not change when a service is
/// reworded, so a part holds the same services from one build to the next; adding a service moves at
/// most the services after it in id order by one place, and adds a part at the end only when the last
/// one is full — no part is renamed, and part 3 of the matrix stays `matrix/3.html` (the way a
/// browser-compatibility table pages a large set: stable URLs, a page per range, an index of the
/// ranges, previous and next). A part's range ("svc-00050 to svc-00074") is shown on the overview and
/// on the part itself.
struct ServiceParts: Sendable {
    /// Past this many services, every page that lists them all splits. The issue says "past a few
    /// hundred"; measured, a service costs 25 to 27 KB of matrix HTML (each cell cites the sentences
    /// behind it), so a few hundred would leave a matrix of 5 to 8 MB. At 40 the largest page left
    /// whole is about a megabyte, and the shipped Content (a dozen services) is never split.
    static let threshold = 40

    /// Services per part of each kind of page, each sized so that a part of the densest services
    /// measured (the shipped ones, about 27 KB a service in the matrix) stays under 1 MB of HTML or
    /// Markdown and 5,000 lines of man page.
    enum Size {
        /// The matrix: four tables of every platform (support and relaunch under each level).
        static let matrix = 25
        /// A level page: two tables of every platform.
        static let level = 50
        /// A platform page: one row per service, a column per level.
        static let platform = 150
        /// A deployment-target page: one short answer per level, no citations.
        static let target = 1000
        /// The list of all services (the home page's section, once split): a link and a summary each.
        static let list = 500
    }

    /// Every service id, sorted (byte order: the same on every machine and locale).
    let sorted: [String]
    /// Where each service is in `sorted`.
    private let positions: [String: Int]

    init(_ ids: [String]) {
        sorted = ids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        positions = Dictionary(sorted.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether pages that list every service split.
    var isSplit: Bool { sorted.count > Self.threshold }

    /// The services of each part, for a part size.
    func parts(size: Int) -> [ArraySlice<String>] {
        stride(from: 0, to: sorted.count, by: size).map { sorted[$0..<min(sorted.count, $0 + size)] }
    }

    /// Where a service is in id order.
    func position(of service: String) -> Int? { positions[service] }

    /// The number (from 1) of the part that holds a service, for a part size.
    func part(of service: String, size: Int) -> Int? {
        positions[service].map { $0 / size + 1 }
    }

    /// The page of part `number` of the page at `overview`: `matrix/3`, `levels/always/3`.
    static func ref(_ overview: PageRef, part number: Int) -> PageRef {
        PageRef(overview.path, String(number))
    }

    /// The overview page a part belongs to, and its number; nil for a page that is no part.
    static func overview(of ref: PageRef) -> (PageRef, Int)? {
        guard let number = Int(ref.id), number > 0, String(number) == ref.id, !ref.section.isEmpty else { return nil }
        let pieces = ref.section.split(separator: "/", omittingEmptySubsequences: false)
        switch pieces.count {
        case 1 where ref.section == PageRef.matrix.id || ref.section == PageRef.serviceList.id: return (PageRef("", ref.section), number)
        case 2: return (PageRef(String(pieces[0]), String(pieces[1])), number)
        default: return nil
        }
    }

    /// The man page name of a part: the overview's name and the part's number.
    static func manName(overview: String, part number: Int) -> String { "\(overview)-part-\(number)" }
}

extension PageRef {
    /// The list of every service, once the home page no longer holds it.
    public static let serviceList = PageRef("", "all-services")
}
