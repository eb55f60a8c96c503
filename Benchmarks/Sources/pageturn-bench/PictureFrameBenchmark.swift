import EPUB
import Foundation
import Fonts
import PageTurner
import Pagination
import Reader
import Rendering

/// `--only epub`, pictures' frames: a page with a picture turned (Children's Literature's
/// cover, a 500 × 714 PNG, turning to the first page of text) against a page of text alone
/// turned (the same book with its pictures taken out: `PictureBenchmark`), frame by frame
/// while a scripted drag plays in SDL's software renderer at 1280 × 800, the neighbouring
/// pages prepared first as the reader's idle loop prepares them (a page's pictures decoded
/// and scaled then, on the picture cache's own thread). A page the cover fills is all ink
/// (`PageInk`: a text page's copies skip its paper), so the two are also weighed with every
/// pixel copied, which leaves what the picture itself costs a frame. Target (issue 41): no more
/// frame time than the text page, within a tenth for the noise of one run, every pixel copied.
enum PictureFrameBenchmark {
    static func run(withPictures: URL, without: URL) -> [String] {
        do {
            try SDLRuntime.start(headless: true)
            let runs = try [(withPictures, false), (without, false), (withPictures, true), (without, true)].map { folder, copyingPaper -> [Double] in
                let (book, fonts) = try open(folder.path)
                var start = ReaderStart()
                start.backgroundLayout = false
                start.preferences.curl = .classic
                start.preferences.spreadMode = .single
                start.position = 0
                let canvas = try Canvas.offscreen(width: FrameBenchmark.width, height: FrameBenchmark.height)
                let session = ReaderSession(book: book, fonts: fonts, pageSize: canvas.logicalSize, start: start)
                let view = ReaderView(fonts: fonts, copyingPaper: copyingPaper)
                return FrameTiming.dragFrameTimes(session: session, view: view, canvas: canvas)
            }
            func ratio(_ a: [Double], _ b: [Double]) -> Double {
                let text = FrameBenchmark.median(b)
                return text > 0 ? FrameBenchmark.median(a) / text : 0
            }
            let inkRatio = ratio(runs[0], runs[1]), wholeRatio = ratio(runs[2], runs[3])
            return [
                "  turning the cover (software renderer, classic): \(FrameTiming.summary(runs[0]))",
                "  turning a text page (the book without pictures): \(FrameTiming.summary(runs[1]))",
                String(format: "  the cover's median %.2f× the text page's (the cover is all ink; the text page's paper is skipped)", inkRatio),
                String(format: "  every pixel copied: cover %@; text %@: %.2f× (target ≤ 1.1×) ",
                       FrameTiming.summary(runs[2]), FrameTiming.summary(runs[3]), wholeRatio) + FrameBenchmark.verdict(wholeRatio <= 1.1),
            ]
        } catch {
            return ["  frames: not measured (\(error))"]
        }
    }

    /// The EPUB at `path` as the reader opens it: its text, structure and files, its faces.
    static func open(_ path: String) throws -> (Book, FontSet) {
        let epub = try EPUBBook.open(path: path)
        var book = Book(text: epub.text, title: epub.metadata.title ?? "", chapters: [], structure: epub.structure,
                        language: epub.metadata.language.flatMap(ContentLanguage.init(tag:)))
        book.files = EPUBFiles(path: path, identifiers: epub.metadata.identifiers)
        let fonts = try BookFonts.openSet(BookFonts.Request(), coverage: TextCoverage(epub.text), language: book.language,
                                          styles: epub.structure.faceStyles).set
        return (book, fonts)
    }
}
