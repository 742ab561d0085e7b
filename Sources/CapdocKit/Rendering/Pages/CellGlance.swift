/// A cell's answer at a glance, as a compatibility table gives it (MDN's "13", caniuse's "13+"): the
/// answer for the newest versions in a few words — "13.0+", "No", "Unknown", "5.0+, deprecated 27.0"
/// — with the history before it, the citations and the rulings left to the disclosure it heads.
struct CellGlance {
    /// One range of the cell's answer: its word without versions ("Yes", "Not on platform") and its class.
    typealias Run = (os: VersionRange, word: String, value: ValueClass)

    /// The most characters a glance shows (the site's browser test holds cells to it).
    static let longest = 60

    /// The glance of a cell whose ranges are `runs` (oldest first). `yes`: the word a positive
    /// answer reads as, which becomes "since when" ("13.0+"); `deprecated`: where the newest answer
    /// is deprecated, since which version (nil inside: the sources give none).
    static func inlines(_ runs: [Run], yes: String = "Yes", deprecated: Version?? = nil) -> [Inline] {
        guard let newest = runs.last else { return [.value(.unknown, [.text("Unknown")])] }
        // Where the newest answer began: neighbours that read the same are one run (a deprecation
        // starting splits a range without changing its answer).
        let start = VersionRange.runStart(of: runs.map(\.os), endingAt: runs.count - 1) { runs[$0].word == newest.word }
        var text: String
        var value = newest.value
        if newest.word == yes, newest.value == .yes || newest.value == .deprecated {
            text = start.map { "\($0)+" } ?? yes
        } else {
            text = newest.word
            // A positive answer that was taken away is news: say since when.
            if let start, runs.contains(where: { $0.word == yes && $0.os.until.map { $0 <= start } == true }) { text += " since \(start)" }
        }
        if let deprecated {
            text += ", deprecated" + (deprecated.map { " \($0)" } ?? "")
            value = .deprecated
        }
        return [.value(value, [.text(text)])]
    }
}
