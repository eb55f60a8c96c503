import Testing
@testable import Pagination

/// A plain-text book's opening matter is set as a title page (`TitleMatter`): a page of its
/// own, centred and larger, the brackets and header labels not drawn.
@Suite struct TitlePageTests {
    static let mono = AdvanceTable.monospaced(pixelSize: 18, narrow: 9, wide: 18)
    static let settings = LayoutSettings(pageWidth: 700, pageHeight: 900, margin: 40, fontSize: 18, preset: .book)
    static let chapter = "CHAPTER I. Down the Rabbit-Hole\n\nAlice was beginning to get very tired of sitting by her sister.\n"

    static func layout(_ string: String) -> (BookText, PageMap, [PositionedLine]) {
        let text = BookText(string)
        let map = Paginator(text: text, settings: settings, advances: mono).paginate()
        var typesetter = Typesetter(text: text, settings: settings, advances: mono)
        defer { typesetter.finish() }
        return (text, map, typesetter.position(map.lines(onPage: 0)))
    }

    /// The text a positioned line draws, in logical order (glyphs are scalars here).
    static func drawn(_ line: PositionedLine, _ text: BookText) -> String {
        let clusters = Set(line.runs.flatMap { $0.glyphs.map(\.cluster) })
        return String(String.UnicodeScalarView(clusters.sorted().compactMap { Unicode.Scalar(text.scalar(at: Int($0))) }))
    }

    @Test("a bracketed first line is a title page: its own page, the author on a line of their own, no brackets drawn")
    func bracketedTitle() throws {
        let (text, map, lines) = Self.layout("[Alice's Adventures in Wonderland by Lewis Carroll 1865]\n\n" + Self.chapter)
        let first = map.lines(onPage: 0)
        #expect(first.count == 2 && first.allSatisfy { $0.flags.contains(.title) })
        #expect(lines.map { Self.drawn($0, text) } == ["Alice's Adventures in Wonderland ", "by Lewis Carroll 1865"])
        #expect(lines.allSatisfy { $0.runs.allSatisfy { $0.scale == TitleMatter.scale } }, "set larger")
        #expect(lines[0].baseline > Self.settings.pageHeight / 5, "in the upper part of the page, not at its top")
        #expect(map.lines(onPage: 1).first.map { text.string(Int($0.start)..<Int($0.end)) } == "CHAPTER I. Down the Rabbit-Hole")
        // Centred: as much room on either side.
        let xs = lines[1].runs.flatMap { $0.glyphs.map(\.x) }
        let left = xs.min()! - Self.settings.textLeft
        let right = Self.settings.textLeft + Self.settings.contentWidth - (xs.max()! + 9 * TitleMatter.scale)
        #expect(abs(left - right) < 2)
    }

    @Test("a Project Gutenberg header's title and author make the title page, their labels not drawn")
    func gutenbergHeader() throws {
        let (text, map, lines) = Self.layout("\u{FEFF}Title: War and Peace\n\nAuthor: Leo Tolstoy\n\n\n\n" + Self.chapter)
        #expect(map.lines(onPage: 0).allSatisfy { $0.flags.contains(.title) })
        #expect(lines.map { Self.drawn($0, text) } == ["War and Peace", "Leo Tolstoy"])
        #expect(!map.lines(onPage: 1).contains { $0.flags.contains(.title) })
    }

    @Test("a header in a file without blank lines is its Title: and Author: lines alone; a header's brackets are its text")
    func headerWithoutBlankLines() throws {
        let string = "Title: Poems [Selected]\nAuthor: Anonymous\nThe first poem begins here.\nIt runs on.\nAnd on.\nAnd on.\n"
        let matter = try #require(TitleMatter.find(in: BookText(string)))
        #expect(!matter.bracketed)
        let (text, map, lines) = Self.layout(string)
        #expect(lines.map { Self.drawn($0, text) } == ["Poems [Selected]", "Anonymous"])
        #expect(lines[1].baseline - lines[0].baseline == Self.settings.lineHeight * Float(Self.settings.rows(forScale: TitleMatter.scale)),
                "a line of the file's header follows the one before it without a gap")
        #expect(map.lines.filter { $0.flags.contains(.title) }.count == 2)
        #expect(map.lines(onPage: 1).first.map { text.string(Int($0.start)..<Int($0.end)) }?.hasPrefix("The first poem") == true)
    }

    @Test("a title too long for its page runs on to the next, its lines filling each page")
    func longTitle() {
        var settings = Self.settings
        settings.pageWidth = 200
        settings.pageHeight = 300
        settings.margin = 10
        let text = BookText("[Alice's Adventures in Wonderland by Lewis Carroll 1865]\n\n" + Self.chapter)
        let map = Paginator(text: text, settings: settings, advances: Self.mono).paginate()
        let titled = (0..<map.pageCount).filter { map.lines(onPage: $0).contains { $0.flags.contains(.title) } }
        #expect(map.lines.filter { $0.flags.contains(.title) }.count > 3)
        #expect(titled == [0, 1], "pages \(titled)")
        #expect(map.lines(onPage: 0).count > 1, "the first page holds the lines that fit it, not one")
    }

    @Test("a book without opening matter has no title page", arguments: [
        "Alice was beginning to get very tired.\n\n" + chapter,
        "[a note in brackets that runs straight on]\nwith more text\n\n" + chapter,
    ])
    func noTitle(_ string: String) {
        #expect(TitleMatter.find(in: BookText(string)) == nil)
        let (_, map, _) = Self.layout(string)
        #expect(!map.lines.contains { $0.flags.contains(.title) })
    }
}
