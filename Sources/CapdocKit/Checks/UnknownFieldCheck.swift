// A structural check: the loader reports it while reading, because only the loader sees the YAML.

/// A mapping has a field that capdoc does not know.
enum UnknownFieldCheck: Check {
    public static let id = CheckID.unknownField
    public static let summary = "A mapping has a field that capdoc does not know."
    static let documentation = """
        Content mappings take a fixed set of fields (see Content/README.md). An unknown field is usually a typo; the message suggests the nearest known field. Fields that do not apply to a fact kind, such as `levels` on `request-keys`, are reported here too.
        """
}
