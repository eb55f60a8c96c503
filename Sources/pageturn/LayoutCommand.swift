import ArgumentParser
import FileWriting
import Fonts
import FoundationEssentials
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
            layout added (a run of its own, text "", its cluster the character before the break), and "runs" \
            of glyphs of one face: "font" (the font file), \
            "index" (the face in the file), "size" (px per em) and "glyphs". Each glyph has \
            "id" (its index in the face), "x" and "y" (its origin, px from the page's left \
            and top, after justification) and "cluster" (the scalar offset of the first \
            character it shows). Offsets count Unicode scalars after a BOM is dropped and \
            CRLF and CR became LF, as `paginate --json` counts them.

            The book's own text: each line's "text" holds the characters it shows in logical \
            order and what it broke at (a space, nothing at a hyphenation point, "\\n" at the \
            end of a paragraph), so that the lines of every page joined give the book's text; \
            generated text (list markers, an EPUB's ::before and ::after strings, the hyphen \
            drawn at a break) is not in it. Each run has "text", "italic", "weight", \
            "smallCaps", "lang" and, in a link, "href"; an EPUB's page has "item" (the spine \
            document it starts in) and "offset" (counted from that document's start). \
            --pages all writes every page, one JSON object a line.

            The margins: "head" (the running head; absent on a page that opens a chapter and on \
            a title page) and "folio" (the page number, in the digits --folio-digits gives; \
            absent on a title page), each with "text" (the whole text: the glyphs may show \
            a part of it and "…", whose cluster is the first scalar it stands for) and "runs" \
            as a line's, each glyph's "cluster" counting scalars of that text.

            An EPUB's pictures: "images" (absent on a page without any), each with "x", "y", \
            "width" and "height" (its rectangle, px), "href" (the file, a path in the book; for a \
            picture written into its document, its data: URL up to the data), \
            "pixelWidth" and "pixelHeight" (its own size; 0 when it cannot be drawn and a \
            placeholder is) and "alt". A picture's line has no runs. A table's cells are lines \
            like any (in text order, each in its column); its rules are "rules" (absent on a page \
            without any), each a rectangle "x", "y", "width", "height" filled in the text's colour. The cover opens the book \
            on a page of its own (its "item" is the cover's file) unless the first document \
            shows it.

            EXAMPLE
              pageturn layout book.txt --page 3 --json - | jq '.lines[0].runs[0].glyphs[0]'
            """)


    @Argument(help: "The book: an EPUB (a file or an unzipped folder) or a .txt file.") var book: String
    @Option(parsing: .unconditional, help: "The page to lay out, from 1.") var page: Int = 1
    @Option(help: ArgumentHelp("all: every page, one JSON object a line (instead of --page).", valueName: "all"))
    var pages: String?
    @OptionGroup var turn: TurnOptions
    @OptionGroup var appearance: AppearanceOptions
    @OptionGroup var lang: LanguageOptions
    @OptionGroup var frame: FrameSizeOptions<LayoutCommand>
    @OptionGroup var decoding: EncodingOptions
    @Option(help: "Where to write the JSON (- for standard output).") var json: String

    func validate() throws {
        try frame.checkPixels(scale: 1)
        if let pages, pages != "all" { throw ValidationError("--pages takes all (one page is --page N)") }
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
        let source = LayoutSourceText(book: opened.book, fonts: opened.fonts)
        let language = session.contentLanguage?.tag
        let wanted: [Int]
        if pages == "all" {
            wanted = Array(0..<count)
        } else {
            guard page >= 1, page <= count else { throw UserError("pages are 1 to \(count)") }
            wanted = [page - 1]
        }
        var output = ""
        for index in wanted {
            let laidOut = session.layout.pageLayout(index)
            output += try JSONDocument.encode(PageLayoutJSON(laidOut, faces: opened.fonts.faces, source: source, language: language))
            output += "\n"
        }
        do {
            try OutputFile.write(output, to: json)
        } catch {
            throw UserError(error.description)
        }
    }
}

/// The JSON document of `layout` (see its help): the page (from 1), its size, the scalar
/// range it holds, and each line's baseline, range, inserted hyphen and glyph runs (each
/// run's font file, its index in the file and the size; each glyph's id, position and
/// cluster), and its pictures. Lengths are given to a thousandth of a pixel.
struct PageLayoutJSON: Encodable {
    struct Line: Encodable {
        var baseline: Double
        var start: Int
        var end: Int
        var hyphen: Bool?
        var text: String
        var runs: [Run]
    }

    struct Run: Encodable {
        var font: String
        var index: Int
        var size: Double
        var text: String
        var italic: Bool
        var weight: Int
        var smallCaps: Bool
        var lang: String?
        var href: String?
        var glyphs: [Glyph]
    }

    struct Glyph: Encodable {
        var id: UInt32
        var x: Double
        var y: Double
        var cluster: Int
    }

    var page: Int
    var width: Double
    var height: Double
    var start: Int
    var end: Int
    /// An EPUB's spine document the page starts in, and the page's start counted from it.
    var item: String?
    var offset: Int?
    var lines: [Line]
    /// The running head and the folio.
    var head: Label?
    var folio: Label?
    /// The pictures on the page (none: left out).
    var images: [Image]?
    /// The rules of its tables (none: left out).
    var rules: [Rule]?

    /// A table's rule: a rectangle filled in the text's colour, px.
    struct Rule: Encodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    /// A picture: its rectangle, the file it shows (a path in the book, as its manifest's
    /// `href`s resolve), its own size in pixels (0 × 0: not known, a placeholder is drawn)
    /// and the book's text in its place.
    struct Image: Encodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var href: String
        var pixelWidth: Int
        var pixelHeight: Int
        var alt: String?
    }

    /// A running head or a folio: its text and its glyphs (clusters count the text's scalars).
    struct Label: Encodable {
        struct Run: Encodable {
            var font: String
            var index: Int
            var size: Double
            var glyphs: [Glyph]
        }

        var text: String
        var runs: [Run]
    }

    init(_ layout: PageLayout, faces: [FontFace], source: LayoutSourceText, language: String?) {
        page = layout.page + 1
        width = Self.thousandths(layout.width)
        height = Self.thousandths(layout.height)
        start = layout.range.lowerBound
        end = layout.range.upperBound
        if let part = source.part(at: layout.range.lowerBound) {
            item = part.item
            offset = part.offset
        }
        lines = layout.lines.map { line in
            let lineClusters = line.runs.flatMap { $0.glyphs.map { Int($0.cluster) } }
            return Line(baseline: Self.thousandths(line.baseline), start: line.range.lowerBound, end: line.range.upperBound,
                 hyphen: line.hyphenated ? true : nil, text: source.lineText(line.range),
                 runs: line.runs.enumerated().map { index, run in
                     let face = Int(run.font) < faces.count ? faces[Int(run.font)] : nil
                     // The hyphen added at a break is no text of the book's.
                     let clusters = index == line.hyphenRun ? [] : run.glyphs.map { Int($0.cluster) }
                     let said = source.run(clusters: clusters, lineClusters: lineClusters, lineEnd: line.range.upperBound,
                                           font: Int(run.font))
                     return Run(font: face?.path ?? "", index: face?.faceIndex ?? 0,
                                size: Self.thousandths(layout.fontSize * run.scale),
                                text: said.text, italic: said.italic, weight: said.weight, smallCaps: said.smallCaps, lang: said.lang ?? language,
                                href: said.link,
                                glyphs: run.glyphs.map(Self.glyph))
                 })
        }
        func label(_ label: PageLabel?) -> Label? {
            label.map {
                Label(text: $0.text, runs: $0.runs.map { run in
                    let face = Int(run.font) < faces.count ? faces[Int(run.font)] : nil
                    return Label.Run(font: face?.path ?? "", index: face?.faceIndex ?? 0,
                                     size: Self.thousandths(layout.fontSize * run.scale), glyphs: run.glyphs.map(Self.glyph))
                })
            }
        }
        head = label(layout.runningHead)
        folio = label(layout.pageNumber)
        images = layout.pictures.isEmpty ? nil : layout.pictures.map {
            Image(x: Self.thousandths($0.x), y: Self.thousandths($0.y), width: Self.thousandths($0.width),
                  height: Self.thousandths($0.height), href: DocumentStructure.Picture.name(ofSource: $0.source), pixelWidth: Int($0.pixelWidth),
                  pixelHeight: Int($0.pixelHeight), alt: $0.alternative.isEmpty ? nil : $0.alternative)
        }
        rules = layout.rules.isEmpty ? nil : layout.rules.map {
            Rule(x: Self.thousandths($0.x), y: Self.thousandths($0.y), width: Self.thousandths($0.width),
                 height: Self.thousandths($0.height))
        }
    }

    static func glyph(_ g: PositionedGlyph) -> Glyph {
        Glyph(id: UInt32(g.id), x: thousandths(g.x), y: thousandths(g.y), cluster: Int(g.cluster))
    }

    /// A length to a thousandth of a pixel.
    static func thousandths(_ value: Float) -> Double { JSONDocument.thousandths(Double(value)) }
}
