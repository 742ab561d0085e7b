// A structural check: the loader reports it while reading, because only the loader sees the YAML.

/// Malformed YAML, invalid UTF-8, aliases that expand.
enum YAMLSyntaxCheck: Check {
    public static let id = CheckID.yamlSyntax
    public static let summary = "A Content file is not valid YAML or not valid UTF-8."
    static let documentation = """
        Every Content file must be a single YAML document in UTF-8. The diagnostic points at the line and \
        column where the YAML parser gave up. Aliases may repeat a value, but a document whose aliases \
        expand it to more nodes than it has bytes ("billion laughs") is refused, so that a few lines cannot \
        make capdoc use unbounded memory or time.
        """
}
