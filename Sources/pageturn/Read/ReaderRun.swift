import FileWriting
import FoundationEssentials
import Library
import PageTurner
import Pagination
import Reader
import ReaderState
import Rendering

/// The reader, open on a book or on the shelf, in a window or headlessly; `play` is what
/// every run of `read` does with it: drive the screen through the event loop (a script, or a
/// person until they quit), moving between the shelf and books as asked (`ReaderNavigator`,
/// which keeps each book's state), write the frames asked for, save.
struct ReaderRun {
    let navigator: ReaderNavigator
    /// What the loop shows first.
    let first: EventLoop.Screen
    /// nil: headless.
    let window: Window?
    let canvas: Canvas
    /// Whether the window showed the book's first picture before its renderer was made.
    var firstPictureShown = false

    /// In a window, the window and the book opening side by side (`ReaderLaunch.open`); nil
    /// when SDL cannot open a window (`failure` says why). A book that cannot be read throws.
    static func window(_ request: ReaderLaunch.Request, places: ShelfListing.Places, failure: inout String?) throws -> ReaderRun? {
        guard let (window, prepared) = try ReaderLaunch.open(request, failure: &failure) else { return nil }
        return ReaderRun(navigator: ReaderNavigator(request: request, places: places, book: prepared),
                         first: .book(prepared.session, prepared.view), window: window, canvas: window.canvas,
                         firstPictureShown: prepared.firstPictureShown)
    }

    /// Headless: SDL's dummy video driver, the software renderer on a surface of the
    /// request's size.
    static func headless(_ request: ReaderLaunch.Request, places: ShelfListing.Places) throws -> ReaderRun {
        let canvas = try headlessCanvas(request)
        let prepared = try ReaderLaunch.prepare(request, size: canvas.logicalSize)
        return ReaderRun(navigator: ReaderNavigator(request: request, places: places, book: prepared),
                         first: .book(prepared.session, prepared.view), window: nil, canvas: canvas)
    }

    /// The shelf in a window; nil when SDL cannot open one (`failure` says why).
    static func shelfWindow(_ request: ReaderLaunch.Request, places: ShelfListing.Places, failure: inout String?) throws
        -> ReaderRun? {
        do {
            try SDLRuntime.start(headless: false)
        } catch {
            failure = "\(error)"
            return nil
        }
        let place = request.windowPlace
        let fitted = request.windowSize(place: place)
        let window: Window
        do {
            window = try Window(title: "PageTurn", width: fitted.width, height: fitted.height, software: request.software,
                                vsync: request.vsync, place: place)
        } catch {
            failure = "\(error)"
            return nil
        }
        let navigator = ReaderNavigator(request: request, places: places)
        return ReaderRun(navigator: navigator, first: try navigator.shelfScreen(size: window.logicalSize), window: window,
                         canvas: window.canvas)
    }

    /// The shelf, headless.
    static func shelfHeadless(_ request: ReaderLaunch.Request, places: ShelfListing.Places) throws -> ReaderRun {
        let canvas = try headlessCanvas(request)
        let navigator = ReaderNavigator(request: request, places: places)
        return ReaderRun(navigator: navigator, first: try navigator.shelfScreen(size: canvas.logicalSize), window: nil, canvas: canvas)
    }

    private static func headlessCanvas(_ request: ReaderLaunch.Request) throws -> Canvas {
        do {
            try SDLRuntime.start(headless: true)
            return try Canvas.offscreen(width: request.width, height: request.height)
        } catch {
            throw UserError("\(error)")
        }
    }

    /// Plays `script` at `fps` frames a second on its clock, or with no script runs until the
    /// reader quits, writing every frame drawn as a PNG into `frames`; returns the summary.
    /// The state of each book read is saved as it changes and when it is put away (a failed
    /// run still leaves its last state on disk).
    @discardableResult
    func play(script: ReaderScript?, fps: Double = 60, frames: String?, record: String? = nil) throws -> String {
        defer { navigator.putAway() }
        let loop = window.map { EventLoop(first, window: $0) } ?? EventLoop(first, canvas: canvas)
        loop.navigate = { [navigator, weak loop] navigation in loop.flatMap { navigator.navigate(navigation, loop: $0) } }
        loop.frameDirectory = try frames.map { try Self.makeFolder($0) }
        loop.openLink = { LinkOpener.open($0) }
        let shownEarly = firstPictureShown
        loop.onFirstFrame = { LaunchTrace.mark(shownEarly ? "first GL frame shown" : "first frame shown") }
        loop.onSettled = { LaunchTrace.mark("settled") }
        loop.onScreenShown = { screen in
            switch screen {
            case .book(let session, _): LaunchTrace.mark("book shown: \(session.book.title)")
            case .shelf: LaunchTrace.mark("shelf shown")
            }
        }
        // Made once the loop has given the session the window's size (a header says it).
        let recording = try record.flatMap { path in try loop.session.map { try RecordingFile(path: path, session: $0) } }
        if let recording, let session = loop.session { recording.attach(to: session) }
        if let script {
            do { try loop.run(script: script, fps: fps) } catch { throw UserError("\(error)") }
        } else {
            loop.run()
            rememberPlace()
        }
        let summary = try Self.summary(loop)
        navigator.putAway()
        return summary
    }

    /// Remembers where the window was on its display, for the next start (`WindowPlaces`).
    private func rememberPlace() {
        guard let file = navigator.request.windowPlaces, let frame = window?.frame else { return }
        WindowPlaces.remember(WindowPlaces.Place(x: frame.x, y: frame.y, width: frame.width, height: frame.height),
                              on: frame.display, in: file)
    }

    /// Whether the reading state on disk is not the session's last (a save failed, reported
    /// when it did): the command then exits non-zero (`AlreadyReported`).
    var stateNotSaved: Bool { navigator.saveFailed }

    /// What `read` prints at the end: the book's summary (`ReaderSummary`), or the shelf's
    /// (`ShelfSummary`) when the run ends on the shelf.
    static func summary(_ loop: EventLoop) throws -> String {
        if let session = loop.session { return try JSONDocument.encode(ReaderSummary(session, frames: loop.framesDrawn)) }
        return try JSONDocument.encode(ShelfSummary(loop.shelf!, frames: loop.framesDrawn))
    }

    private static func makeFolder(_ path: String) throws -> String {
        do { try OutputFolder.make(path) } catch { throw UserError(error.description) }
        return path
    }
}
