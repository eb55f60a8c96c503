import ArgumentParser

/// `pageturn paginate` (not written yet).
struct PaginateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "paginate", abstract: "(not written yet)")

    func run() throws {
        throw ValidationError("pageturn paginate is not written yet")
    }
}
