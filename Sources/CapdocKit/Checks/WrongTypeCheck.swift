// A structural check: the loader reports it while reading, because only the loader sees the YAML.

/// A field has the wrong type: a list where text is expected, text where true or false is expected, and so on.
enum WrongTypeCheck: Check {
    public static let id = CheckID.wrongType
    public static let summary = "A field has the wrong type: a list where text is expected, text where true or false is expected, and so on."
    static let documentation = """
        Each field has one type. Values are not coerced: `value: yes` is not a boolean, and an empty list is not a selection (leave the field out instead). \
        A field of one line (an id, a name, a title, a URL) holds at most 1,000 bytes: it is printed wherever its entry is named.
        """
}
