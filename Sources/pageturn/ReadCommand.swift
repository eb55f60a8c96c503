import ArgumentParser
import Fonts
import Foundation
import PageTurner
import Pagination
import Reader
import ReaderState
import Rendering

/// Opening a book for the reader: its text, a title, its fonts.
enum ReaderBookLoader {
    struct Opened {
        let book: Book
        let fonts: FontSet
    }

    static func open(path: String, encoding: String?) throws -> Opened {
        var watch = Stopwatch()
        let decoded = try BookLoading.load(path: path, encoding: encoding)
        let tDecode = watch.lap()
        let text = BookText(decoded: decoded)
        let tText = watch.lap()
        let options = try LayoutOptions.parse([])
        let fonts = try FontChoice.loadSet(options)
        let tFonts = watch.lap()
        let chapters = ChapterDetector.detect(in: text)
        let tChapters = watch.lap()
        let book = Book(text: text, title: Book.title(of: text, fileName: path), chapters: chapters)
        let tBook = watch.lap()
        LaunchTrace.mark("book opened: decode \(tDecode) text \(tText) fonts \(tFonts) chapters \(tChapters) book \(tBook)")
        return Opened(book: book, fonts: fonts)
    }
}

/// `pageturn read`: the reader window, or the same reader driven by a script, headlessly.
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Opens a book in the reader window (or runs it headlessly with a script).",
        discussion: """
            Drag, tap or use the keys to turn pages: Left/Right, PageUp/PageDown, Space and \
            Shift+Space turn; Home/End; + and - change the font size; g goes to a page; b \
            opens the bookmarks; t the contents; m (or Enter, or a tap in the middle) shows the \
            toolbars; Esc closes what is open, then quits; F11 is full screen. With \
            --progression rtl the next page comes from the left: drag rightwards, tap the left \
            quarter or press Left to go forward.

            With no display ($DISPLAY and $WAYLAND_DISPLAY unset, SDL cannot open one, or SDL \
            falls back to a video driver that shows nothing: offscreen, dummy, evdev) it \
            says so and writes a few frames of a page turn as PNG files instead.

            SCRIPT FORMAT (--script)
            \(ReaderScript.formatHelp)
            """)

    @Argument(help: "The book (.txt); default: the bundled sample, assets/books/alice-excerpt.txt.")
    var book: String?
    @Flag(help: "Run on SDL's dummy video driver (no window); needs --script.") var headless = false
    @Option(help: "A gesture script to play through the event loop (headless unless --window); - for standard input.")
    var script: String?
    @Flag(help: "With --script: play it in a real window (SDL's accelerated renderer) to see or check what a screen shows.")
    var window = false
    @Option(help: "Write every frame drawn as a PNG into this folder.") var frames: String?
    @Option(help: "Window width in logical pixels.") var width: Int = 900
    @Option(help: "Window height in logical pixels.") var height: Int = 1200
    @Option(help: "Font size in pixels (default: the book's saved size, or 18).") var size: Float?
    @Option(help: "Curl: classic, cylinder, slide or none (default: saved, or classic).") var curl: String?
    @Option(help: "Theme: paper, sepia or night (default: saved, or paper).") var theme: String?
    @Option(help: "Tap zones: default, seed or koreader.") var zones: String?
    @Option(help: ArgumentHelp(ReadCommand.progressionHelp + " Default: the book's saved choice, or ltr.",
                               valueName: "ltr|rtl"))
    var progression: String?
    @Option(help: "Frames per second of a scripted run's clock.") var fps: Double = 60
    @Flag(help: "Use SDL's software renderer in the window.") var software = false
    @Option(help: "The book's encoding, when detection gets it wrong.") var encoding: String?
    @Option(name: .customLong("state-dir"), help: """
        Where reading positions, bookmarks and settings are kept (default $XDG_STATE_HOME/pageturn, \
        ~/.local/state/pageturn). Scripted runs keep none unless this is given.
        """)
    var stateDir: String?
    @Option(name: .customLong("cache-dir"), help: "Folder for the page cache (default $XDG_CACHE_HOME/pageturn).")
    var cacheDir: String?
    @Flag(name: .customLong("first-frame"), help: .hidden) var firstFrame = false
    @Option(name: .customLong("measure-drag"), help: .hidden) var measureDrag: String?

    /// The one line for a --size outside the sizes the reader steps through (read and render).
    static var sizeRangeMessage: String {
        let r = ReaderPreferences.fontSizes
        return "--size must be from \(formatNumber(r.lowerBound)) to \(formatNumber(r.upperBound))"
    }

    /// The help of `--progression` (read and render).
    static let progressionHelp = "Page progression: ltr, or rtl for a book read right to left (the next page comes from the left)."

    /// The page progression `name` (`ltr` or `rtl`) names, or a one-line error (read and render).
    static func pageProgression(_ name: String) throws -> PageProgression {
        guard let p = PageProgression(rawValue: name) else {
            throw UserError("unknown --progression '\(name)' (expected ltr or rtl)")
        }
        return p
    }

    /// The most physical pixels a frame may have (width × height × scale²).
    static var maxPixels: Int { Canvas.maxPixels }

    /// Refuses, on one line, a frame of more than `maxPixels` physical pixels.
    static func checkPixels(width: Int, height: Int, scale: Double) throws {
        let pixels = Double(width) * Double(height) * scale * scale
        guard pixels <= Double(maxPixels) else {
            let mp = String(format: "%.1f", pixels / 1_048_576)
            throw UserError("the frame is too big: \(width)×\(height) at scale \(formatNumber(Float(scale))) is \(mp) megapixels (at most 16)")
        }
    }

    static let sampleBook = "assets/books/alice-excerpt.txt"
    static let defaultFrameFolder = "/tmp/pageturn-frames"

    func run() throws {
        // Before anything is opened: a Ctrl-C while the book loads or the window comes up sets
        // the flag the event loop checks (it then saves and quits) instead of killing the
        // process half-way (SDL is told to leave signals alone).
        QuitSignal.install()
        let path = book ?? Self.sampleBook
        guard width >= 160, height >= 160, width <= 8192, height <= 8192 else {
            throw UserError("--width and --height must be from 160 to 8192")
        }
        try Self.checkPixels(width: width, height: height, scale: 1)
        guard fps > 0, fps <= 1000 else { throw UserError("--fps must be from 1 to 1000") }
        _ = try BookLoading.readBytes(path: path.isEmpty ? "." : path).count  // a missing book fails before any window
        var start = ReaderStart()
        start.pageCache = PageCache(directory: cacheDir.map { URL(fileURLWithPath: $0) })
        let overrides = try preferenceOverrides()
        overrides.apply(to: &start.preferences)
        if firstFrame || measureDrag != nil {
            try measure(path, start: start, overrides: overrides)
            return
        }
        let scriptText: String? = try script.map { try SimulateOptions.readScript($0) }

        if window && (headless || scriptText == nil) {
            throw UserError(headless ? "--window and --headless exclude each other" : "--window needs --script FILE (the steps to play)")
        }
        if headless || scriptText != nil {
            guard let scriptText else { throw UserError("--headless needs --script FILE (the steps to play)") }
            let parsed: ReaderScript
            do { parsed = try ReaderScript.parse(scriptText) } catch { throw UserError("\(script ?? "-"): \(error)") }
            start.backgroundLayout = false
            if window {
                try runInWindow(path, start: start, overrides: overrides, script: parsed)
                return
            }
            let opened = try ReaderBookLoader.open(path: path, encoding: encoding)
            var persistence: SessionPersistence?
            if let stateDir {
                let keeper = SessionPersistence(store: StateStore(directory: URL(fileURLWithPath: stateDir)), book: opened.book)
                keeper.load(into: &start) { overrides.apply(to: &$0) }
                persistence = keeper
            }
            try runHeadless(opened, start: start, script: parsed, frames: frames, fps: fps, report: true,
                            persistence: persistence)
            return
        }
        if !SDLRuntime.environmentHasDisplay {
            let folder = frames ?? Self.defaultFrameFolder
            print("no display ($DISPLAY and $WAYLAND_DISPLAY are unset): writing frames of a page turn to \(folder) instead")
            try runDemo(try ReaderBookLoader.open(path: path, encoding: encoding), start: start, folder: folder)
            return
        }
        var failure: String?
        let request = launchRequest(path, start: start, overrides: overrides,
                                    state: ReaderLaunch.StateFolder(path: stateDir), vsync: true)
        guard let (window, prepared) = try ReaderLaunch.open(request, failure: &failure) else {
            let folder = frames ?? Self.defaultFrameFolder
            print("no display (\(failure ?? "SDL cannot open a window")): writing frames of a page turn to \(folder) instead")
            try runDemo(try ReaderBookLoader.open(path: path, encoding: encoding), start: start, folder: folder)
            return
        }
        let session = prepared.session
        prepared.persistence?.attach(to: session)
        let loop = EventLoop(session: session, view: prepared.view, window: window)
        loop.frameDirectory = try frames.map { try Self.makeFolder($0) }
        loop.run()
        prepared.persistence?.finish(session)
    }

    /// Opening `path` in a window of the options' size, encoding and renderer.
    func launchRequest(_ path: String, start: ReaderStart, overrides: ReaderLaunch.PreferenceOverrides,
                       state: ReaderLaunch.StateFolder?, vsync: Bool) -> ReaderLaunch.Request {
        ReaderLaunch.Request(path: path, encoding: encoding, start: start, state: state, overrides: overrides,
                             width: width, height: height, software: software, vsync: vsync)
    }

    /// The preferences the options name (they win over saved ones), checked.
    func preferenceOverrides() throws -> ReaderLaunch.PreferenceOverrides {
        var o = ReaderLaunch.PreferenceOverrides()
        if let size {
            guard ReaderPreferences.fontSizes.contains(size) else { throw UserError(Self.sizeRangeMessage) }
            o.size = size
        }
        if let curl {
            guard let m = CurlModel(rawValue: curl) else { throw UserError("unknown --curl '\(curl)' (expected classic, cylinder, slide or none)") }
            o.curl = m
        }
        if let theme {
            guard let t = Theme(rawValue: theme) else { throw UserError("unknown --theme '\(theme)' (expected paper, sepia or night)") }
            o.theme = t
        }
        if let zones {
            guard let z = TapZoneLayout.named(zones) else { throw UserError("unknown --zones '\(zones)' (expected default, seed or koreader)") }
            o.zones = z
        }
        o.progression = try progression.map(Self.pageProgression)
        return o
    }

    /// `--first-frame` (for `make bench`): opens the reader as `read` does (window and book side
    /// by side; headless without a display), draws and shows the first frame, prints "first
    /// frame", then waits for the full pass to be cached; nothing is saved.
    /// `--measure-drag CURL`: frame times of a scripted drag, as JSON, in a window without
    /// vsync when there is a display, else headless.
    func measure(_ path: String, start: ReaderStart, overrides: ReaderLaunch.PreferenceOverrides) throws {
        // Nothing is saved here: Ctrl-C ends a measurement at once.
        QuitSignal.uninstall()
        var start = start
        var overrides = overrides
        if let measureDrag {
            guard let curl = CurlModel(rawValue: measureDrag) else { throw UserError("unknown curl '\(measureDrag)'") }
            overrides.curl = curl
            overrides.apply(to: &start.preferences)
            start.backgroundLayout = false
        }
        let request = launchRequest(path, start: start, overrides: overrides,
                                    state: stateDir.map { ReaderLaunch.StateFolder(path: $0) }, vsync: measureDrag == nil)
        var failure: String?
        var window: Window?
        let prepared: ReaderLaunch.Prepared
        let canvas: Canvas
        if SDLRuntime.environmentHasDisplay, let (w, opened) = try ReaderLaunch.open(request, failure: &failure) {
            window = w
            canvas = w.canvas
            prepared = opened
            prepared.session.resize(to: canvas.logicalSize)
        } else {
            try SDLRuntime.start(headless: true)
            canvas = try Canvas.offscreen(width: width, height: height)
            prepared = try ReaderLaunch.prepare(request, size: canvas.logicalSize)
        }
        let session = prepared.session
        if firstFrame {
            prepared.view.draw(session.scene, on: canvas)
            LaunchTrace.mark("first frame drawn")
            canvas.present()
            canvas.sync()
            LaunchTrace.mark("first frame shown")
            print("first frame", session.page + 1, session.isLayoutExact ? "exact" : "provisional")
            fflush(nil)
            session.layout.waitUntilCached()
            return
        }
        let times = FrameTiming.dragFrameTimes(session: session, view: prepared.view, canvas: canvas)
        let renderer = window?.rendererName ?? "software (surface)"
        print("{\"renderer\": \"\(renderer)\", \"times\": [\(times.map { String(format: "%.3f", $0) }.joined(separator: ", "))]}")
    }

    /// `--script` with `--window`: the script through the event loop of a real window (no
    /// state is kept unless `--state-dir` is given); frames read back before each is shown.
    func runInWindow(_ path: String, start: ReaderStart, overrides: ReaderLaunch.PreferenceOverrides,
                     script: ReaderScript) throws {
        guard SDLRuntime.environmentHasDisplay else { throw UserError("--window needs a display ($DISPLAY is unset)") }
        var failure: String?
        let request = launchRequest(path, start: start, overrides: overrides,
                                    state: stateDir.map { ReaderLaunch.StateFolder(path: $0) }, vsync: false)
        guard let (window, prepared) = try ReaderLaunch.open(request, failure: &failure) else {
            throw UserError("cannot open a window: \(failure ?? "SDL cannot open one")")
        }
        let session = prepared.session
        prepared.persistence?.attach(to: session)
        defer { prepared.persistence?.flush() }  // a failed run still leaves its last state on disk
        let loop = EventLoop(session: session, view: prepared.view, window: window)
        loop.frameDirectory = try frames.map { try Self.makeFolder($0) }
        do { try loop.run(script: script, fps: fps) } catch { throw UserError("cannot write a frame: \(error)") }
        prepared.persistence?.finish(session)
        print(Self.summary(session, frames: loop.framesDrawn))
    }

    /// A short drag towards the next page (from the left edge in a right-to-left book), at a
    /// few frames a second: what `make run` writes with no display.
    func runDemo(_ opened: ReaderBookLoader.Opened, start: ReaderStart, folder: String) throws {
        let w = Double(width), h = Double(height)
        let rtl = start.preferences.progression.isRightToLeft
        func x(_ fraction: Double) -> Int { Int(w * (rtl ? 1 - fraction : fraction)) }
        let steps = (0...5).map { i in "move \(x(0.9 - 0.13 * Double(i))) \(Int(h * 0.55 + Double(i) * 6)) @\(100 + i * 80)" }
        let text = (["down \(x(0.92)) \(Int(h * 0.55)) @0"] + steps + ["up @520"]).joined(separator: "\n")
        var start = start
        start.backgroundLayout = false
        try runHeadless(opened, start: start, script: try ReaderScript.parse(text), frames: folder, fps: 12, report: false)
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.count) ?? 0
        print("wrote \(written) frames to \(folder)")
    }

    func runHeadless(_ opened: ReaderBookLoader.Opened, start: ReaderStart, script: ReaderScript, frames: String?,
                     fps: Double, report: Bool, persistence: SessionPersistence? = nil) throws {
        do {
            try SDLRuntime.start(headless: true)
        } catch {
            throw UserError("\(error)")
        }
        let canvas: Canvas
        do { canvas = try Canvas.offscreen(width: width, height: height) } catch { throw UserError("\(error)") }
        let session = ReaderSession(book: opened.book, fonts: opened.fonts,
                                    pageSize: Size(width: Double(width), height: Double(height)), start: start)
        persistence?.attach(to: session)
        defer { persistence?.flush() }  // a failed run still leaves its last state on disk
        let loop = EventLoop(session: session, view: ReaderView(fonts: opened.fonts), canvas: canvas)
        loop.frameDirectory = try frames.map { try Self.makeFolder($0) }
        do { try loop.run(script: script, fps: fps) } catch { throw UserError("cannot write a frame: \(error)") }
        persistence?.finish(session)
        if report { print(Self.summary(session, frames: loop.framesDrawn)) }
    }

    /// `{"page": 3, "pages": 12, "position": 1234, "fontSize": 20, "curl": "classic", "theme": "paper",
    /// "progression": "ltr", "bookmarks": [{"name": "…", "page": 2}], "frames": 120}`, pages from 1.
    static func summary(_ s: ReaderSession, frames: Int) -> String {
        let marks = s.bookmarks.map {
            "{\"name\": \(PaginationJSON.quote($0.name)), \"offset\": \($0.offset), \"page\": \(s.layout.page(containing: $0.offset) + 1)}"
        }
        return "{\"page\": \(s.page + 1), \"pages\": \(s.pageCount), \"position\": \(s.position), "
            + "\"fontSize\": \(formatNumber(s.preferences.fontSize)), \"curl\": \"\(s.preferences.curl.rawValue)\", "
            + "\"theme\": \"\(s.preferences.theme.rawValue)\", \"progression\": \"\(s.preferences.progression.rawValue)\", "
            + "\"bookmarks\": [\(marks.joined(separator: ", "))], \"frames\": \(frames)}"
    }

    static func makeFolder(_ path: String) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw UserError("cannot make the folder \(path): \(error.localizedDescription)")
        }
        return path
    }
}
