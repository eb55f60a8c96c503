import ArgumentParser

/// The rate of a script's clock: frames (ticks) per second on its time line, 1 to 1000
/// (`read --script`, `simulate`).
struct ScriptClockOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Frames per second of a script's clock, 1 to 1000.") var fps = Checked(60.0)

    func validate() throws { _ = try framesPerSecond }

    /// --fps, checked.
    var framesPerSecond: Double {
        get throws { try fps.value(of: "--fps", in: 1...1000) }
    }
}
