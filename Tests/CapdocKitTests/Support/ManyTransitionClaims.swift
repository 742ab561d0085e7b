/// A source of transition claims on one flow cell (when-in-use × request-always ×
/// grant-when-in-use-instead on iOS), the k-th `from` the k-th version: what issue 41's tests of the
/// flow's eras add to the shipped Content, as `Benchmarks/distinct-versions --flow` does.
enum ManyTransitionClaims {
    static let path = "sources/many-claims.yaml"

    static func source(from versions: [String]) -> String {
        var text = "title: Many claims\nurl: https://developer.apple.com/documentation/corelocation/many\nkind: article\nclaims:\n"
        for (index, version) in versions.enumerated() {
            text += """
                  - id: t\(index)
                    fact: transition
                    subject: when-in-use
                    trigger: request-always
                    choice: grant-when-in-use-instead
                    platforms: [ios]
                    os: {from: "\(version)"}
                    value: {to: when-in-use}
                    quote: Nothing changes.

                """
        }
        return text
    }
}
