import Testing
@testable import Pagination

/// Floated pictures: the paragraph after a small floated picture set beside it, the text
/// running on at the full measure past its foot.
@Suite("Floated pictures")
struct FloatLayoutTests {
    static let advances = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)
    static let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)
    static let long = Array(repeating: "words beside it", count: 30).joined(separator: " ")

    typealias Picture = DocumentStructure.Picture

    static func book(_ side: Picture.FloatSide, width: Int32 = 64, height: Int32 = 60, paragraph: String = long)
        -> (text: BookText, structure: DocumentStructure) {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.append("Before.")
        var picture = Picture(start: 0, source: "p.png", pixelWidth: width, pixelHeight: height)
        picture.floatSide = side
        builder.appendPicture(picture, style: DocumentStructure.Style())
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.append(paragraph)
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.append("After.")
        return builder.finish()
    }

    func laidOut(_ book: (text: BookText, structure: DocumentStructure))
        -> (lines: [TypesetLine], placed: [PositionedLine], pictures: [PlacedPicture]) {
        let paginator = Paginator(text: book.text, settings: Self.settings, advances: Self.advances, structure: book.structure)
        let map = paginator.paginate()
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        let lines = map.lines(onPage: 0)
        return (map.lines, typesetter.position(lines), typesetter.placePictures(lines))
    }

    @Test("a picture floated left stands at the top of the paragraph after it, whose first lines start past it")
    func left() throws {
        let book = Self.book(.left)
        let (lines, placed, pictures) = laidOut(book)
        let picture = try #require(pictures.first)
        #expect(abs(picture.x - Self.settings.textLeft) < 0.01, "at the measure's left")
        let beside = placed.filter { book.text.string($0.range).hasPrefix("words") || $0.range.lowerBound > 10 }
            .filter { !$0.glyphs.isEmpty && !book.text.string($0.range).hasPrefix("After") }
        let first = try #require(beside.first)
        #expect(abs(first.baseline - Self.advances.ascent - picture.y) < 0.01, "the picture's top is the first line's")
        let rows = Int((picture.height / Self.settings.lineHeight - 0.01).rounded(.up))
        for line in beside.prefix(rows) { #expect(line.glyphs[0].x >= picture.x + picture.width + 12 - 0.01) }
        #expect(abs(beside[rows].glyphs[0].x - Self.settings.textLeft) < 0.01, "past its foot, the full measure")
        #expect(lines.contains { $0.flags.contains(.floated) && $0.flags.contains(.keepsWithNext) })
    }

    @Test("a picture floated right narrows the lines beside it at the right")
    func right() throws {
        let book = Self.book(.right)
        let (_, placed, pictures) = laidOut(book)
        let picture = try #require(pictures.first)
        #expect(abs(picture.x + picture.width - (Self.settings.textLeft + Self.settings.contentWidth)) < 0.01)
        let beside = placed.filter { book.text.string($0.range).hasPrefix("words") || $0.range.lowerBound > 10 }
            .filter { !$0.glyphs.isEmpty && !book.text.string($0.range).hasPrefix("After") }
        // (Glyphs are scalars without a shaper: a line's trailing space is no ink.)
        func inkEnd(_ line: PositionedLine) -> Float { line.glyphs.filter { $0.id != 0x20 }.last!.x + 8 }
        for line in beside.prefix(2) { #expect(inkEnd(line) <= picture.x - 12 + 0.01, "the ink ends before the gap") }
        #expect(beside.contains { inkEnd($0) > picture.x }, "lines past its foot reach under it")
    }

    @Test("a paragraph shorter than the picture is followed by room to its foot; a wide floated picture is a centred block")
    func shortAndWide() throws {
        let short = Self.book(.left, paragraph: "Short.")
        let (_, placed, pictures) = laidOut(short)
        let picture = try #require(pictures.first)
        let after = try #require(placed.first { short.text.string($0.range) == "After." })
        #expect(after.baseline - Self.advances.ascent >= picture.y + picture.height - 0.01)
        let wide = Self.book(.left, width: 300, height: 60)
        let (lines, _, widePictures) = laidOut(wide)
        #expect(!lines.contains { $0.flags.contains(.floated) })
        let centred = try #require(widePictures.first)
        #expect(abs(centred.x + centred.width / 2 - Self.settings.pageWidth / 2) < 0.01)
    }

    @Test("the side a picture floats to survives the structure's archive")
    func archive() throws {
        let (text, structure) = Self.book(.right)
        #expect(structure.roundTripped(text: text)?.pictures.first?.floatSide == .right)
    }
}
