import ArgumentParser
import FileWriting
import Dispatch
import FoundationEssentials
@preconcurrency import Glibc
import GestureLab

/// `pageturn gestures synth`: labelled gestures from a model of hand movement.
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Writes labelled synthetic gestures (a gesture script with expect lines).",
        discussion: """
            Each gesture is a few steps of a gesture script followed by 'expect next', \
            'expect previous', 'expect none', 'expect toolbars' or 'expect select': what the \
            person meant. The steps come from a model of hand movement: minimum-jerk drags over \
            a spread of distances, durations and start points, quick flicks, slow drags that \
            stop, drags that reverse, near-vertical drags, taps with jitter, long presses held \
            300–900 ms to select (some drifting, most then dragged to extend the selection) and \
            trackpad swipes (scroll steps), on an 800 × 1000 page, with what real hands and devices add \
            (--hands). The same seed gives the same bytes; simulate --report counts how each \
            kind fares.

            EXAMPLE
              pageturn gestures synth --seed 1 --count 500 --out gestures.txt
              pageturn simulate --report gestures.txt
              pageturn simulate --sweep longPressTimeout=200:900:50 --sweep touchSlop=4:16:2 gestures.txt
            """)

    @Option(parsing: .unconditional, help: "The random seed (any whole number from 0).") var seed = Checked<UInt64>(1)
    @Option(parsing: .unconditional, help: "How many gestures, 1 to 400000 (what a gesture script's time line, 0 to 1e9 ms, holds).")
    var count: Checked<Int> = Checked(200)
    @Option(help: ArgumentHelp("Where to write them; - for standard output.", valueName: "FILE")) var out: String = "-"
    @Option(help: ArgumentHelp("real: what real input does, each named in the gesture's expect line (kind=…): devices "
                               + "at 60–120 Hz (fingers) and 125–1000 Hz (mice), a finger's landing wobble of 5–15 px, "
                               + "overshoot and correction, a hesitation before letting go, dropped and repeated "
                               + "reports, trackpad swipes that coast; clean: smooth minimum-jerk movements at 60 and "
                               + "125 Hz, as before these existed. Default: real.", valueName: "real|clean"))
    var hands: Checked<Hands> = Checked(.real)
    @Option(parsing: .unconditional,
            help: "The largest landing wobble of a finger, 0 to 50 px: in real hands, 5–15 px by default, in any direction; in clean hands, that far, mostly vertically, in the first 30–70 ms of a drag (default 0: none).")
    var wobble = Checked(0.0)

    /// Which hands make the gestures.
    enum Hands: String, ExpressibleByArgument, CaseIterable { case real, clean }

    func validate() throws {
        _ = try seed.value(of: "--seed", in: 0...UInt64.max)
        _ = try count.value(of: "--count", in: 1...GestureSynthesizer.maximumCount)
        _ = try wobble.value(of: "--wobble", in: 0...50)
    }

    func run() throws {
        let seed = try seed.value(of: "--seed", in: 0...UInt64.max)
        var synthesizer = GestureSynthesizer(seed: seed, count: try count.value(of: "--count", in: 1...GestureSynthesizer.maximumCount))
        synthesizer.wobble = try wobble.value(of: "--wobble", in: 0...50)
        synthesizer.realistic = try hands.value(of: "--hands") == .real
        // Written as it is made: a large count is never held whole in memory. A count that
        // takes a while written to a file says how far it has got on the terminal (never when
        // the script goes to standard output or a device, which may be that terminal).
        let total = synthesizer.count
        var info = stat()
        let toFile = out != "-" && (stat(out.fileSystemPath, &info) != 0 || info.st_mode & S_IFMT == S_IFREG)
        let shows = total >= 20_000 && isatty(2) != 0 && toFile
        var shown = DispatchTime.now().uptimeNanoseconds
        do {
            try OutputFile.write(to: out) { sink in
                synthesizer.writeScript { piece, gestures in
                    sink.write(piece)
                    let now = DispatchTime.now().uptimeNanoseconds
                    if shows, now - shown > 500_000_000 {
                        shown = now
                        StandardError.write("\rpageturn: \(gestures) of \(total) gestures written")
                    }
                    return sink.failure == 0
                }
            }
        } catch {
            if shows { StandardError.write("\n") }
            throw UserError("\(error)")
        }
        if shows { StandardError.write("\rpageturn: \(total) of \(total) gestures written\n") }
    }
}
