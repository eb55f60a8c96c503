import Dispatch
import Foundation
import PageTurner
import Pagination
import ReaderState
import Rendering

/// Opening the reader window quickly: the window and its renderer (tens of milliseconds for
/// a GL context) come up on the main thread while a second thread decodes the book, loads
/// the fonts and the saved state and lays out the first page; the window shows the empty page
/// meanwhile. Used by `read` and by `read --first-frame` (what `make bench` times).
enum ReaderLaunch {
    /// What the loading thread hands over.
    final class Prepared: @unchecked Sendable {
        let opened: ReaderBookLoader.Opened
        let session: ReaderSession
        let persistence: SessionPersistence?

        init(opened: ReaderBookLoader.Opened, session: ReaderSession, persistence: SessionPersistence?) {
            self.opened = opened
            self.session = session
            self.persistence = persistence
        }
    }

    /// What to open and how.
    struct Request: Sendable {
        var path: String
        var encoding: String?
        var start: ReaderStart
        /// nil: no saved state; otherwise the state folder (nil inside: the default one).
        var state: StateFolder?
        var overrides: PreferenceOverrides
        var width: Int
        var height: Int
        var software: Bool
        var vsync: Bool
    }

    struct StateFolder: Sendable { var path: String? }

    /// The preferences given on the command line (already checked), which win over saved ones.
    struct PreferenceOverrides: Sendable {
        var size: Float?
        var curl: CurlModel?
        var theme: Theme?
        var zones: TapZoneLayout?

        func apply(to p: inout ReaderPreferences) {
            if let size { p.fontSize = size }
            if let curl { p.curl = curl }
            if let theme { p.theme = theme }
            if let zones { p.zones = zones }
        }
    }

    /// The book, its state and a session on a page of `size`.
    static func prepare(_ request: Request, size: Size) throws -> Prepared {
        let opened = try ReaderBookLoader.open(path: request.path, encoding: request.encoding)
        var start = request.start
        var persistence: SessionPersistence?
        if let folder = request.state {
            let keeper = SessionPersistence(store: StateStore(directory: folder.path.map { URL(fileURLWithPath: $0) }),
                                            book: opened.book)
            keeper.load(into: &start) { request.overrides.apply(to: &$0) }
            persistence = keeper
        }
        let session = ReaderSession(book: opened.book, fonts: opened.fonts, pageSize: size, start: start)
        // Most screens draw one pixel per logical pixel; on a HiDPI one this is redone later.
        session.precomposeCurrentPage(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        return Prepared(opened: opened, session: session, persistence: persistence)
    }

    /// Opens the window and the book side by side. Returns nil (having loaded nothing) when
    /// SDL cannot open a window; the reason is in `failure`.
    static func open(_ request: Request, failure: inout String?) throws -> (Window, Prepared)? {
        do {
            try SDLRuntime.start(headless: false)
        } catch {
            failure = "\(error)"
            return nil
        }
        let fitted = Window.fittedSize(width: request.width, height: request.height)
        let size = Size(width: Double(fitted.width), height: Double(fitted.height))
        let box = ResultBox()
        Thread.detachNewThread { box.set(Result { try prepare(request, size: size) }) }
        let window: Window
        do {
            window = try Window(title: "PageTurn", width: fitted.width, height: fitted.height,
                                software: request.software, vsync: request.vsync)
        } catch {
            _ = box.wait()
            failure = "\(error)"
            return nil
        }
        window.paint((request.overrides.theme ?? request.start.preferences.theme).background)
        let prepared = try box.wait().get()
        window.setTitle("\(prepared.opened.book.title) — PageTurn")
        return (window, prepared)
    }

    /// A result handed from the loading thread to the main one.
    final class ResultBox: @unchecked Sendable {
        private var result: Result<Prepared, Error>?
        private let done = DispatchSemaphore(value: 0)

        func set(_ r: Result<Prepared, Error>) {
            result = r
            done.signal()
        }

        func wait() -> Result<Prepared, Error> {
            done.wait()
            done.signal()
            return result!
        }
    }
}
