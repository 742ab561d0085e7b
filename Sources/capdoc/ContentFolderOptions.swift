import ArgumentParser

/// Where `check` and `build` read Content: a folder, `Content` in the working folder by default.
/// (`query`, `explain` and `lint-plist` read the model built into capdoc unless given a folder:
/// `ModelOptions`.) Declared once, so that both commands name and describe it alike.
struct ContentFolderOptions: ParsableArguments {
    @Option(help: "The content folder.")
    var content: String = "Content"
}
