import Dispatch
import FileWriting
import Fonts
import FoundationEssentials
import PageTurner
import Pagination
import Reader
import ReaderState
import Rendering
import Synchronization
import WorkerThreads

/// Opening the reader window quickly: the window comes up on the main thread while a second
/// thread decodes the book, loads the fonts and the saved state, lays out the first page and
/// composes it; the window shows the empty page meanwhile, then that page on its own surface
/// (`WindowSurface`), and only then makes its renderer (tens of milliseconds for a GL context
/// and its first present). `make bench` times `read` from `posix_spawn` to the launch trace's
/// "first frame shown".
enum ReaderLaunch {
    /// What the loading thread hands over.
    final class Prepared: @unchecked Sendable {
        let opened: ReaderBookLoader.Opened
        let session: ReaderSession
        let view: ReaderView
        let persistence: SessionPersistence?
        /// Whether the window showed the first picture on its own surface, before its renderer
        /// was made (`WindowSurface`); the renderer's first frame then repeats it.
        var firstPictureShown = false

        init(opened: ReaderBookLoader.Opened, session: ReaderSession, view: ReaderView, persistence: SessionPersistence?) {
            self.opened = opened
            self.session = session
            self.view = view
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
        /// `--font` and `--cjk-font` (nil: the default faces).
        var faces = BookFonts.Request()
        var width: Int
        var height: Int
        var software = false
        var vsync = true
        /// Where the window's places are kept (`WindowPlaces`): it opens where it was last on
        /// this display, and is remembered there when it closes; nil (scripts, or a size
        /// given) opens it centred at the size asked.
        var windowPlaces: URL?

        /// Where the window opens on the first display: where it was last there, kept within
        /// the display; nil to open it centred. Needs SDL started.
        var windowPlace: Window.Frame? {
            guard let file = windowPlaces, let display = Window.firstDisplay,
                  let place = WindowPlaces.load(from: file).displays[display] else { return nil }
            return Window.fitted(Window.Frame(display: display, x: place.x, y: place.y, width: place.width, height: place.height))
        }

        /// The window's size: where it was last, else the size asked, fitted to the display.
        func windowSize(place: Window.Frame?) -> (width: Int, height: Int) {
            place.map { ($0.width, $0.height) } ?? Window.fittedSize(width: width, height: height)
        }
    }

    struct StateFolder: Sendable { var path: String? }

    /// The keeper of the state of `book`, opened from `path`, in `folder` (`read`'s, and what
    /// `annotations` reads). The book's file, by its absolute path, finds the state again when
    /// the book changes (a stream, such as a FIFO, is no file to find it by); an unzipped
    /// EPUB's folder is found by its path too (the shelf lists it as read).
    static func stateKeeper(for book: Book, path: String, in folder: StateFolder) -> SessionPersistence {
        let file = CacheFile.isRegularFile(path) || EPUBLoading.isEPUB(path) ? URL(fileURLWithPath: path).standardizedFileURL.path : nil
        return SessionPersistence(store: StateStore(directory: folder.path.map { URL(fileURLWithPath: $0) }), book: book, file: file)
    }

    /// The book, its state and a session on a page of `size`.
    static func prepare(_ request: Request, size: Size) throws -> Prepared {
        try prepare(request, size: { size })
    }

    /// The same, on a page whose size is asked for only once the book is open (the window's
    /// size is known once SDL has started, which runs meanwhile).
    static func prepare(_ request: Request, size: () -> Size) throws -> Prepared {
        let (book, language) = try ReaderBookLoader.openBook(path: request.path, encoding: request.encoding)
        var start = request.start
        // A right-to-left book turns right to left unless told otherwise (saved or --progression).
        if !request.overrides.sets(\.progression) { start.preferences.progression = book.naturalProgression }
        var persistence: SessionPersistence?
        if let folder = request.state {
            let keeper = stateKeeper(for: book, path: request.path, in: folder)
            keeper.load(into: &start) { request.overrides.apply(to: &$0) }
            persistence = keeper
        }
        LaunchTrace.mark("state loaded")
        // The patterns load on another core while this one reads the fonts, when lines will be hyphenated.
        if start.preferences.hyphenation { LayoutPreload.startHyphenation(for: start.preferences.language ?? language) }
        let opened = ReaderBookLoader.Opened(book: book, fonts: try fonts(for: book, language: start.preferences.language ?? language,
                                                                         request: request, start: &start))
        start.fontChoices = fontChoices(for: book, language: start.preferences.language ?? language, request: request,
                                        publisherFonts: start.preferences.publisherFonts)
        let size = size()
        let session = ReaderSession(book: opened.book, fonts: opened.fonts, pageSize: size, start: start)
        LaunchTrace.mark("session ready (first page laid out)")
        // Most screens draw one pixel per logical pixel; on a HiDPI one this is redone later.
        let view = ReaderView(fonts: opened.fonts)
        view.precompose(session.scene, pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        LaunchTrace.mark("first page composed")
        return Prepared(opened: opened, session: session, view: view, persistence: persistence)
    }

    /// The book's faces: `--font` when given (`auto`: the book faces), else the text face saved
    /// with the book (a family no longer installed, or a file gone, falls back to the book
    /// faces, says so in the window, and is forgotten), else the book faces.
    private static func fonts(for book: Book, language: ContentLanguage?, request: Request, start: inout ReaderStart) throws
        -> FontSet {
        var faces = request.faces
        faces.publisherFonts = start.preferences.publisherFonts
        guard faces.font == nil, let saved = start.preferences.font else {
            return try ReaderBookLoader.fonts(for: book, faces: faces, language: language)
        }
        do {
            return try ReaderBookLoader.fonts(for: book, faces: BookFonts.Request(font: saved, cjkFont: faces.cjkFont,
                                                                                  publisherFonts: faces.publisherFonts),
                                              language: language)
        } catch {
            start.preferences.font = nil
            start.notice = "The book's font \"\(saved)\" cannot be opened; using the book faces"
            return try ReaderBookLoader.fonts(for: book, faces: faces, language: language)
        }
    }

    /// The font panel's families (fontconfig's, listed when the panel first opens) and a
    /// choice opened as `--font` opens one, `--cjk-font` kept, with fallbacks for the book.
    private static func fontChoices(for book: Book, language: ContentLanguage?, request: Request,
                                    publisherFonts: Bool) -> FontChoices {
        let cjkFont = request.faces.cjkFont
        return FontChoices(families: { FontLocator()?.installedFamilies() ?? [] }, open: { family in
            try ReaderBookLoader.fonts(for: book, faces: BookFonts.Request(font: family, cjkFont: cjkFont, publisherFonts: publisherFonts),
                                       language: language)
        })
    }

    /// Opens the window and the book side by side: a second thread decodes the book, loads
    /// the fonts and the state while SDL starts (and the GL driver loads on a third), then
    /// lays out and composes the first page while the window comes up; the page is shown on
    /// the window's surface, then the renderer is made.
    /// Returns nil (having loaded nothing the caller keeps) when SDL cannot open a window; the
    /// reason is in `failure`. A book that cannot be opened throws, window or not.
    static func open(_ request: Request, failure: inout String?) throws -> (Window, Prepared)? {
        if !request.software { GLDriverPreload.start() }
        let windowSize = Handoff<Size?>()
        let book = Handoff<Result<Prepared, Error>>()
        var request = request
        request.start.holdPassUntilShown = true  // the event loop starts it after the first frame
        WorkerThread.start { [request] in
            book.set(Result {
                try prepare(request) {
                    // No window (SDL failed): a size that lays out nothing much, soon dropped.
                    windowSize.wait() ?? Size(width: Double(request.width), height: Double(request.height))
                }
            })
        }
        LaunchTrace.mark("SDL starting")
        do {
            try SDLRuntime.start(headless: false)
        } catch {
            windowSize.set(nil)
            if case .failure(let bad) = book.wait() { throw bad }  // a book that cannot be read says so first
            failure = "\(error)"
            return nil
        }
        LaunchTrace.mark("SDL started")
        let place = request.windowPlace
        let fitted = request.windowSize(place: place)
        windowSize.set(Size(width: Double(fitted.width), height: Double(fitted.height)))
        let window: Window
        var firstPictureShown = false
        do {
            window = try Window(title: "PageTurn", width: fitted.width, height: fitted.height,
                                software: request.software, vsync: request.vsync, place: place) { surface in
                // Before the renderer: the empty page at once, then the book's page as soon
                // as it is composed (the renderer and its first present come after).
                if !book.isSet {
                    surface.show(request.overrides.applied(to: request.start.preferences).theme.background)
                    LaunchTrace.mark("window painted")
                }
                guard case .success(let prepared) = book.wait(),
                      let picture = prepared.view.firstPicture(prepared.session.scene, pixelWidth: fitted.width,
                                                               pixelHeight: fitted.height),
                      surface.show(picture) else { return }
                firstPictureShown = true
                LaunchTrace.mark("first frame shown (on the window's surface; "
                                 + "page \(prepared.session.page + 1), \(prepared.session.isLayoutExact ? "exact" : "provisional"))")
            }
        } catch {
            if case .failure(let bad) = book.wait() { throw bad }
            failure = "\(error)"
            return nil
        }
        LaunchTrace.mark("window and renderer made")
        let prepared = try book.wait().get()
        prepared.firstPictureShown = firstPictureShown
        LaunchTrace.mark("book ready")
        window.setTitle("\(prepared.opened.book.shownTitle) — PageTurn")
        return (window, prepared)
    }

    /// A value handed from one thread to another, once; `wait` returns it to every caller.
    final class Handoff<Value>: @unchecked Sendable {
        private var value: Value?
        private let lock = Mutex<Void>(())
        private let done = DispatchSemaphore(value: 0)

        func set(_ v: Value) {
            lock.withLock { _ in value = v }
            done.signal()
        }

        var isSet: Bool { lock.withLock { _ in value != nil } }

        func wait() -> Value {
            done.wait()
            done.signal()
            return lock.withLock { _ in value! }
        }
    }
}
