import Testing
import Fonts
import Pagination

/// The running heads, folios and chrome rows are set as the page is (`TextLine`): for a
/// Hebrew running head and an Arabic contents row, the glyphs left to right are the ones
/// `hb-shape` gives for the whole text in its direction, at the same places.
@Suite("Running heads and the chrome's rows are shaped as HarfBuzz shapes them")
struct MarginTextTruthTests {
    static let size: Float = 18

    /// The mismatches between `runs` (one face, left to right) and hb-shape's glyphs of
    /// `text` in `direction`: ids, or x from the first glyph by more than half a pixel.
    static func mismatches(_ runs: [GlyphRun], text: String, direction: String, language: String, face: FontFace,
                           scale: Float = 1) throws -> [String] {
        let glyphs = runs.flatMap(\.glyphs)
        #expect(runs.allSatisfy { $0.font == 0 }, "one face sets it all")
        let truth = try HBShape.required().shape(font: face.path, direction: direction, language: language, lines: [text])[0]
        guard glyphs.map(\.id) == truth.map(\.g) else { return ["ids \(glyphs.map(\.id)) ≠ hb-shape's \(truth.map(\.g))"] }
        let unit = size * scale / Float(face.unitsPerEM)
        var pen = 0
        var found: [String] = []
        for (k, (mine, theirs)) in zip(glyphs, truth).enumerated() {
            let x = Float(pen + theirs.dx) * unit
            if abs((mine.x - glyphs[0].x) - (x - Float(truth[0].dx) * unit)) > 0.5 {
                found.append("glyph \(k) at \(mine.x - glyphs[0].x), hb-shape \(x)")
            }
            pen += theirs.ax
        }
        return found
    }

    @Test("a Hebrew book's running head reads right to left, glyph for glyph as hb-shape sets it")
    func hebrewRunningHead() throws {
        try #require(HarfBuzzFonts.isAvailable, "HarfBuzz could not be loaded")
        let face = try FontFace(path: TestFonts.dejaVuSans)
        let fonts = FontSet(primary: face)
        let title = "\u{05E4}\u{05E8}\u{05E7} \u{05D5}"  // פרק ו, chapter 6
        var settings = LayoutSettings(pageWidth: 600, pageHeight: 800, margin: 40, fontSize: Self.size, preset: .book)
        settings.language = ContentLanguage(tag: "he")
        var typesetter = Typesetter(text: BookText(title), settings: settings, advances: fonts.advanceTable(pixelSize: Self.size),
                                    shaper: fonts.shaper(pixelSize: Self.size))
        defer { typesetter.finish() }
        let head = typesetter.label(title, x: 40, y: 0, width: 520, height: 40, atTop: true)
        let clusters = head.runs.flatMap(\.glyphs).map(\.cluster)
        #expect(clusters == [4, 3, 2, 1, 0], "its last letter is at the left")
        let scale = LayoutSettings.labelFontSize / Self.size
        let found = try Self.mismatches(head.runs, text: title, direction: "rtl", language: "he", face: face, scale: scale)
        #expect(found.isEmpty, "\(found)")
        let ink = head.runs.flatMap(\.glyphs).map(\.x)
        #expect(abs((ink.min()! + ink.max()!) / 2 - 300) < 20, "centred on the page")
    }

    @Test("an Arabic contents row is joined and reads right to left, glyph for glyph as hb-shape sets it")
    func arabicContentsRow() throws {
        try #require(HarfBuzzFonts.isAvailable, "HarfBuzz could not be loaded")
        let face = try FontFace(path: TestFonts.dejaVuSans)
        let shapes = ShapeCache(shaper: FontSet(primary: face).shaper(pixelSize: Self.size), language: nil)
        let row = "\u{0627}\u{0644}\u{0641}\u{0635}\u{0644} \u{0627}\u{0644}\u{0623}\u{0648}\u{0644}"  // الفصل الأول
        let line = TextLine(row, shapes: shapes)
        #expect(line.rightToLeft)
        let found = try Self.mismatches(line.runs, text: row, direction: "rtl", language: "ar", face: face)
        #expect(found.isEmpty, "\(found)")
        let clusters = line.runs.flatMap(\.glyphs).map(\.cluster)
        #expect(clusters.first! > clusters.last!, "the second word is at the left")
    }
}
