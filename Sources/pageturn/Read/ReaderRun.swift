import FileWriting
import FoundationEssentials
import PageTurner
import Pagination
import Reader
import Rendering

/// The reader, open on a book, in a window or headlessly; `play` is what every run of `read`
/// does with it: keep the book's state, drive the session through the event loop (a script,
/// or a person until they quit), write the frames asked for, save.
struct ReaderRun {
    let prepared: ReaderLaunch.Prepared
    /// nil: headless.
    let window: Window?
    let canvas: Canvas

    var session: ReaderSession { prepared.session }
    var view: ReaderView { prepared.view }

    /// In a window, the window and the book opening side by side (`ReaderLaunch.open`); nil
    /// when SDL cannot open a window (`failure` says why). A book that cannot be read throws.
    static func window(_ request: ReaderLaunch.Request, failure: inout String?) throws -> ReaderRun? {
        guard let (window, prepared) = try ReaderLaunch.open(request, failure: &failure) else { return nil }
        return ReaderRun(prepared: prepared, window: window, canvas: window.canvas)
    }

    /// Headless: SDL's dummy video driver, the software renderer on a surface of the
    /// request's size.
    static func headless(_ request: ReaderLaunch.Request) throws -> ReaderRun {
        let canvas: Canvas
        do {
            try SDLRuntime.start(headless: true)
            canvas = try Canvas.offscreen(width: request.width, height: request.height)
        } catch {
            throw UserError("\(error)")
        }
        return ReaderRun(prepared: try ReaderLaunch.prepare(request, size: canvas.logicalSize), window: nil, canvas: canvas)
    }

    /// Plays `script` at `fps` frames a second on its clock, or with no script runs until the
    /// reader quits, writing every frame drawn as a PNG into `frames`; returns the summary.
    /// The state is saved as it changes and at the end (a failed run still leaves its last
    /// state on disk).
    @discardableResult
    func play(script: ReaderScript?, fps: Double = 60, frames: String?, record: String? = nil) throws -> String {
        let persistence = prepared.persistence
        persistence?.attach(to: session)
        defer { persistence?.flush() }
        let loop = window.map { EventLoop(session: session, view: view, window: $0) }
            ?? EventLoop(session: session, view: view, canvas: canvas)
        loop.frameDirectory = try frames.map { try Self.makeFolder($0) }
        loop.openLink = { LinkOpener.open($0) }
        loop.onFirstFrame = { [prepared] in LaunchTrace.mark(prepared.firstPictureShown ? "first GL frame shown" : "first frame shown") }
        // Made once the loop has given the session the window's size (a header says it).
        let recording = try record.map { try RecordingFile(path: $0, session: session) }
        recording?.attach(to: session)
        if let script {
            do { try loop.run(script: script, fps: fps) } catch { throw UserError("\(error)") }
        } else {
            loop.run()
        }
        persistence?.finish(session)
        return try Self.summary(session, frames: loop.framesDrawn)
    }

    /// Whether the reading state on disk is not the session's last (its last save failed,
    /// reported when it did): the command then exits non-zero (`AlreadyReported`).
    var stateNotSaved: Bool { prepared.persistence?.lastSaveFailed ?? false }

    /// What `read` prints at the end (`ReaderSummary`).
    static func summary(_ s: ReaderSession, frames: Int) throws -> String {
        try JSONDocument.encode(ReaderSummary(s, frames: frames))
    }

    private static func makeFolder(_ path: String) throws -> String {
        do { try OutputFolder.make(path) } catch { throw UserError(error.description) }
        return path
    }
}
