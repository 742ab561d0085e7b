// A structural check: the loader reports it while reading, because only the loader sees the YAML.

/// An id cannot be used safely as a file name, URL or man page name.
enum UnsafeIDCheck: Check {
    public static let id = CheckID.unsafeID
    public static let summary = "An id cannot be used safely as a file name, URL or man page name."
    static let documentation = """
        Ids are kebab-case: lowercase ASCII letters and digits in words joined by single hyphens, at most 64 characters. That rules out `/`, `..`, spaces and capitals, which could write outside the output folder or break links. Keys keep their own names, spelled as the domain's `key-style` says: ASCII letters and digits (`plist`, the default), or letters, digits, `_` and single `.` (`constant`).
        """
}
