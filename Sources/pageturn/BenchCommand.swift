import ArgumentParser

/// `pageturn bench` (not written yet).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "(not written yet)")

    func run() throws {
        throw ValidationError("pageturn bench is not written yet")
    }
}
