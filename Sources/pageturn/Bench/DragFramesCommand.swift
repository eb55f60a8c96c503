import ArgumentParser
import Foundation
import Reader
import Rendering

/// `pageturn bench drag-frames BOOK --curl CURL` (hidden; `make bench` runs it in a child
/// process under Xvfb): the frame times of a scripted drag on a `FrameBenchmark.width` ×
/// `height` frame, as JSON, in a window without vsync when there is a display, else headless.
/// Nothing is saved. (No --width or --height: `bench` itself would take them, as its page's.)
struct DragFramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drag-frames",
        abstract: "Prints the frame times of a scripted drag as JSON (for bench).",
        shouldDisplay: false)

    @Argument(help: "The book (.txt).") var book: String
    @OptionGroup var turn: TurnOptions
    @Option(help: "The window's size, WxH (default 1280x800).") var window: BenchWindow = BenchWindow(width: FrameBenchmark.width,
                                                                                                     height: FrameBenchmark.height)

    func run() throws {
        var overrides = PreferenceOverrides()
        overrides.curl = try turn.curlModel
        overrides.progression = try turn.pageProgression
        overrides.spreadMode = try turn.spreadMode ?? .single
        var start = ReaderStart()
        overrides.apply(to: &start.preferences)
        start.backgroundLayout = false
        let request = ReaderLaunch.Request(path: book, start: start, state: nil, overrides: overrides,
                                           width: window.width, height: window.height, vsync: false)
        let reader = try ReaderRun.forMeasuring(request)
        let times = FrameTiming.dragFrameTimes(session: reader.session, view: reader.view, canvas: reader.canvas)
        let renderer = reader.window?.rendererName ?? "software (surface)"
        print("{\"renderer\": \"\(renderer)\", \"times\": [\(times.map { String(format: "%.3f", $0) }.joined(separator: ", "))]}")
    }
}
