import ArgumentParser
import Foundation
import PageTurner
import Pagination
import Reader
import Rendering

/// `pageturn render`: one frame of the reader, drawn headlessly, written as a PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draws one page, or one moment of a page turn, to a PNG file without a window.",
        discussion: """
            Uses the reader's own renderer on SDL's software renderer with the dummy video \
            driver: no display is needed. Pages are numbered from 1. With --progress above 0 \
            the page is caught mid-turn towards the next (or previous) page, grabbed at \
            mid-height, drawn with the --curl model; with --progression rtl the turn is \
            mirrored (the next page comes in from the left).

            EXAMPLE
              pageturn render book.txt --page 3 --progress 0.4 --curl cylinder --out turn.png
            """)

    @Argument(help: "The book (.txt).") var book: String
    @Option(help: "The page to draw, from 1.") var page: Int = 1
    @Option(help: "How far the page has turned, 0 (still) to 1.") var progress: Double = 0
    @Option(help: "next or previous.") var direction: String = "next"
    @Option(help: "classic, cylinder, slide or none.") var curl: String = "classic"
    @Option(help: "Font size in logical pixels, 10 to 48 (as in read).") var size: Float = 18
    @Option(help: "Frame width in logical pixels.") var width: Int = 1280
    @Option(help: "Frame height in logical pixels.") var height: Int = 800
    @Option(help: "Physical pixels per logical pixel (2 for a HiDPI frame).") var scale: Double = 1
    @Option(help: "paper, sepia or night.") var theme: String = "paper"
    @Option(help: ArgumentHelp(ReadCommand.progressionHelp, valueName: "ltr|rtl"))
    var progression: String = "ltr"
    @Option(help: "The book's encoding, when detection gets it wrong.") var encoding: String?
    @Option(help: "The PNG file to write.") var out: String

    func run() throws {
        guard let model = CurlModel(rawValue: curl) else {
            throw UserError("unknown --curl '\(curl)' (expected classic, cylinder, slide or none)")
        }
        guard let look = Theme(rawValue: theme) else { throw UserError("unknown --theme '\(theme)' (expected paper, sepia or night)") }
        guard let turn = TurnDirection(rawValue: direction) else {
            throw UserError("unknown --direction '\(direction)' (expected next or previous)")
        }
        let pages = try ReadCommand.pageProgression(progression)
        guard progress >= 0, progress <= 1 else { throw UserError("--progress must be from 0 to 1, not \(progress)") }
        guard width >= 160, height >= 160, width <= 8192, height <= 8192 else {
            throw UserError("--width and --height must be from 160 to 8192")
        }
        guard scale >= 0.5, scale <= 4 else { throw UserError("--scale must be from 0.5 to 4") }
        try ReadCommand.checkPixels(width: width, height: height, scale: scale)
        guard ReaderPreferences.fontSizes.contains(size) else { throw UserError(ReadCommand.sizeRangeMessage) }

        let opened = try ReaderBookLoader.open(path: book, encoding: encoding)
        do {
            try SDLRuntime.start(headless: true)
        } catch {
            throw UserError("\(error)")
        }
        var start = ReaderStart()
        start.preferences = ReaderPreferences(fontSize: size, curl: model, theme: look, progression: pages)
        start.backgroundLayout = false
        let pageSize = Size(width: Double(width), height: Double(height))
        let session = ReaderSession(book: opened.book, fonts: opened.fonts, pageSize: pageSize, start: start)
        let count = session.pageCount
        guard page >= 1, page <= count else { throw UserError("pages are 1 to \(count)") }
        if progress > 0 && turn == .previous && page == 1 { throw UserError("there is no page before 1") }
        if progress > 0 && turn == .next && page == count { throw UserError("there is no page after \(count)") }
        let canvas = try Canvas.offscreen(width: width, height: height, scale: scale)
        let from = page - 1
        let to = turn == .next ? from + 1 : from - 1
        let pose = progress > 0 ? session.pose(turning: turn, progress: progress) : nil
        ReaderView(fonts: opened.fonts).drawTurn(session.layout, theme: look, model: model, pose: pose, from: from, to: to,
                                                 on: canvas)
        let frame = canvas.readPixels()
        do {
            try PNGWriter.write(frame, to: out)
        } catch {
            throw UserError("cannot write \(out): \(error.localizedDescription)")
        }
    }
}
