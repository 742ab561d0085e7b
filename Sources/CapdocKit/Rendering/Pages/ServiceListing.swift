/// A page that lists every service (the matrix, a level, a platform, a deployment target, the list
/// of services), and how it is cut into parts once there are more than `ServiceParts.threshold`.
struct ServiceListing: Sendable {
    /// The page that lists the parts; the parts live under its path (`levels/always/3`).
    let overview: PageRef
    /// Where "Overview" leads from a part: the overview, or the section of a page that lists the parts.
    let overviewLink: PageRef
    /// Services per part (`ServiceParts.Size`).
    let size: Int
    /// The overview's title; a part's is "TITLE, part 3 of 40".
    let title: String
    /// The overview's man page, whose name the parts' names extend; nil: no man pages.
    let manName: String?
    /// What its parts read of the service cells: the cells themselves (the matrix, levels and
    /// platforms), only their timelines (deployment targets), or nothing (the list of services).
    let reads: CellUse
    /// The tables of some services (a part: a slice of `ServiceParts.sorted`, indexed by place in it),
    /// citing into the part's book.
    let tables: @Sendable (PageContext, ArraySlice<String>, inout CitationBook) -> [Block]

    enum CellUse: Sendable { case cells, timelines, nothing }
}

extension PageContext {
    /// Every page that lists every service, each with what its parts hold.
    func serviceListings() -> [ServiceListing] {
        let levels = vocabulary.all(.level), platforms = vocabulary.all(.platform)
        var listings = [
            ServiceListing(
                overview: .serviceList, overviewLink: PageRef.home.with(fragment: "services"), size: ServiceParts.Size.list,
                title: vocabulary.domain.services, manName: nil, reads: .nothing
            ) { context, services, _ in context.serviceListBlocks(Array(services)) },
            ServiceListing(
                overview: .matrix, overviewLink: .matrix, size: ServiceParts.Size.matrix, title: matrixTitle, manName: overviewManName, reads: .cells
            ) { context, services, book in
                context.matrixServiceBlocks(Array(services), book: &book)
            },
        ]
        listings += levels.map { level in
            ServiceListing(
                overview: ref(.level, level.id.value), overviewLink: ref(.level, level.id.value), size: ServiceParts.Size.level,
                title: level.name, manName: ManPageNames.entity(.level, level.id.value), reads: .cells
            ) { context, services, book in
                context.levelServiceBlocks(level, Array(services), book: &book)
            }
        }
        listings += platforms.map { platform in
            ServiceListing(
                overview: ref(.platform, platform.id.value), overviewLink: ref(.platform, platform.id.value), size: ServiceParts.Size.platform,
                title: platform.name, manName: ManPageNames.entity(.platform, platform.id.value), reads: .cells
            ) { context, services, book in
                context.platformServiceBlocks(platform, Array(services), book: &book)
            }
        }
        for platform in platforms {
            listings += deploymentTargets(platform.id.value).map { version in
                let overview = Self.targetRef(platform.id.value, version)
                return ServiceListing(
                    overview: overview, overviewLink: overview, size: ServiceParts.Size.target,
                    title: "\(platform.name) \(version) and later", manName: nil, reads: .timelines
                ) { context, services, _ in
                    context.targetPartBlocks(platform: platform.id.value, target: version, services)
                }
            }
        }
        return listings
    }

    /// The parts of every listing, built when asked for; none below the threshold.
    func servicePartSources() -> [PageSource] {
        guard serviceParts.isSplit else { return [] }
        let context = self
        return serviceListings().flatMap { listing in
            (1...serviceParts.parts(size: listing.size).count).map { number in
                PageSource(ref: ServiceParts.ref(listing.overview, part: number), stage: cellStage(of: listing, part: number)) {
                    context.partPage(listing, number)
                }
            }
        }
    }

    /// "svc-00050 to svc-00074": the range of a part, by id (the order of the parts).
    private func rangeInlines(_ services: ArraySlice<String>) -> [Inline] {
        guard let first = services.first, let last = services.last else { return [] }
        return [.code(first), .text(" to "), .code(last), .text(" (\(name(.service, first)) to \(name(.service, last)))")]
    }

    /// The overview's list of parts, each with its first and last service, and how many of its
    /// services it lists where it lists only some (`listed`: a deployment target's, per part).
    func partsSection(_ listing: ServiceListing, listed: [Int]? = nil) -> [Block] {
        let parts = serviceParts.parts(size: listing.size)
        let services = vocabulary.domain.services.lowercased()
        let only = listed == nil ? "" : " Each part lists only those of its \(services) whose answer differs from the usual one."
        return [
            .heading(2, "Parts", anchor: "parts"),
            .paragraph([
                .text(
                    "\(serviceParts.sorted.count) \(services), too many for one page: they are sorted by id and listed \(listing.size) to a part. A service stays in its part from one edition to the next unless services are added before it.\(only)"
                )
            ]),
            .list(
                parts.enumerated().map { index, range in
                    [.link([.text("Part \(index + 1)")], .page(ServiceParts.ref(listing.overview, part: index + 1))), .text(": ")] + rangeInlines(range)
                        + (listed.map { [.text($0[index] == 0 ? " — none listed" : " — \($0[index]) listed")] } ?? [])
                }),
        ]
    }

    /// "Overview · ← Part 2 · Part 4 →", with the part's range: at the top and the foot of a part.
    private func partNavigation(_ listing: ServiceListing, _ number: Int, count: Int) -> Block {
        var inlines: [Inline] = [.link([.text("Overview")], .page(listing.overviewLink))]
        if number > 1 {
            inlines += [.text(" · "), .link([.text("← Part \(number - 1)")], .page(ServiceParts.ref(listing.overview, part: number - 1)))]
        }
        if number < count {
            inlines += [.text(" · "), .link([.text("Part \(number + 1) →")], .page(ServiceParts.ref(listing.overview, part: number + 1)))]
        }
        return .paragraph(inlines)
    }

    /// Part `number` of a listing: navigation, the tables of its services, their citations.
    func partPage(_ listing: ServiceListing, _ number: Int) -> Page {
        let parts = serviceParts.parts(size: listing.size)
        let services = parts[number - 1]
        var book = CitationBook()
        let navigation = partNavigation(listing, number, count: parts.count)
        let blocks =
            [navigation, .paragraph([.text("Part \(number) of \(parts.count): ")] + rangeInlines(services) + [.text(".")])]
            + listing.tables(self, services, &book) + book.blocks(self) + [navigation]
        let ref = ServiceParts.ref(listing.overview, part: number)
        // man has no links: SEE ALSO names the overview and the neighbouring parts.
        let neighbours = [number - 1, number + 1].filter { (1...parts.count).contains($0) }.map { ServiceParts.ref(listing.overview, part: $0) }
        return Page(
            ref: ref, title: "\(listing.title), part \(number) of \(parts.count)",
            description: "\(listing.title): \(vocabulary.domain.services.lowercased()) \(services.first ?? "") to \(services.last ?? "").",
            blocks: blocks, manName: listing.manName.map { ServiceParts.manName(overview: $0, part: number) },
            seeAlso: [listing.overview] + neighbours)
    }

    /// The list of services with their summaries (the home page's section, or a part of it).
    func serviceListBlocks(_ services: [String]) -> [Block] {
        [
            .list(
                services.compactMap { vocabulary.entity(.service, $0) }.map { entity in
                    [link(.service, entity.id.value), .text(" — "), .markdown(entity.summary)]
                })
        ]
    }

    /// A search entry for every part of every listing ("iOS, part 3 of 134: svc-00300 to svc-00449"),
    /// so that the search box reaches every page; none below the threshold.
    func partEntries() -> [IndexEntry] {
        guard serviceParts.isSplit else { return [] }
        return serviceListings().flatMap { listing in
            let parts = serviceParts.parts(size: listing.size)
            return parts.enumerated().map { index, services in
                let title = "\(listing.title), part \(index + 1) of \(parts.count): \(services.first ?? "") to \(services.last ?? "")"
                return IndexEntry(title: title, kind: "Page", target: ServiceParts.ref(listing.overview, part: index + 1), isCode: false)
            }
        }
    }
}
