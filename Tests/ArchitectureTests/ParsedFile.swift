import SwiftParser
import SwiftSyntax

/// One Swift file of the module, parsed, with the folder it belongs to: the first component of its
/// path under Sources/CapdocKit (a subfolder such as Rendering/HTML belongs to Rendering).
struct ParsedFile {
    /// As printed in findings, e.g. `Sources/CapdocKit/Loading/ContentLoader.swift`.
    var path: String
    /// The path under the module folder, e.g. `Loading/ContentLoader.swift`.
    var modulePath: String
    var folder: String
    var tree: SourceFileSyntax
    var lines: SourceLocationConverter

    init(path: String, modulePath: String, text: String) {
        self.path = path
        self.modulePath = modulePath
        let components = modulePath.split(separator: "/")
        // A file directly in the module folder belongs to no folder: it is named by "", which no
        // table row can allow, so that every file has to be placed.
        folder = components.count > 1 ? String(components[0]) : ""
        tree = Parser.parse(source: text)
        lines = SourceLocationConverter(fileName: path, tree: tree)
    }

    func line(of node: some SyntaxProtocol) -> Int {
        node.startLocation(converter: lines).line
    }
}
