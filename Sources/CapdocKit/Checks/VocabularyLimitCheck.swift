// A structural check: the loader reports it after reading the vocabulary.

/// More platforms or access levels than a capability matrix has.
enum VocabularyLimitCheck: Check {
    public static let id = CheckID.vocabularyLimit
    public static let summary = "The vocabulary declares more than 32 platforms or 8 access levels, or a service matrix over 500,000 cells."
    static let documentation = """
        Every service fact is a service × platform × level matrix, and a claim about `all` covers all of it. \
        Platforms and levels are therefore kept to what a capability matrix has — at most 32 platforms and 8 \
        levels, and services × platforms × levels at most 500,000 (20,000 services on 7 platforms with 2 \
        levels are 280,000) — so that the work and the outputs stay bounded. Only the \
        first entries are used; the error stops the build.
        """
}
