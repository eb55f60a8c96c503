import ArgumentParser

/// `pageturn linebreak` (not written yet).
struct LinebreakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "linebreak", abstract: "(not written yet)")

    func run() throws {
        throw ValidationError("pageturn linebreak is not written yet")
    }
}
