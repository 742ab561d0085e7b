import CapdocKit
import Foundation

/// The words of the Content built into the binary, for the help texts: the help describes the model
/// capdoc answers from when no `--content` is given, in that model's own words.
enum EmbeddedDomain {
    static let domain: Domain = {
        var files = InMemoryFileSystem()
        // Only the domain file is decoded: the help must not pay for the whole model.
        for (path, base64) in EmbeddedContent.base64Files where path == "domain.yaml" {
            files.files[EmbeddedModel.root + "/" + path] = Data(base64Encoded: base64) ?? Data()
        }
        return ContentLoader(fileSystem: files).domain(at: EmbeddedModel.root) ?? Domain()
    }()
}
