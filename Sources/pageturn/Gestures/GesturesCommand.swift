import ArgumentParser

/// `pageturn gestures`: gesture files for the lab.
struct GesturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestures",
        abstract: "Makes gesture files for the gesture lab (see pageturn simulate --report).",
        subcommands: [SynthCommand.self, ImportCommand.self])
}
