/// The links from request and key pages to the prompts of the flow page: a request's page to the
/// prompts its triggers show, a key's page to the prompts that show its usage string. Both read the
/// flow's rows, so that a page links only to a prompt some source describes.
extension PageContext {
    /// "Prompt: The prompt of requestWhenInUseAuthorization() (authorization flow)", for each trigger
    /// of the request whose prompt the flow describes.
    func promptLinks(madeBy request: String) -> [Block] {
        guard vocabulary.domain.flow else { return [] }
        let prompted = Set(answerTable.flowRows.filter(\.prompted).map(\.trigger))
        let triggers = vocabulary.all(.trigger).filter { $0.attributes["request"] == request && prompted.contains($0.id.value) }.map(\.id.value)
        return promptLinkParagraph(triggers, lead: "The prompt it shows, with its buttons, on the authorization flow: ")
    }

    /// The same for the prompts that show a key's usage string.
    func promptLinks(showing key: String) -> [Block] {
        guard vocabulary.domain.flow else { return [] }
        let showing = Set(answerTable.flowRows.filter { $0.promptKey == key }.map(\.trigger))
        let triggers = vocabulary.ids(.trigger).filter(showing.contains)
        return promptLinkParagraph(triggers, lead: "Its usage string is shown by these prompts of the authorization flow: ")
    }

    private func promptLinkParagraph(_ triggers: [String], lead: String) -> [Block] {
        guard !triggers.isEmpty else { return [] }
        let links = triggers.map { Inline.link([.text(name(.trigger, $0))], .page(PageRef.flow.with(fragment: Self.promptAnchor($0)))) }
        return [.paragraph([.text(lead)] + inlineList(links) + [.text(".")])]
    }
}
