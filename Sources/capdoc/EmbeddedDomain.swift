import CapdocKit
import Foundation

/// The words of the Content built into the binary, for the help texts: the help describes the model
/// capdoc answers from when no `--content` is given, in that model's own words.
enum EmbeddedDomain {
    static let domain: Domain = {
        // Only the domain file is decoded: the help must not pay for the whole model.
        let files = EmbeddedFileSystem(
            files: EmbeddedContent.base64Files.filter { $0.key == "domain.yaml" }.map {
                (EmbeddedModel.root + "/" + $0.key, Data(base64Encoded: $0.value) ?? Data())
            })
        return ContentLoader(fileSystem: files).domain(at: EmbeddedModel.root) ?? Domain()
    }()
}
