import ArgumentParser
import Foundation
import Pagination
import Reader

/// `pageturn bench first-frame BOOK` (hidden; `make bench` runs it in a child process and
/// times it): opens the reader as `read` does, in a window of `read`'s size (window and book
/// side by side; headless with no display), draws and shows the first frame, prints "first
/// frame", then waits for the full pass to be cached. Nothing is saved. (No --width or
/// --height: `bench` itself would take them, as its page's.)
struct FirstFrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "first-frame",
        abstract: "Opens the reader, shows its first frame and waits for the full pass (for bench).",
        shouldDisplay: false)

    @Argument(help: "The book (.txt).") var book: String
    @Option(name: .customLong("state-dir"), help: "The reader's state folder (default: none).") var stateDir: String?
    @Option(name: .customLong("cache-dir"), help: "Folder for the page cache (default $XDG_CACHE_HOME/pageturn).")
    var cacheDir: String?
    @Option(help: "The window's size, WxH (default: read's).") var window: BenchWindow = BenchWindow(width: ReadCommand.defaultWidth,
                                                                                                    height: ReadCommand.defaultHeight)
    @Option(help: "One page or spreads (default: the book's, else auto).") var layout: SpreadMode?

    func run() throws {
        var start = ReaderStart()
        start.pageCache = PageCache(directory: cacheDir.map { URL(fileURLWithPath: $0) })
        var overrides = PreferenceOverrides()
        overrides.spreadMode = layout
        var request = ReaderLaunch.Request(path: book, start: start, state: stateDir.map { ReaderLaunch.StateFolder(path: $0) },
                                           overrides: overrides, width: window.width, height: window.height)
        @Sendable func announce(_ page: Int, _ exact: Bool) {
            print("first frame", page + 1, exact ? "exact" : "provisional")
            fflush(nil)
        }
        // Said the moment the page is on the window's surface, before the renderer is made
        // (its first frame then repeats the picture).
        request.onFirstPicture = announce
        let reader = try ReaderRun.forMeasuring(request)
        let (session, canvas) = (reader.session, reader.canvas)
        let early = reader.prepared.firstPictureShown
        reader.view.draw(session.scene, on: canvas)
        LaunchTrace.mark("first frame drawn")
        canvas.present()
        canvas.sync()
        LaunchTrace.mark(early ? "first GL frame shown" : "first frame shown")
        if !early { announce(session.page, session.isLayoutExact) }
        session.firstFrameShown()
        session.layout.waitUntilCached()
    }
}
