import Testing
@testable import Pagination

/// A structured book's pictures on its pages: sized as CSS sizes a replaced element, never
/// wider than the block nor taller than the page, in whole rows of the grid, and a page of its
/// own for one taller than a page.
@Suite("Pictures on pages")
struct PictureLayoutTests {
    static let table = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)
    static let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)

    typealias Picture = DocumentStructure.Picture

    /// A paragraph, `picture`, and another paragraph.
    static func book(_ picture: Picture) -> (text: BookText, structure: DocumentStructure) {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph)
        builder.append("Before the picture, a few words.")
        builder.appendPicture(picture, style: nil)
        builder.beginBlock(.paragraph)
        builder.append("After the picture, a few words more.")
        return builder.finish()
    }

    func laidOut(_ picture: Picture) -> (map: PageMap, placed: [[PlacedPicture]], lineHeight: Float) {
        let (text, structure) = Self.book(picture)
        let paginator = Paginator(text: text, settings: Self.settings, advances: Self.table, structure: structure)
        let map = paginator.paginate()
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        var placed: [[PlacedPicture]] = []
        for page in 0..<map.pageCount { placed.append(typesetter.placePictures(map.lines(onPage: page))) }
        return (map, placed, paginator.settings.lineHeight)
    }

    @Test("the picture's text is one U+FFFC in a block of its own, between the paragraphs")
    func pictureBlock() {
        let (text, structure) = Self.book(Picture(start: 0, source: "p.png", pixelWidth: 40, pixelHeight: 20))
        #expect(text.string(0..<text.scalarCount) == "Before the picture, a few words.\n\u{FFFC}\nAfter the picture, a few words more.\n")
        #expect(structure.pictures.count == 1)
        let start = structure.pictures[0].start
        #expect(structure.block(holding: start)?.role == .picture)
        #expect(structure.picture(atByte: start)?.source == "p.png")
        #expect(structure.generated.contains { $0.contains(start) }, "the U+FFFC is none of the book's words")
    }

    @Test("a small picture keeps its own size (16 CSS px to the reader's em), centred, on the grid")
    func smallPicture() throws {
        let (map, placed, lineHeight) = laidOut(Picture(start: 0, source: "p.png", pixelWidth: 80, pixelHeight: 50))
        #expect(map.pageCount == 1)
        let picture = try #require(placed[0].first)
        #expect(picture.width == 80 && picture.height == 50, "16 px to the em at a 16 px em: the file's own size")
        let settings = Self.settings
        #expect(abs(picture.x + picture.width / 2 - settings.pageWidth / 2) < 0.01, "centred across the text block")
        let line = try #require(map.lines.first { $0.flags.contains(.picture) })
        #expect(Int(line.rows) == Int((50 / lineHeight).rounded(.up)), "as many whole rows as its height needs")
        #expect(map.lines.filter { !$0.flags.contains(.picture) }.count >= 2, "the paragraphs are still there")
    }

    @Test("a picture taller than the page is scaled down to it, shape kept, and takes a page of its own")
    func tallPicture() throws {
        let (map, placed, _) = laidOut(Picture(start: 0, source: "tall.png", pixelWidth: 600, pixelHeight: 3000))
        let page = try #require(placed.firstIndex { !$0.isEmpty })
        let picture = placed[page][0]
        #expect(map.lines(onPage: page).count == 1, "the picture alone on its page")
        let settings = Self.settings
        #expect(picture.height <= settings.contentHeight + 0.01 && picture.width <= settings.contentWidth + 0.01)
        #expect(abs(picture.width / picture.height - 600 / 3000) < 0.01, "never cut, never stretched")
        #expect(picture.y >= settings.margin - 0.01 && picture.y + picture.height <= settings.pageHeight - settings.margin + 0.01)
        #expect(map.pageCount == 3, "before, the picture, after")
    }

    @Test("a cover fills the page, margins and all, its shape kept")
    func cover() throws {
        let (_, placed, _) = laidOut(Picture(start: 0, source: "cover.jpg", pixelWidth: 500, pixelHeight: 800, fillsPage: true))
        let cover = try #require(placed.flatMap { $0 }.first)
        let settings = Self.settings
        #expect(abs(cover.height - settings.pageHeight) < 0.01 || abs(cover.width - settings.pageWidth) < 0.01)
        #expect(cover.width <= settings.pageWidth + 0.01 && cover.height <= settings.pageHeight + 0.01)
        #expect(abs(cover.width / cover.height - 500 / 800) < 0.001)
    }

    @Test("a picture whose file gave no size is a placeholder a few words wide")
    func unknownSize() throws {
        let claimed = Picture(start: 0, source: "huge.png", pixelWidth: 100_000, pixelHeight: 100_000)
        #expect(!claimed.isKnown, "100,000 × 100,000 pixels is refused before anything is decoded")
        let (_, placed, _) = laidOut(claimed)
        let placeholder = try #require(placed.flatMap { $0 }.first)
        #expect(!placeholder.isKnown && placeholder.width > 0 && placeholder.height > 0)
    }

    @Test("the used size follows the style's width, height and maximums, and never leaves the block or the page")
    func usedSizes() {
        let em: Float = 20, available: Float = 400, page: Float = 600
        func used(_ picture: Picture) -> (width: Float, height: Float) {
            picture.usedSize(available: available, pageHeight: page, em: em)
        }
        let base = Picture(start: 0, source: "p", pixelWidth: 320, pixelHeight: 160)
        #expect(used(base) == (400, 200), "320 CSS px at 20/16 px each, within the block")
        var half = base
        half.width = .percent(50)
        #expect(used(half) == (200, 100), "a percentage of the block's width, the height by its shape")
        var tall = base
        tall.height = .ems(5)
        #expect(used(tall) == (200, 100), "a height in ems, the width by its shape")
        var capped = base
        capped.maxWidth = .ems(4)
        #expect(used(capped) == (80, 40), "max-width scales it down, shape kept")
        var both = base
        both.width = .ems(100)
        both.height = .percent(200)
        let size = used(both)
        #expect(size.width <= available && size.height <= page, "never wider than the block, nor taller than the page")
        // Any picture, any style: inside the block and the page, never empty.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: UInt64) -> UInt64 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return (seed >> 33) % n
        }
        for _ in 0..<500 {
            var p = Picture(start: 0, source: "p", pixelWidth: Int32(next(5000) + 1), pixelHeight: Int32(next(5000) + 1))
            if next(2) == 0 { p.width = next(2) == 0 ? .ems(Float(next(200))) : .percent(Float(next(300))) }
            if next(2) == 0 { p.height = next(2) == 0 ? .ems(Float(next(200))) : .percent(Float(next(300))) }
            if next(3) == 0 { p.maxWidth = .percent(Float(next(100) + 1)) }
            let s = used(p)
            #expect(s.width >= 1 && s.height >= 1 && s.width <= available + 0.01 && s.height <= page + 0.01, "\(p)")
            if p.width == nil && p.height == nil {
                #expect(abs(s.width / s.height - Float(p.pixelWidth) / Float(p.pixelHeight)) < 0.02 * max(1, s.width / s.height))
            }
        }
    }

    @Test("pictures survive the cache's archive, and one cut short is refused")
    func archive() throws {
        let (text, structure) = Self.book(Picture(start: 0, source: "p.png", pixelWidth: 40, pixelHeight: 20, width: .percent(50),
                                                  maxHeight: .ems(3), fillsPage: false, alternative: "A red square"))
        var out = BinaryWriter()
        structure.archive(into: &out)
        func read(_ bytes: [UInt8]) -> DocumentStructure? {
            bytes.withUnsafeBytes { raw in
                var input = BinaryReader(bytes: raw)
                return DocumentStructure.unarchive(from: &input, text: text)
            }
        }
        let back = read(out.byteArray)
        #expect(back == structure && back?.digest == structure.digest)
        #expect(back?.pictures.first?.alternative == "A red square")
        #expect(read(Array(out.byteArray.dropLast(4))) == nil, "a picture cut short is no structure")
    }
}
