import Foundation

/// A file a renderer produced, by its path relative to the output folder.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var contents: Data

    public init(path: String, contents: Data) {
        self.path = path
        self.contents = contents
    }

    public init(path: String, text: String) {
        self.init(path: path, contents: Data(text.utf8))
    }
}

/// The checked model that renderers draw from.
public struct CompiledModel: Sendable {
    public var model: ContentModel
    public var merge: MergeResult

    public init(model: ContentModel, merge: MergeResult) {
        self.model = model
        self.merge = merge
    }

    public var vocabulary: Vocabulary { model.vocabulary }
}

/// What renderers draw from: the compiled model and its pages, built once per build.
public struct RenderInput: Sendable {
    public var compiled: CompiledModel
    public var pages: [Page]

    public init(_ compiled: CompiledModel) {
        self.init(compiled, pages: PageContext(compiled).allPages())
    }

    init(_ compiled: CompiledModel, pages: [Page]) {
        self.compiled = compiled
        self.pages = pages
    }
}

/// One output format.
public protocol Renderer: Sendable {
    func render(_ input: RenderInput) throws -> [OutputFile]
}
