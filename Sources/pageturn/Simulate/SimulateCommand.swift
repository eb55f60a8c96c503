import ArgumentParser
import Foundation
import PageTurner

/// `pageturn simulate`: replays a gesture script through the page-turn machine, headlessly,
/// and prints one JSON object per line.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Replays a gesture script through the page-turn machine and prints JSON lines.",
        discussion: """
            Prints, one JSON object per line: every event the machine emits with its time \
            (turnStarted, settling, turnCommitted with from and to, turnCancelled, boundary, tap \
            with zone and action, toolbars with shown, longPress); at each frame tick while \
            anything is pressed or moving, the state and the geometry (classic: edge x, back \
            page, shadow band, margin band and clip rects as [x, y, w, h]; cylinder: fold line \
            across the page [x0, y0, x1, y1], radius, vertex count; slide: page offsets); and \
            last a summary {"page": K, "turns": T, "cancels": C}. Pages are numbered from 0. \
            Idle stretches print nothing and cost nothing: the clock jumps to the next step.

            SCRIPT FORMAT
            \(GestureScript.formatHelp)

            EXAMPLE
              printf 'down 700 500 @0\\nmove 600 505 @50\\nmove 450 510 @100\\nup @120\\n' \\
                | pageturn simulate --width 800 --height 1000 --pages 10 -
            """)

    @OptionGroup var book: SimulatedBookOptions
    @OptionGroup var turn: TurnOptions
    @OptionGroup var tapZones: TapZoneOptions
    @OptionGroup var clock: ScriptClockOptions

    // Everything left over lands here, so an unknown option is one line of ours too.
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("The gesture script file, or - for standard input.", valueName: "SCRIPT"))
    var script: [String] = []

    func run() throws {
        let (pageCount, startPage) = try book.pageCountAndStart()
        let settings = ReplaySettings(pageSize: try book.pageSize, pageCount: pageCount, startPage: startPage,
                                      curl: try turn.curlModel ?? .classic, zones: try tapZones.layout ?? .default,
                                      rightToLeft: try turn.pageProgression == .rightToLeft,
                                      fps: try clock.framesPerSecond)
        let path = try Self.scriptPath(script)
        let text = try ScriptFile.read(path)
        let parsed: GestureScript
        do {
            parsed = try GestureScript.parse(text)
        } catch {
            throw UserError("\(path == "-" ? "standard input" : path): \(error)")
        }
        var out = ""
        let summary = GestureReplay.run(parsed, settings: settings) { line in
            out += line
            out += "\n"
            if out.utf8.count > 1 << 16 {
                print(out, terminator: "")
                out = ""
            }
        }
        print(out, terminator: "")
        print(summary.jsonLine)
    }

    /// The one SCRIPT argument; anything else left over is an unknown option or a stray word.
    static func scriptPath(_ arguments: [String]) throws -> String {
        if let option = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw UserError("unknown option '\(option)' (see pageturn simulate --help)")
        }
        guard let path = arguments.first else {
            throw UserError("missing SCRIPT (a gesture script file, or - for standard input)")
        }
        guard arguments.count == 1 else {
            throw UserError("one SCRIPT only, got \(arguments.count): \(arguments.joined(separator: " "))")
        }
        return path
    }
}
