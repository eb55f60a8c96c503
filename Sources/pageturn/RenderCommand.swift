import ArgumentParser
import FileWriting
import FoundationEssentials
import PageTurner
import Pagination
import Reader
import Rendering

/// `pageturn render`: one frame of the reader, drawn headlessly, written as a PNG.
struct RenderCommand: ParsableCommand, DefaultFrameSize {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draws one page, or one moment of a page turn, to a PNG file without a window.",
        discussion: """
            Uses the reader's own renderer on SDL's software renderer with the dummy video \
            driver: no display is needed. Pages are numbered from 1. With --progress above 0 \
            the page is caught mid-turn towards the next (or previous) page, grabbed at \
            mid-height, drawn with the --curl model; with --progression rtl the turn is \
            mirrored (the next page comes in from the left). A window wider than tall shows \
            the spread holding the page (--layout auto, the default; --layout single for one \
            page), and a turn is its leaf turning over the spine.

            EXAMPLE
              pageturn render book.txt --page 3 --progress 0.4 --curl cylinder --out turn.png
            """)


    @Argument(help: "The book: an EPUB (a file or an unzipped folder) or a .txt file.") var book: String
    @Option(parsing: .unconditional, help: "The page to draw, from 1.") var page: Int = 1
    @Option(parsing: .unconditional, help: "How far the page has turned, 0 (still) to 1.") var progress = Checked(0.0)
    @Option(help: "Which way the page turns.") var direction = Checked(TurnDirection.next)
    @OptionGroup var turn: TurnOptions
    @OptionGroup var appearance: AppearanceOptions
    @OptionGroup var lang: LanguageOptions
    @OptionGroup var frame: FrameSizeOptions<RenderCommand>
    @Option(parsing: .unconditional, help: "Physical pixels per logical pixel (2 for a HiDPI frame), 0.5 to 4.") var scale = Checked(1.0)
    @OptionGroup var decoding: EncodingOptions
    @OptionGroup var settings: TurnSettingsOptions
    @Option(help: "The PNG file to write (- for standard output).") var out: String

    func validate() throws {
        _ = try turnDirection
        _ = try progressMade
        try frame.checkPixels(scale: try pixelScale)
    }

    /// --direction, --progress and --scale, checked.
    var turnDirection: TurnDirection { get throws { try direction.value(of: "--direction") } }
    var progressMade: Double { get throws { try progress.value(of: "--progress", in: 0...1) } }
    var pixelScale: Double { get throws { try scale.value(of: "--scale", in: 0.5...4) } }

    func run() throws {
        try SameFileGuard.check(output: out, option: "--out", input: book)
        let opened = try ReaderBookLoader.open(path: book, encoding: decoding.encoding, faces: appearance.faces,
                                                language: try lang.named)
        do {
            try SDLRuntime.start(headless: true)
        } catch {
            throw UserError("\(error)")
        }
        var start = ReaderStart()
        start.preferences.progression = opened.book.naturalProgression
        try PreferenceOverrides(appearance, turn, lang).apply(to: &start.preferences)
        start.backgroundLayout = false
        start.settings = try settings.settings(over: TurnSettings())
        if let g = try turn.turnGrip { start.settings.grip = g }
        let (width, height) = try frame.size
        let session = ReaderSession(book: opened.book, fonts: opened.fonts,
                                    pageSize: Size(width: Double(width), height: Double(height)), start: start)
        let count = session.pageCount
        let towards = try turnDirection, turned = try progressMade
        guard page >= 1, page <= count else { throw UserError("pages are 1 to \(count)") }
        // With spreads, the spread holding the page, named by its first page.
        let from = session.machine.shownPage(for: page - 1)
        let step = session.machine.pageStep
        if turned > 0 && towards == .previous && from == 0 { throw UserError("there is no page before \(from + 1)") }
        if turned > 0 && towards == .next && from == session.machine.lastPage {
            throw UserError("there is no page after \(min(from + step, count))")
        }
        let canvas = try Canvas.offscreen(width: width, height: height, scale: try pixelScale)
        let to = towards == .next ? from + step : from - step
        let pose = turned > 0 ? session.pose(turning: towards, progress: turned) : nil
        ReaderView(fonts: opened.fonts).drawTurn(session.layout, theme: start.preferences.theme, curl: session.curlRenderer,
                                                 pose: pose, from: from, to: to, spread: session.spread,
                                                 rightToLeft: start.preferences.progression.isRightToLeft, on: canvas)
        let frame = canvas.readPixels()
        do { try PNGWriter.write(frame, to: out) } catch { throw UserError(error.description) }
    }
}
