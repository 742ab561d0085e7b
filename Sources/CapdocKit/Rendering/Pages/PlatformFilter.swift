/// The matrix page's "Platforms shown" form: a checkbox per platform that `platforms.js` reads to
/// hide the platforms a reader does not ship, on every page's tables, remembered in the browser
/// (localStorage). Without the script the form stays hidden and every platform is shown; a link with
/// `?hide=tvos,visionos` hides those platforms where the script runs, and shows all where it does not.
extension PageContext {
    var platformFilter: Block {
        var html = "<form class=\"platform-filter\" hidden aria-label=\"Platforms shown\"><fieldset><legend>Platforms shown</legend>"
        for platform in vocabulary.ids(.platform) {
            let id = Escape.html(platform)
            html += "<label><input type=\"checkbox\" checked data-platform=\"\(id)\"> \(Escape.html(name(.platform, platform)))</label> "
        }
        html += "</fieldset></form>"
        return .html(html)
    }
}
