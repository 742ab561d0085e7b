import ArgumentParser
import CapdocKit

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Builds the outputs from Content/.")
    func run() throws {}
}
