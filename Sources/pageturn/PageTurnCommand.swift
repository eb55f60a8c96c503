import ArgumentParser

/// The `pageturn` command: paginate books, inspect line breaks, replay gestures, benchmark.
@main
struct PageTurnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pageturn",
        abstract: "A page-turning reader engine: pagination, line breaking and page-turn gestures.",
        subcommands: [
            PaginateCommand.self,
            LinebreakCommand.self,
            SimulateCommand.self,
            ReadCommand.self,
            RenderCommand.self,
            BenchCommand.self,
        ])
}
