import ArgumentParser
import Foundation
import Pagination
import Reader

/// `pageturn bench first-frame BOOK` (hidden; `make bench` runs it in a child process and
/// times it): opens the reader as `read` does (window and book side by side; headless with no
/// display), draws and shows the first frame, prints "first frame", then waits for the full
/// pass to be cached. Nothing is saved.
struct FirstFrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "first-frame",
        abstract: "Opens the reader, shows its first frame and waits for the full pass (for bench).",
        shouldDisplay: false)

    @Argument(help: "The book (.txt).") var book: String
    @OptionGroup var frame: FrameSizeOptions<ReadCommand>
    @Option(name: .customLong("state-dir"), help: "The reader's state folder (default: none).") var stateDir: String?
    @Option(name: .customLong("cache-dir"), help: "Folder for the page cache (default $XDG_CACHE_HOME/pageturn).")
    var cacheDir: String?

    func validate() throws { try frame.checkPixels(scale: 1) }

    func run() throws {
        var start = ReaderStart()
        start.pageCache = PageCache(directory: cacheDir.map { URL(fileURLWithPath: $0) })
        let (width, height) = try frame.size
        let request = ReaderLaunch.Request(path: book, start: start, state: stateDir.map { ReaderLaunch.StateFolder(path: $0) },
                                           overrides: PreferenceOverrides(), width: width, height: height)
        let reader = try ReaderRun.forMeasuring(request)
        let (session, canvas) = (reader.session, reader.canvas)
        reader.view.draw(session.scene, on: canvas)
        LaunchTrace.mark("first frame drawn")
        canvas.present()
        canvas.sync()
        LaunchTrace.mark("first frame shown")
        print("first frame", session.page + 1, session.isLayoutExact ? "exact" : "provisional")
        fflush(nil)
        session.layout.waitUntilCached()
    }
}
