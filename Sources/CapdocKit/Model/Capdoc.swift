/// capdoc's version, printed by `capdoc --version` and written into outputs.
public enum Capdoc {
    public static let version = "0.1.0"
}
