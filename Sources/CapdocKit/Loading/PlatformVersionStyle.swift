/// Gives each claim's versions the style its platforms write them in (`version-style` in
/// `platforms.yaml`), so that an Android claim `os: {from: "29"}` prints as API level `29`, not
/// `29.0`, on every page, in the dataset and in `query`.
///
/// The style is set once, here, on the versions Content states: every range the merge and the answers
/// make is cut from them, so it travels with them. A claim naming platforms of different styles keeps
/// the dotted one; no shipped or sensible Content mixes Apple's versions with API levels in one claim.
enum PlatformVersionStyle {
    static func styled(_ source: Source, vocabulary: Vocabulary) -> Source {
        let platforms = vocabulary.ids(.platform)
        // Apple's Content has no other style: nothing to walk.
        guard platforms.contains(where: { vocabulary.versionStyle(of: $0) != .dotted }) else { return source }
        var source = source
        source.claims = source.claims.map { claim in
            guard !claim.scope.os.isUnbounded else { return claim }
            let styles = Set(claim.scope.platforms.resolve(in: platforms).map { vocabulary.versionStyle(of: $0) })
            guard styles.count == 1, let style = styles.first, style != .dotted else { return claim }
            var claim = claim
            claim.scope.os = VersionRange(from: claim.scope.os.from?.styled(style), until: claim.scope.os.until?.styled(style))
            return claim
        }
        return source
    }
}
