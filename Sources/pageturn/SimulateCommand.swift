import ArgumentParser

/// `pageturn simulate` (not written yet).
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "simulate", abstract: "(not written yet)")

    func run() throws {
        throw ValidationError("pageturn simulate is not written yet")
    }
}
