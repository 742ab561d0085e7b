/// "an App Clip", "a widget extension": a name from Content with its indefinite article, chosen by
/// its first letter (names of bundle kinds go into sentences that capdoc writes around them).
public func withIndefiniteArticle(_ name: String) -> String {
    ("aeiouAEIOU".contains(name.first ?? "x") ? "an " : "a ") + name
}
