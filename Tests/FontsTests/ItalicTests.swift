import Fonts
import Pagination
import Testing

/// A book's `_emphasis_` is set in the text face's italic, as Project Gutenberg's plain texts
/// mean it, and the underscores take no room on the line.
@Suite struct ItalicTests {
    @Test func emphasisIsSetInTheItalicAndItsUnderscoresAreNotSeen() throws {
        let string = "It was _Pierre_ who spoke.\n"
        let text = BookText(string)
        let set = try BookFonts.openSet(BookFonts.Request(), coverage: TextCoverage(text), language: nil).set
        let italic = try #require(set.italic, "Noto Serif Italic is installed beside Noto Serif (fonts-noto-core)")
        #expect(italic.isItalic && italic.familyName == set.primary.familyName)
        let italicIndex = UInt16(set.faces.count - 1)

        let fonts = BookFonts(set: set, fallback: nil, pixelSize: 18)
        let settings = LayoutSettings(pageWidth: 800, pageHeight: 400, margin: 20, fontSize: 18)
        let map = Paginator(text: text, settings: settings, advances: fonts.advances, shaper: fonts.shaper).paginate()
        var typesetter = Typesetter(text: text, settings: settings, advances: fonts.advances, shaper: fonts.shaper)
        defer { typesetter.finish() }
        let glyphs = try #require(typesetter.position(map.lines).first).runs.flatMap { run in
            run.glyphs.map { (font: run.font, glyph: $0) }
        }
        let pierre = glyphs.filter { (8..<14).contains($0.glyph.cluster) }
        #expect(pierre.count == 6 && pierre.allSatisfy { $0.font == italicIndex }, "Pierre is in the italic")
        #expect(glyphs.filter { !(8..<14).contains($0.glyph.cluster) }.allSatisfy { $0.font != italicIndex })
        // Each underscore's glyph (if any) is where the next one starts: no width.
        func x(_ cluster: Int32) -> Float? { glyphs.first { $0.glyph.cluster == cluster }?.glyph.x }
        let w = try #require(x(8)), before = try #require(x(7))
        #expect(abs(w - before) < 0.01, "the opening underscore takes no room")
        let after = try #require(x(15)), end = try #require(x(14))
        #expect(abs(after - end) < 0.01, "nor the closing one")
    }

    /// A structured book's bold and small capitals: the family's bold face, and the face's own
    /// small capitals (`smcp`: other glyphs, narrower than the capitals).
    @Test func boldIsSetInTheBoldFaceAndSmallCapitalsInTheFontsOwn() throws {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph)
        builder.append("plain ")
        builder.bold = true
        builder.append("bold")
        builder.bold = false
        builder.append(" ")
        builder.smallCaps = true
        builder.append("caps")
        builder.smallCaps = false
        builder.append(" CAPS")
        let (text, structure) = builder.finish()
        let set = try BookFonts.openSet(BookFonts.Request(), coverage: TextCoverage(text), language: nil,
                                        styles: structure.faceStyles).set
        let bold = try #require(set.styled.bold, "Noto Serif Bold is installed beside Noto Serif (fonts-noto-core)")
        #expect(bold.isBold && !bold.isItalic && set.italic == nil)
        let boldIndex = UInt16(try #require(set.harfBuzz.face(for: .bold)))

        let placed = try Self.firstLineGlyphs(text, structure, set)
        func glyphs(_ clusters: Range<Int32>) -> [(run: GlyphRun, glyph: PositionedGlyph)] {
            placed.filter { clusters.contains($0.glyph.cluster) }
        }
        #expect(glyphs(6..<10).allSatisfy { $0.run.font == boldIndex && $0.run.style == .bold }, "bold is in the bold face")
        #expect(glyphs(0..<5).allSatisfy { $0.run.font == 0 && $0.run.style.isEmpty })
        let caps = glyphs(11..<15), capitals = glyphs(16..<20)
        #expect(caps.allSatisfy { $0.run.style == .smallCaps && $0.run.font == 0 })
        #expect(Set(caps.map(\.glyph.id)).isDisjoint(with: capitals.map(\.glyph.id)), "small capitals are glyphs of their own")
        let capsWidth = try #require(caps.last).glyph.x - caps[0].glyph.x
        let capitalsWidth = try #require(capitals.last).glyph.x - capitals[0].glyph.x
        #expect(capsWidth < capitalsWidth, "and smaller than the capitals")
    }

    /// The glyphs of the first line of a structured `text`, set in `set` at 18 px, each with its run.
    static func firstLineGlyphs(_ text: BookText, _ structure: DocumentStructure, _ set: FontSet) throws
        -> [(run: GlyphRun, glyph: PositionedGlyph)] {
        let fonts = BookFonts(set: set, fallback: nil, pixelSize: 18)
        let settings = LayoutSettings(pageWidth: 800, pageHeight: 400, margin: 20, fontSize: 18)
        let paginator = Paginator(text: text, settings: settings, advances: fonts.advances, structure: structure, shaper: fonts.shaper)
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        let line = try #require(typesetter.position(paginator.paginate().lines).first)
        return line.runs.flatMap { run in run.glyphs.map { (run, $0) } }
    }

    @Test func aBookWithoutUnderscoresOpensNoItalic() throws {
        let text = BookText("Plain text, nothing in italics.\n")
        #expect(try BookFonts.openSet(BookFonts.Request(), coverage: TextCoverage(text), language: nil).set.italic == nil)
    }

    /// Code in a structured book (`font-family: monospace`): fontconfig's monospaced face,
    /// every letter as wide as the next; the text around it stays in the text face.
    @Test func monospacedTextIsSetInTheMonospacedFace() throws {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph)
        builder.append("iiii ")
        builder.monospace = true
        builder.append("iiiiMMMM")
        builder.monospace = false
        builder.append(" MMMM")
        let (text, structure) = builder.finish()
        let set = try BookFonts.openSet(BookFonts.Request(), coverage: TextCoverage(text), language: nil,
                                        styles: structure.faceStyles).set
        let mono = try #require(set.styled.monospace, "fontconfig has a monospaced face (fonts-dejavu-core, fonts-noto-core)")
        #expect(mono.familyName != set.primary.familyName)
        let monoIndex = UInt16(try #require(set.harfBuzz.face(for: .monospace)))

        let glyphs = try Self.firstLineGlyphs(text, structure, set).map { (font: $0.run.font, glyph: $0.glyph) }
        func x(_ cluster: Int32) throws -> Float { try #require(glyphs.first { $0.glyph.cluster == cluster }).glyph.x }
        let code = glyphs.filter { (5..<13).contains($0.glyph.cluster) }
        #expect(code.count == 8 && code.allSatisfy { $0.font == monoIndex }, "the code is in the monospaced face")
        #expect(glyphs.filter { !(5..<13).contains($0.glyph.cluster) }.allSatisfy { $0.font != monoIndex })
        let i = try x(6) - x(5), m = try x(10) - x(9)
        #expect(abs(i - m) < 0.01, "an i as wide as an M: \(i), \(m)")
        #expect(try x(1) - x(0) < x(15) - x(14), "outside the code an i is narrower than an M")
    }
}

