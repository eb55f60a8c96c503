import ArgumentParser
import FileWriting
import FoundationEssentials
@preconcurrency import Glibc
import PageTurner
import Pagination
import Reader
import ReaderState
import Rendering

/// `pageturn read`: the reader window, or the same reader driven by a script, headlessly.
struct ReadCommand: ParsableCommand, DefaultFrameSize {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Opens a book in the reader window, or the shelf of your books (or runs either headlessly with a script).",
        discussion: """
            Without a BOOK (and as `pageturn` alone) the shelf opens: the books read before, most \
            recently read first, then those in the library folders (--library, remembered; else \
            the XDG documents folder and ~/Books), each as its cover with its progress. Click a \
            book or press Enter to open it where it was left; type to find one by title or \
            author; the arrows, PageUp and PageDown move; Delete removes a book from the shelf \
            (never its file). A book or a folder dropped on the window opens, or joins the \
            library. From a book, Ctrl+O comes back to the shelf. `pageturn shelf` lists the \
            same books in the terminal.

            Drag, tap or use the keys to turn pages: Left/Right, PageUp/PageDown, Space and \
            Shift+Space turn; Home/End; + and - change the font size; g goes to a page; b \
            opens the bookmarks; t the contents; f the fonts (each installed family in its own \
            face: type to find one, Enter sets the book in it); m (or Enter, or a tap in the middle) shows the \
            toolbars; Esc closes what is open (it never quits); q or Ctrl+Q quits; F11 is full screen. With \
            --progression rtl the next page comes from the left: drag rightwards, tap the left \
            quarter or press Left to go forward. A wide window shows two pages side by side \
            (--layout auto, the default; the toolbar's Pages button switches): a drag turns \
            the leaf over the spine, and every turn moves by a spread. In an EPUB, a tap on a \
            link follows it (Backspace comes back); a link out of the book (a web or mail \
            address) is asked about once, then opened with xdg-open.

            Hold a word still for half a second to select it; drag on to select more (onto the \
            next page at the page's edge); the handles move either end, Shift+Left/Right by a \
            character. Over the selection: Copy (Ctrl+C: the text and “…” — Title, p. 42), four \
            highlight colours (keys 1 to 4) and Note (n); a tap on a highlight selects it (its \
            menu recolours it, writes its note or removes it: Delete); l lists the highlights, saved with the \
            book (`pageturn annotations` exports them). Ctrl+F or / finds text in the whole \
            book, case and accents aside: Enter goes to the first match, F3 or Enter to the \
            next, Shift+F3 back, Esc ends the search.

            The font, font size, theme, curl, tap zones, progression and layout are saved with \
            the book: when --font, --size, --theme, --curl, --zones, --progression or --layout \
            is not given, the book's saved choice applies.

            With no display ($DISPLAY and $WAYLAND_DISPLAY unset, SDL cannot open one, or SDL \
            falls back to a video driver that shows nothing: offscreen, dummy, evdev) it \
            says so and writes a few frames of a page turn as PNG files instead.

            SCRIPT FORMAT (--script)
            \(ReaderScript.formatHelp)
            """)

    /// Where `read` with no display writes its frames when not told (`--frames`): a folder of
    /// the user's alone, never a fixed name in a folder every user can write to (another user
    /// could plant a link there): `$XDG_RUNTIME_DIR/pageturn-frames` (that folder is the
    /// user's, 0700 by the XDG specification), else a new `/tmp/pageturn-frames-XXXXXX`
    /// (`mkdtemp`, 0700).
    static func privateFrameFolder() throws -> String {
        if let runtime = ProcessEnvironment.value("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") {
            var info = stat()
            if stat(runtime, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(), info.st_mode & 0o077 == 0 {
                let folder = PathName.joined(runtime, "pageturn-frames")
                if PrivateFolder.make(folder) == 0 { return folder }
            }
        }
        let base = FileManager.default.temporaryDirectory.path
        return try MadeFolder.unique(in: base, prefix: "pageturn-frames-", what: "a folder for the frames")
    }

    @Argument(help: "The book: an EPUB (a file or an unzipped folder) or a .txt file; without one, the shelf of your books opens.")
    var book: String?
    @Option(name: .customLong("library"), help: ArgumentHelp(
        "A folder of books for the shelf, searched with its subfolders (repeat for more); remembered.", valueName: "DIR"))
    var libraries: [String] = []
    @Flag(help: "Run on SDL's dummy video driver (no window); needs --script.") var headless = false
    @Option(help: "A gesture script to play through the event loop (headless unless --window); - for standard input.")
    var script: String?
    @Flag(help: "With --script: play it in a real window (SDL's accelerated renderer) to see or check what a screen shows.")
    var window = false
    @Option(help: "Write every frame drawn as a PNG into this folder.") var frames: String?
    @Option(help: ArgumentHelp("Record every input the page-turn machine receives (drags, taps, wheel, swipes, keys) "
                               + "into FILE as it happens, with the set-up a replay needs: pageturn simulate FILE "
                               + "replays it, --report explains it.", valueName: "FILE"))
    var record: String?
    @OptionGroup var frame: FrameSizeOptions<ReadCommand>
    @OptionGroup var appearance: AppearanceOptions
    @OptionGroup var lang: LanguageOptions
    @OptionGroup var turn: TurnOptions
    @OptionGroup var tapZones: TapZoneOptions
    @OptionGroup var clock: ScriptClockOptions
    @OptionGroup var settings: TurnSettingsOptions
    @Flag(help: "Use SDL's software renderer in the window.") var software = false
    @Flag(help: ArgumentHelp("Show the turn gauges over the page (F3 toggles them): the commit line, the travel and "
                             + "velocity against the thresholds during a drag, and why a release turned or not."))
    var hud = false
    @OptionGroup var decoding: EncodingOptions
    @Option(name: .customLong("state-dir"), help: """
        Where reading positions, bookmarks and settings are kept (default $XDG_STATE_HOME/pageturn, \
        ~/.local/state/pageturn). Scripted runs keep none unless this is given; their bookmarks are dated \
        on the script's clock from 2001-01-01 00:00:00 UTC (1500 ms into the script: 00:00:01.5).
        """)
    var stateDir: String?
    @Option(name: .customLong("cache-dir"), help: "Folder for the page cache (default $XDG_CACHE_HOME/pageturn).")
    var cacheDir: String?

    func validate() throws {
        try frame.checkPixels(scale: 1)
        if window && headless { throw UserError("--window and --headless exclude each other") }
        if window && script == nil { throw UserError("--window needs --script FILE (the steps to play)") }
        if headless && script == nil { throw UserError("--headless needs --script FILE (the steps to play)") }
        try FolderOption.check(stateDir, "--state-dir")
        try FolderOption.check(cacheDir, "--cache-dir")
    }

    func run() throws {
        // Before anything is opened: a Ctrl-C while the book loads or the window comes up sets
        // the flag the event loop checks (it then saves and quits) instead of killing the
        // process half-way (SDL is told to leave signals alone).
        QuitSignal.install()
        if let book {
            // A missing book fails before any window (an unzipped EPUB's folder is a book).
            try BookLoading.checkOpenable(path: book.isEmpty ? "." : book, folderAllowed: EPUBLoading.isEPUB(book))
            try SameFileGuard.check(output: record, option: "--record", input: book)
        }
        try SameFileGuard.checkRecording(record)
        if book == nil && record != nil { throw UserError("--record needs a BOOK: the shelf has no page turns to record") }
        let overrides = try PreferenceOverrides(appearance, turn, lang, tapZones)
        var start = ReaderStart()
        start.pageCache = PageCache(directory: cacheDir.map { URL(fileURLWithPath: $0) })
        overrides.apply(to: &start.preferences)
        start.settings = try settings.settings(over: TurnSettings())
        if let g = try turn.turnGrip { start.settings.grip = g }
        start.hud = hud
        let (width, height) = try frame.size
        var request = ReaderLaunch.Request(path: book ?? "", encoding: decoding.encoding, start: start, state: nil,
                                           overrides: overrides, width: width, height: height, software: software)
        request.faces = appearance.faces
        if let script {
            try runScript(script, request)
            return
        }
        request.state = ReaderLaunch.StateFolder(path: stateDir)
        // The window opens where it was last on this display, unless a size is asked for.
        if !frame.isGiven { request.windowPlaces = WindowPlaces.file(in: stateDir.map { URL(fileURLWithPath: $0) }) }
        let places = try ShelfGathering.places(libraries: libraries, stateDir: stateDir, cacheDir: cacheDir)
        var failure: String?
        if !SDLRuntime.environmentHasDisplay {
            failure = "$DISPLAY and $WAYLAND_DISPLAY are unset"
        } else if let reader = try book == nil ? ReaderRun.shelfWindow(request, places: places, failure: &failure)
                    : ReaderRun.window(request, places: places, failure: &failure) {
            try reader.play(script: nil, frames: frames, record: record)
            if reader.stateNotSaved { throw AlreadyReported() }
            return
        }
        let folder = try frames ?? Self.privateFrameFolder()
        print("no display (\(failure ?? "SDL cannot open a window")): writing frames of a page turn to \(folder) instead")
        if book == nil { request.path = try SampleBook.path() }
        try NoDisplayDemo.write(request, to: folder)
    }

    /// `--script`: the script through the event loop, headless or in a real window (frames read
    /// back before each is shown), on the book, or on the shelf when none is given; no state
    /// is kept, and no book read before is shown, unless `--state-dir` is given.
    func runScript(_ path: String, _ request: ReaderLaunch.Request) throws {
        let text = try ScriptFile.read(path)
        let script: ReaderScript
        do { script = try ReaderScript.parse(text) } catch { throw UserError("\(path): \(error)") }
        var request = request
        request.start.backgroundLayout = false
        request.state = stateDir.map { ReaderLaunch.StateFolder(path: $0) }
        let places = try ShelfGathering.places(libraries: libraries, stateDir: stateDir, cacheDir: cacheDir, history: stateDir != nil)
        let reader: ReaderRun
        if window {
            guard SDLRuntime.environmentHasDisplay else { throw UserError("--window needs a display ($DISPLAY is unset)") }
            request.vsync = false
            var failure: String?
            let opened = try book == nil ? ReaderRun.shelfWindow(request, places: places, failure: &failure)
                : ReaderRun.window(request, places: places, failure: &failure)
            guard let opened else { throw UserError("cannot open a window: \(failure ?? "SDL cannot open one")") }
            reader = opened
        } else {
            reader = try book == nil ? ReaderRun.shelfHeadless(request, places: places) : ReaderRun.headless(request, places: places)
        }
        print(try reader.play(script: script, fps: try clock.framesPerSecond, frames: frames, record: record))
        if reader.stateNotSaved { throw AlreadyReported() }
    }
}
