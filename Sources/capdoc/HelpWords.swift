import CapdocKit
import Foundation
import Synchronization

/// The words and example ids of the help texts and of capdoc(1): those of the Content the command
/// reads (`--content`, or the Content `build` compiles), else of the Content built into the binary.
/// A maintainer of another permission's matrix reads their own ids in `--help` and in the man page
/// they publish, never the location ids capdoc ships with.
///
/// ArgumentParser reads help texts when it instantiates a command to describe it, so the texts read
/// `HelpWords.current` then; `main` sets it from `--content` before parsing, and `build` from the
/// model it compiles before describing the commands for capdoc(1).
struct HelpWords: Sendable {
    var vocabulary: Vocabulary

    var domain: Domain { vocabulary.domain }

    /// What the query examples add so that they read this Content: nothing for the Content built in
    /// (the queries' default), `--content Content` for another domain's, whose model is not built in.
    var contentOption: [String] {
        domain.fullName == Self.builtInDomainName ? [] : ["--content", "Content"]
    }

    private static let builtInDomainName = embedded.domain.fullName

    private static let shared = Mutex<HelpWords?>(nil)

    /// Words for one description only (capdoc(1) of the Content `build` compiles, a test's), which
    /// leave the process's words alone.
    @TaskLocal static var override: HelpWords?

    /// The words of the Content the command reads.
    static var current: HelpWords {
        get {
            override
                ?? shared.withLock { words in
                    if let words { return words }
                    let embedded = HelpWords.embedded
                    words = embedded
                    return embedded
                }
        }
        set { shared.withLock { $0 = newValue } }
    }

    /// The built-in Content's words: only its vocabulary files are decoded, not its sources.
    static var embedded: HelpWords {
        let files = EmbeddedFileSystem(
            files: EmbeddedContent.base64Files.filter { !$0.key.contains("/") }.map {
                (EmbeddedModel.root + "/" + $0.key, Data(base64Encoded: $0.value) ?? Data())
            })
        return HelpWords(vocabulary: ContentLoader(fileSystem: files).vocabulary(at: EmbeddedModel.root) ?? Vocabulary())
    }

    /// The words of the Content folder `--content` names in `arguments`, when it has a readable
    /// `domain.yaml`; nil otherwise (the built-in words stay, and the command reports the folder).
    static func fromArguments(_ arguments: [String]) -> HelpWords? {
        // Only help needs the words: any other command loads its Content once, where it runs.
        let helpWords: Set<String> = ["--help", "-h", "help", "--experimental-dump-help"]
        guard arguments.contains(where: helpWords.contains) else { return nil }
        var folder: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument == "--content", index + 1 < arguments.count { folder = arguments[index + 1] }
            if argument.hasPrefix("--content=") { folder = String(argument.dropFirst("--content=".count)) }
        }
        guard let folder, let vocabulary = ContentLoader().vocabulary(at: folder) else { return nil }
        return HelpWords(vocabulary: vocabulary)
    }

    // MARK: Example ids, each the Content's own

    private func ids(_ kind: EntityKind) -> [String] { vocabulary.ids(kind) }
    func name(_ kind: EntityKind, _ id: String) -> String { vocabulary.all(kind).first { $0.id.value == id }?.name ?? id }

    /// "ios, macos, …": the first ids of a kind, as a help text lists examples.
    func examples(_ kind: EntityKind, count: Int = 2) -> String {
        let all = ids(kind)
        return all.prefix(count).joined(separator: ", ") + (all.count > count ? ", …" : "")
    }

    var platform: String { ids(.platform).first ?? "platform" }
    var otherPlatform: String { ids(.platform).last ?? platform }
    var service: String { ids(.service).first ?? "service" }
    var level: String { ids(.level).first ?? "level" }
    /// The widest level: the last one `levels.yaml` lists (Always, background).
    var widestLevel: String { ids(.level).last ?? level }
    /// The request for the widest level, where one asks for it; else the first request.
    var request: String {
        let requests = vocabulary.all(.request)
        return (requests.first { $0.attributes["level"] == widestLevel } ?? requests.first)?.id.value ?? "request"
    }
    /// The method that makes `request`, as `explain` takes it.
    var requestAPI: String? {
        vocabulary.all(.request).first { $0.id.value == request }?.attributes["api"].map { $0.hasSuffix("()") ? String($0.dropLast(2)) : $0 }
    }
    /// A version of the first platform in its own style: the middle of its declared releases, else its
    /// first version.
    var version: String {
        let declared = vocabulary.declaredVersions(of: platform).map { $0.sorted() } ?? []
        let chosen = declared.isEmpty ? vocabulary.firstVersion(of: platform) : declared[declared.count / 2]
        return chosen?.description ?? Version("1")!.styled(vocabulary.versionStyle(of: platform)).description
    }
    var flowState: String? { domain.flow ? ids(.state).first : nil }
    var flowTrigger: String? {
        guard domain.flow else { return nil }
        let triggers = vocabulary.all(.trigger)
        return (triggers.first { $0.attributes["request"] == request } ?? triggers.first)?.id.value
    }

    /// What a platform argument takes: "its id (ios, ipados, …), name or Xcode's name (iphoneos, xros)".
    var platformHelp: String {
        let platforms = ids(.platform)
        let sdks = [platforms.first, platforms.last].compactMap { $0 }.compactMap { id in
            vocabulary.all(.platform).first { $0.id.value == id }?.attributes["sdks"]?.split(separator: " ").first.map(String.init)
        }
        let xcode = Set(sdks).count == 2 ? " or Xcode's name (\(sdks.joined(separator: ", ")))" : ""
        return "The platform: its id (\(examples(.platform))), name\(xcode)"
    }

    /// A state, trigger or choice list for the flow's options, with a "…" when there are more.
    func flowExamples(_ kind: EntityKind) -> String { examples(kind, count: 3) }

    /// Whether `lint-plist` speaks to this Content: its keys go in an Info.plist.
    var lintsPlists: Bool { (domain.keyFile ?? "Info.plist") == "Info.plist" }
}
