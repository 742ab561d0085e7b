/// Packages `capdoc.json` and `capdoc.json.gz` once every entity's file is written: each entity's
/// entry is its file's bytes, read back from the build's output (`FileSink.read`), so that an entity
/// is worked out once, by whichever job wrote its file, and nothing is handed between jobs. Both
/// files are written as they are made, a megabyte at a time: the dataset is never whole in memory.
struct DatasetPackage {
    let input: RenderInput
    let layout: JSONLayout
    /// Bytes gathered before they go to the files.
    static let pieceSize = 1 << 20

    /// The top-level members, in the byte order of their names.
    private enum Member {
        case value(JSONValue)
        /// A section of entities, each the bytes of its file under `data/SECTION/`.
        case files(section: String, ids: [String])
        case claims
    }

    func write(into sink: any FileSink) throws {
        let compiled = input.compiled
        let sections = DatasetSections(compiled: compiled, answers: input.answerTable)
        var members: [String: Member] = [
            "schemaVersion": .value(.string(DatasetRenderer.schemaVersion)),
            "generator": .value(.string("capdoc \(Capdoc.version)")),
            "content": .value(sections.content),
            "levels": .value(sections.levels),
            "gates": .value(sections.gates),
            "adjudications": .value(sections.adjudications),
            "conflicts": .value(sections.conflicts),
            "flow": .value(sections.flow),
            "sources": .value(
                .object(Dictionary(uniqueKeysWithValues: compiled.model.sources.map { ($0.id.value, DatasetSections.source($0, withClaims: false)) }))),
            "claims": .claims,
        ]
        for (kind, section) in DatasetEntities.sections {
            members[section] = .files(section: section, ids: compiled.vocabulary.ids(kind))
        }
        let gzip = GzipStream()
        try sink.write(path: DatasetRenderer.datasetFile) { json in
            try sink.write(path: DatasetRenderer.compressedFile) { compressed in
                var failure: (any Error)?
                var output: [UInt8] = []
                // Hands what is gathered to both files; the first error stops the writing.
                // (It is given the bytes being written, which the writers hold `inout`.)
                func spill(_ output: inout [UInt8], force: Bool = false) {
                    guard failure == nil, force || output.count >= Self.pieceSize else { return }
                    do {
                        try json(output)
                        try compressed(gzip.compress(output))
                    } catch { failure = error }
                    output.removeAll(keepingCapacity: true)
                }
                JSONValue.writeObject(members.keys, indent: 0, layout: layout, to: &output) { name, output in
                    switch members[name]! {
                    case let .value(value):
                        value.write(to: &output, indent: 1, layout: layout)
                    case let .files(section, ids):
                        JSONValue.writeObject(ids, indent: 1, layout: layout, to: &output) { id, output in
                            guard failure == nil else { return }
                            do {
                                Self.embed(try sink.read(path: DatasetRenderer.path(section, id)), depth: 2, layout: layout, to: &output)
                            } catch { failure = error }
                            spill(&output)
                        }
                    case .claims:
                        let claims = compiled.model.sources.flatMap { source in source.claims.map { (source, $0) } }
                        let byReference = Dictionary(uniqueKeysWithValues: claims.map { ($0.1.reference, $0) })
                        JSONValue.writeObject(byReference.keys, indent: 1, layout: layout, to: &output) { reference, output in
                            let (source, claim) = byReference[reference]!
                            DatasetClaims.entry(claim, of: source).write(to: &output, indent: 2, layout: layout)
                            spill(&output)
                        }
                    }
                }
                output.append(0x0A)
                spill(&output, force: true)
                if let failure { throw failure }
                try compressed(gzip.finish())
            }
        }
    }

    /// A file written at the top level, as a value at `depth`: without its final newline, and in the
    /// pretty layout each of its lines indented by `depth` levels (a JSON string holds no newline, so
    /// every newline is between two tokens).
    static func embed(_ file: [UInt8], depth: Int, layout: JSONLayout, to output: inout [UInt8]) {
        let body = file.last == 0x0A ? file.dropLast() : file[...]
        guard layout == .pretty else {
            output += body
            return
        }
        for byte in body {
            output.append(byte)
            if byte == 0x0A { JSONValue.writeIndent(depth, to: &output) }
        }
    }
}
