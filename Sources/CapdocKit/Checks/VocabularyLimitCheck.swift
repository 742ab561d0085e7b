// A structural check: the loader reports it after reading the vocabulary.

/// More platforms or access levels than a capability matrix has.
public enum VocabularyLimitCheck: Check {
    public static let id = "vocabulary-limit"
    public static let summary = "The vocabulary declares more than 32 platforms or 8 access levels."
    public static let documentation = """
    Every service fact is a service × platform × level matrix, and a claim about `all` covers all of it. \
    Platforms and levels are therefore kept to what a capability matrix has — at most 32 platforms and 8 \
    levels — so that the work and the outputs stay proportionate to the number of services. Only the \
    first entries are used; the error stops the build.
    """
}
