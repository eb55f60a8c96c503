import ArgumentParser
import Foundation
import PageTurner
import Reader
import Rendering

/// `pageturn-bench drag-frames BOOK --curl CURL` (hidden; the benchmark runs it in a child
/// process under Xvfb): the frame times of a scripted drag (`FrameTiming`) on a window of
/// `--window` size without vsync, as JSON. Nothing is saved.
struct DragFramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drag-frames",
        abstract: "Prints the frame times of a scripted drag as JSON (the benchmark's own child).",
        shouldDisplay: false)

    @Argument(help: "The book (.txt).") var book: String
    @Option(help: "How the page turns: classic, cylinder, slide.") var curl: String = "classic"
    @Option(help: "single or spread.") var layout: String = "single"
    @Option(help: "The window's size, WxH (default 1280x800).") var window: BenchWindow = BenchWindow(width: FrameBenchmark.width,
                                                                                                     height: FrameBenchmark.height)

    func run() throws {
        guard let curl = CurlModel(rawValue: curl) else { throw BenchError("unknown --curl \(self.curl)") }
        guard let spread = SpreadMode(rawValue: layout) else { throw BenchError("unknown --layout \(layout)") }
        let opened = try BenchBook.open(path: book)
        _ = try SDLRuntime.start(headless: false)
        let shown = try Window(title: "pageturn-bench", width: window.width, height: window.height, vsync: false)
        var start = ReaderStart()
        start.backgroundLayout = false
        start.preferences.curl = curl
        start.preferences.spreadMode = spread
        start.preferences.progression = opened.book.naturalProgression
        let session = ReaderSession(book: opened.book, fonts: opened.fonts, pageSize: shown.canvas.logicalSize, start: start)
        let times = FrameTiming.dragFrameTimes(session: session, view: ReaderView(fonts: opened.fonts), canvas: shown.canvas)
        print("{\"renderer\": \"\(shown.rendererName)\", \"times\": [\(times.map { String(format: "%.3f", $0) }.joined(separator: ", "))]}")
    }
}
