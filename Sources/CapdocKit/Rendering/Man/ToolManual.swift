/// capdoc(1): the command's manual, built like every other page and rendered through cmark. The
/// synopsis, the commands, their options and the examples are written from `ToolDescription` (the
/// commands' own help, as `--help` shows it); the rest is `ToolManualSections`.
enum ToolManual {
    /// `vocabulary`: the Content's words for what its facts are about, and the pages SEE ALSO names.
    static func page(_ tool: ToolDescription, date: String, vocabulary: Vocabulary) -> String {
        let domain = vocabulary.domain
        let commands = tool.root.subcommands.flatMap(\.all)
        var blocks: [Block] = [.heading(2, "Synopsis", anchor: nil)]
        // Only commands that run: a group such as `query` is its subcommands' prefix.
        blocks += commands.filter(\.subcommands.isEmpty).map { .paragraph([.code($0.synopsis)]) }
        blocks.append(.heading(2, "Description", anchor: nil))
        blocks += ToolManualSections.description(domain)
        for command in commands { blocks += Self.blocks(command) }
        if !tool.root.arguments.isEmpty {
            blocks.append(.heading(2, "Options", anchor: nil))
            blocks.append(Self.list(tool.root.arguments))
        }
        blocks += ToolManualSections.closing
        if !tool.examples.isEmpty {
            blocks.append(.heading(2, "Examples", anchor: nil))
            for example in tool.examples {
                blocks.append(.paragraph([.text(example.explanation)]))
                blocks.append(.code(example.lines(tool: tool.root.name, width: ToolManualSections.exampleWidth).joined(separator: "\n")))
            }
        }
        let page = Page(ref: PageRef("", tool.root.name), title: tool.root.name, description: ToolManualSections.summary(domain), blocks: blocks)
        let body = PageDocumentBuilder(format: .man, page: page).renderedBytes()
        let seeAlso = ToolManualSections.seeAlso(vocabulary).map { (name: $0, section: "7") } + ToolManualSections.readers
        let text = ManPostProcessor.page(
            name: tool.root.name, section: "1", date: date, title: "\(tool.root.name) manual", description: page.description,
            body: body, seeAlso: seeAlso)
        return String(decoding: text, as: UTF8.self) + ToolManualSections.seeAlsoNote(vocabulary)
    }

    /// A command's name in bold, its abstract and discussion as paragraphs, then its arguments.
    private static func blocks(_ command: ToolDescription.Command) -> [Block] {
        var blocks: [Block] = [.paragraph([.strong([.text(command.name)])])]
        // The help is plain text (ArgumentParser wraps it for the terminal): shown as text, never read as Markdown.
        for paragraph in [command.abstract, command.discussion].flatMap(Self.paragraphs) { blocks.append(.paragraph([.text(paragraph)])) }
        if !command.arguments.isEmpty { blocks.append(Self.list(command.arguments)) }
        return blocks
    }

    private static func list(_ arguments: [ToolDescription.Argument]) -> Block {
        .list(
            arguments.map { argument in
                let names =
                    argument.kind == .positional
                    ? argument.form
                    : argument.names.map { name in argument.valueName.map { "\(name) <\($0)>" } ?? name }.joined(separator: ", ")
                return [.code(names), .text(": " + argument.fullHelp)]
            })
    }

    /// Paragraphs split where the help leaves a blank line, their lines joined.
    private static func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n")
            .map { $0.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }
}
