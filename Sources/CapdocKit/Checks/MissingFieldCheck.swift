// A structural check: the loader reports it while reading, because only the loader sees the YAML.

/// A required field, file or folder is missing.
enum MissingFieldCheck: Check {
    public static let id = CheckID.missingField
    public static let summary = "A required field, file or folder is missing."
    static let documentation = """
        Vocabulary entries need `id`, `name` and `summary`; sources need `title`, `url`, `kind` and `claims`; claims need `id`, `fact`, `value`, and `subject` when their kind has one; adjudications need `id`, `prevails`, `over` and `reason`.
        """
}
