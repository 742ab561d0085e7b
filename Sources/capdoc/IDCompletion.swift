import ArgumentParser
import CapdocKit

/// Shell completions of ids (`capdoc --generate-completion-script bash|zsh|fish`): the generated
/// script asks capdoc for the candidates, which come from the model built into capdoc, so that
/// `capdoc query support reg<TAB>` completes `region-monitoring`.
enum IDCompletion {
    /// The ids of `kinds` that start with what was typed.
    static func ids(_ kinds: EntityKind...) -> CompletionKind { candidates(kinds, withAPIs: false) }

    /// What `explain` takes: every id, and the Info.plist keys and API names.
    static var explainable: CompletionKind {
        candidates([.service, .key, .request, .api, .level, .platform, .status, .bundle], withAPIs: true)
    }

    private static func candidates(_ kinds: [EntityKind], withAPIs: Bool) -> CompletionKind {
        .custom { _, _, prefix in
            let vocabulary = EmbeddedModel.check().model.vocabulary
            let names = kinds.flatMap { kind in vocabulary.all(kind).flatMap { [$0.id.value] + (withAPIs ? $0.apis : []) } }
            return Array(Set(names)).sorted().filter { $0.hasPrefix(prefix) }
        }
    }
}
