import ArgumentParser
import Foundation
import PageTurner

/// `pageturn simulate`: replays a gesture script through the page-turn machine, headlessly,
/// and prints one JSON object per line.
///
/// Option values are read as text and checked here, so that every mistake is a one-line
/// error (ArgumentParser's own messages add a usage block).
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

    @Option(help: ArgumentHelp("Page width in logical pixels, 1 to 100000.", valueName: "W"))
    var width: String?

    @Option(help: ArgumentHelp("Page height in logical pixels, 1 to 100000.", valueName: "H"))
    var height: String?

    @Option(help: ArgumentHelp("Number of pages in the book, 1 to 10000000.", valueName: "N"))
    var pages: String?

    @Option(help: ArgumentHelp("A book to paginate for the page count (instead of --pages).", valueName: "FILE"))
    var book: String?

    @Option(help: ArgumentHelp("The page shown at the start, from 0 (default 0).", valueName: "K"))
    var start: String?

    @Option(help: ArgumentHelp("Curl model: classic, cylinder, slide or none (default classic).", valueName: "MODEL"))
    var curl: String?

    @Option(help: ArgumentHelp("Tap zones: default, seed or koreader (default default).", valueName: "LAYOUT"))
    var zones: String?

    @Flag(help: "Right-to-left reading: drag right and tap left for the next page.")
    var rtl = false

    @Option(help: ArgumentHelp("Frame ticks per second, 1 to 1000 (default 60).", valueName: "FPS"))
    var fps: String?

    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("The gesture script file, or - for standard input.", valueName: "SCRIPT"))
    var script: [String] = []

    func run() throws {
        let settings = try SimulateOptions.settings(
            width: width, height: height, pages: pages, book: book, start: start,
            curl: curl, zones: zones, rtl: rtl, fps: fps)
        let path = try SimulateOptions.scriptPath(script)
        let text = try SimulateOptions.readScript(path)
        let parsed: GestureScript
        do {
            parsed = try GestureScript.parse(text)
        } catch {
            throw SimulateError("\(path == "-" ? "standard input" : path): \(error)")
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
}
