// A structural check: the loader reports it while reading, because only the loader sees the YAML.

/// Two entries of the same kind, two claims of one source, or two adjudications share an id; or a mapping repeats a field.
enum DuplicateIDCheck: Check {
    public static let id = CheckID.duplicateID
    public static let summary = "Two entries of the same kind, two claims of one source, or two adjudications share an id; or a mapping repeats a field."
    static let documentation = """
        Ids are how facts, URLs and man pages refer to things, so each must be unique within its kind. The note points at the first definition.
        """
}
