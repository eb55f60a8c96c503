import ArgumentParser
import FileWriting
import Foundation
import GestureLab

/// `pageturn gestures synth`: labelled gestures from a model of hand movement.
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Writes labelled synthetic gestures (a gesture script with expect lines).",
        discussion: """
            Each gesture is a few steps of a gesture script followed by 'expect next', \
            'expect previous', 'expect none' or 'expect toolbars': what the person meant. The \
            steps come from a model of hand movement: minimum-jerk drags over a spread of \
            distances, durations and start points, quick flicks, slow drags that stop, drags that \
            reverse, near-vertical drags, taps with jitter, long presses and trackpad swipes \
            (scroll steps), sampled at mouse (125 Hz) or touch (60 Hz) rates with small noise, \
            on an 800 × 1000 page. The same seed gives the same bytes.

            EXAMPLE
              pageturn gestures synth --seed 1 --count 500 --out gestures.txt
              pageturn simulate --report gestures.txt
            """)

    @Option(parsing: .unconditional, help: "The random seed (any whole number from 0).") var seed = Checked<UInt64>(1)
    @Option(parsing: .unconditional, help: "How many gestures, 1 to 400000 (what a gesture script's time line, 0 to 1e9 ms, holds).")
    var count: Checked<Int> = Checked(200)
    @Option(help: ArgumentHelp("Where to write them; - for standard output.", valueName: "FILE")) var out: String = "-"
    @Option(parsing: .unconditional,
            help: "The largest landing wobble of a finger, 0 to 50 px: its contact point drifts that far, mostly vertically, in the first 30–70 ms of a drag (default 0: none).")
    var wobble = Checked(0.0)

    func validate() throws {
        _ = try seed.value(of: "--seed", in: 0...UInt64.max)
        _ = try count.value(of: "--count", in: 1...GestureSynthesizer.maximumCount)
        _ = try wobble.value(of: "--wobble", in: 0...50)
    }

    func run() throws {
        let seed = try seed.value(of: "--seed", in: 0...UInt64.max)
        var synthesizer = GestureSynthesizer(seed: seed, count: try count.value(of: "--count", in: 1...GestureSynthesizer.maximumCount))
        synthesizer.wobble = try wobble.value(of: "--wobble", in: 0...50)
        let text = synthesizer.script()
        do { try OutputFile.write(text, to: out) } catch { throw UserError(error.description) }
    }
}
