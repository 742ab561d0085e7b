/// `capdoc query target PLATFORM VERSION`: what an app deployed to a platform at a version can count
/// on from there on — the services under each level, the keys each request needs, what is
/// deprecated — read from the deployment-target page the site shows for it, so that the terminal,
/// the site and the Markdown say the same. Answers change only at the versions the site has target
/// pages for, so a version between two is answered by the page of the one at or before it.
public struct TargetReport: Sendable {
    public var platform: String
    /// The version asked for, and the target whose page answers it.
    public var asked: Version, target: Version
    /// The page's path in the site (`targets/ios-15.0.html`).
    public var path: String
    /// The page as CommonMark, for the terminal.
    public var markdown: String
    /// The page's tables as data: each row's header and cells as a terminal shows them.
    public var json: JSONValue
}

extension Explainer {
    /// The report for `platform` at `version`; nil where the platform has no deployment targets.
    public func target(platform: String, version: Version) throws(UnknownID) -> TargetReport? {
        try input.compiled.vocabulary.require(.platform, platform)
        let targets = input.renderOrder.context.deploymentTargets(platform)
        // Before the first target nothing the sources say changes: the first page answers.
        guard let target = targets.last(where: { !(version < $0) }) ?? targets.first else { return nil }
        let ref = PageContext.targetRef(platform, target)
        guard let page = input.page(ref) else { return nil }
        var tables: [JSONValue] = []
        for block in page.blocks {
            guard case let .table(table) = block else { continue }
            tables.append(
                .object([
                    "caption": .string(table.caption), "columns": .strings(table.columns),
                    "rows": .array(
                        table.rows.map { row in
                            .object([
                                "header": .string(ManTableLayout.plainText(row.header.content)),
                                "cells": .strings(row.cells.map { ManTableLayout.plainText($0.content) }),
                            ])
                        }),
                ]))
        }
        let path = "\(ref.section)/\(ref.id).html"
        let json: JSONValue = .object([
            "platform": .string(platform), "os": .string(version.description), "target": .string(target.description),
            "page": .string(path), "tables": .array(tables),
        ])
        // The anchors GitHub's Markdown needs for links into a page mean nothing in a terminal.
        let markdown = PageDocumentBuilder(format: .markdown, page: page).rendered().replacing(/<a id="[^"]*"><\/a>/, with: "")
        return TargetReport(platform: platform, asked: version, target: target, path: path, markdown: markdown, json: json)
    }
}
