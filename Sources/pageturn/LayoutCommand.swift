import ArgumentParser
import FileWriting
import Fonts
import Foundation
import PageTurner
import Pagination
import Reader

/// `pageturn layout`: one page as the reader lays it out, every glyph where it is drawn, as
/// JSON, to compare with `hb-shape` or Pango.
struct LayoutCommand: ParsableCommand, DefaultFrameSize {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Prints one page's positioned glyphs as JSON: what the reader draws, glyph by glyph.",
        discussion: """
            The page is laid out exactly as `render` and `read` lay it out for the same \
            options (in a spread, the page is one leaf). Pages are numbered from 1.

            The JSON object has "page", "width", "height" and "lines", in reading order. Each \
            line has "baseline" (px from the page's top), "start" and "end" (the scalar offsets \
            of the text it shows), "hyphen": true when it ends inside a word with a hyphen the \
            layout added (the last glyph, whose cluster is the line's end, where the word goes on), and "runs" \
            of glyphs of one face: "font" (the font file), \
            "index" (the face in the file), "size" (px per em) and "glyphs". Each glyph has \
            "id" (its index in the face), "x" and "y" (its origin, px from the page's left \
            and top, after justification) and "cluster" (the scalar offset of the first \
            character it shows). Offsets count Unicode scalars after a BOM is dropped and \
            CRLF and CR became LF, as `paginate --json` counts them.

            EXAMPLE
              pageturn layout book.txt --page 3 --json - | jq '.lines[0].runs[0].glyphs[0]'
            """)

    static let defaultWidth = 1280, defaultHeight = 800

    @Argument(help: "The book (.txt).") var book: String
    @Option(parsing: .unconditional, help: "The page to lay out, from 1.") var page: Int = 1
    @OptionGroup var turn: TurnOptions
    @OptionGroup var appearance: AppearanceOptions
    @OptionGroup var lang: LanguageOptions
    @OptionGroup var frame: FrameSizeOptions<LayoutCommand>
    @OptionGroup var decoding: EncodingOptions
    @Option(help: "Where to write the JSON (- for standard output).") var json: String

    func validate() throws {
        try frame.checkPixels(scale: 1)
    }

    func run() throws {
        try SameFileGuard.check(output: json, option: "--json", input: book)
        let opened = try ReaderBookLoader.open(path: book, encoding: decoding.encoding, faces: appearance.faces,
                                                language: try lang.named)
        var start = ReaderStart()
        start.preferences.progression = opened.book.naturalProgression
        try PreferenceOverrides(appearance, turn, lang).apply(to: &start.preferences)
        start.backgroundLayout = false
        let (width, height) = try frame.size
        let session = ReaderSession(book: opened.book, fonts: opened.fonts,
                                    pageSize: Size(width: Double(width), height: Double(height)), start: start)
        let count = session.pageCount
        guard page >= 1, page <= count else { throw UserError("pages are 1 to \(count)") }
        let laidOut = session.layout.pageLayout(page - 1)
        let output = PageLayoutJSON.render(laidOut, faces: opened.fonts.faces)
        do {
            try OutputFile.write(output + "\n", to: json)
        } catch {
            throw UserError(error.description)
        }
    }
}

/// The JSON document of `layout` (see its help).
enum PageLayoutJSON {
    static func render(_ page: PageLayout, faces: [FontFace]) -> String {
        var out = "{\"page\": \(page.page + 1), \"width\": \(number(page.width)), \"height\": \(number(page.height)), "
        out += "\"start\": \(page.range.lowerBound), \"end\": \(page.range.upperBound), \"lines\": ["
        out += page.lines.map { line in
            var l = "\n  {\"baseline\": \(number(line.baseline)), \"start\": \(line.range.lowerBound), "
            l += "\"end\": \(line.range.upperBound), " + (line.hyphenated ? "\"hyphen\": true, " : "") + "\"runs\": ["
            l += line.runs.map { run in
                let face = Int(run.font) < faces.count ? faces[Int(run.font)] : nil
                var r = "{\"font\": \(PaginationJSON.quote(face?.path ?? "")), \"index\": \(face?.faceIndex ?? 0), "
                r += "\"size\": \(number(page.fontSize)), \"glyphs\": ["
                r += run.glyphs.map {
                    "{\"id\": \($0.id), \"x\": \(number($0.x)), \"y\": \(number($0.y)), \"cluster\": \($0.cluster)}"
                }.joined(separator: ", ")
                return r + "]}"
            }.joined(separator: ", ")
            return l + "]}"
        }.joined(separator: ",")
        return out + "\n]}"
    }

    /// A length to a thousandth of a pixel, without trailing zeros.
    static func number(_ value: Float) -> String {
        let rounded = (Double(value) * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var s = String(format: "%.3f", rounded)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }
}
