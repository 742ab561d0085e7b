/// The accuracy the user grants an app (`CLAccuracyAuthorization`): an answer is asked for one of
/// them. Full accuracy is what every claim speaks of unless it says otherwise, so it is the default;
/// gates with `accuracy: reduced` (gates.yaml) say what reduced accuracy takes away.
///
/// A fixed pair, not vocabulary: an accuracy grant has exactly these two, and what depends on them is
/// declared in Content through gates and `works-with-reduced-accuracy` claims.
public enum Accuracy: String, Sendable, CaseIterable, Codable {
    case full, reduced

    public var name: String {
        switch self {
        case .full: "Full accuracy"
        case .reduced: "Reduced accuracy"
        }
    }
}
