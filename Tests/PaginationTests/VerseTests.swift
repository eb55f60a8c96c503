import Foundation
import Testing
@testable import Pagination

/// Verse in a hard-wrapped book: Project Gutenberg indents a poem's lines, and a book keeps
/// them as lines (Alice's "How doth the little crocodile" was re-flowed into prose).
@Suite("Verse")
struct VerseTests {
    static let table = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)
    static let settings = LayoutSettings(pageWidth: 620, pageHeight: 2000, margin: 30, fontSize: 16)

    static let alice = """
        it, but her voice sounded hoarse and strange, and the words did not come
        the same as they used to do:--

             'How doth the little crocodile
              Improve his shining tail,
             And pour the waters of the Nile
              On every golden scale!

             'How cheerfully he seems to grin,
              How neatly spread his claws,
             And welcome little fishes in
              With gently smiling jaws!'

        'I'm sure those are not the right words,' said poor Alice, and her eyes
        filled with tears again as she went on, 'I must be Mabel after all, and
        I shall have to go and live in that poky little house, and have next to
        no toys to play with.

        """ + prose

    /// Hard-wrapped prose enough for the book to read as re-flowed (`ParagraphShape`).
    static let prose = String(repeating: "A paragraph of prose, wrapped as Project Gutenberg wraps its lines at\nabout seventy columns, and so re-flowed by the book preset as it runs\nto its end, which comes on the third line of the file.\n\n", count: 8)

    func laidOut() -> (BookText, PageMap) {
        let text = BookText(Self.alice)
        return (text, Paginator(text: text, settings: Self.settings, advances: Self.table).paginate())
    }

    @Test func eachLineOfAPoemIsALineOfThePage() {
        let (text, map) = laidOut()
        let verse = map.lines.filter { $0.flags.contains(.verse) }
        let shown = verse.map { text.string(Int($0.start)..<Int($0.end)).trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(shown == [
            "'How doth the little crocodile", "Improve his shining tail,", "And pour the waters of the Nile",
            "On every golden scale!", "'How cheerfully he seems to grin,", "How neatly spread his claws,",
            "And welcome little fishes in", "With gently smiling jaws!'",
        ])
        #expect(verse.filter { $0.flags.contains(.stanzaStart) }.count == 2, "two stanzas")
        let prose = map.lines.filter { !$0.flags.contains(.verse) }
        let secondLine = text.string(Int(prose[1].start)..<Int(prose[1].end))
        #expect(secondLine.contains("come\nthe same"), "prose is still re-flowed: \(secondLine)")
    }

    @Test func verseIsIndentedByItsLeadingSpacesNeverJustifiedAndStanzasStandApart() {
        let (text, map) = laidOut()
        var typesetter = Typesetter(text: text, settings: Self.settings, advances: Self.table)
        defer { typesetter.finish() }
        let page = Array(map.lines[Int(map.pageFirstLines[0])..<map.lines.count])
        let placed = typesetter.position(page)
        let baselines = typesetter.baselines(of: page)
        let verse = page.indices.filter { page[$0].flags.contains(.verse) }
        let left = verse.map { placed[$0].glyphs.first!.x }
        let halfEm = Self.settings.fontSize / 2
        // 5 and 6 leading spaces: two and a half ems and three.
        #expect(left[1] - left[0] == halfEm && left[0] == left[2] && left[1] == left[3])
        for k in verse {
            let glyphs = placed[k].glyphs
            let natural = zip(glyphs, glyphs.dropFirst()).allSatisfy { $1.x - $0.x == Self.table.advance(of: UInt32(text.string(Int($0.cluster)..<Int($0.cluster) + 1).unicodeScalars.first!.value)) }
            #expect(natural, "verse line \(k) keeps its natural spacing")
        }
        let line = Self.settings.lineHeight
        #expect(baselines[verse[0]] - baselines[verse[0] - 1] == 2 * line, "a line's space before the poem")
        #expect(baselines[verse[4]] - baselines[verse[3]] == 2 * line, "and between its stanzas")
        #expect(baselines[verse[1]] - baselines[verse[0]] == line, "its lines one line apart")
        #expect(baselines[verse[7] + 1] - baselines[verse[7]] == 2 * line, "and after it")
    }

    @Test func proseWhoseFirstLinesAloneAreIndentedStaysProse() {
        let string = String(repeating: "  Indented first line of a paragraph that is long enough to wrap, as\nProject Gutenberg wraps its lines at about seventy columns, and its\nsecond and third lines are not indented.\n\n", count: 8)
        let text = BookText(string)
        #expect(ParagraphShape.detect(in: text) == .blankLineSeparated)
        let map = Paginator(text: text, settings: Self.settings, advances: Self.table).paginate()
        #expect(!map.lines.contains { $0.flags.contains(.verse) })
    }

    /// What a line shows when it is placed on its own is what its paragraph measured: the
    /// underscores of emphasis in a poem's second line are hidden there too (the line's
    /// paragraph is the verse line, not the block), and after a scene break in the same block.
    @Test func emphasisInVerseAndAfterASceneBreakIsHiddenWhereverTheLineIsPlaced() {
        let string = Self.prose
            + "  _Twinkle_ twinkle\n  how I _wonder_ what\n\n*  *  *\nAnd _then_ it went on.\n"
        let text = BookText(string)
        #expect(ParagraphShape.detect(in: text) == .blankLineSeparated)
        let map = Paginator(text: text, settings: Self.settings, advances: Self.table).paginate()
        #expect(map.lines.filter { $0.flags.contains(.verse) }.count == 2)
        var typesetter = Typesetter(text: text, settings: Self.settings, advances: Self.table)
        defer { typesetter.finish() }
        let shown = typesetter.position(map.lines).flatMap(\.glyphs)
        // The table shapes one glyph a scalar, its id the scalar.
        #expect(!shown.contains { $0.id == 0x5F }, "no underscore is drawn")
        #expect(shown.filter { $0.id == 0x2060 }.count == 6, "each of the six is an invisible word joiner")
    }

    @Test func aOneLineIndentedParagraphIsProseAndTheNextIsIndentedAsUsual() {
        let string = String(repeating: "  A paragraph whose first line alone is indented, wrapped at about\nseventy columns as Project Gutenberg wraps them, and re-flowed here\nuntil it ends, on the third line of the file as the others do.\n\n", count: 8)
            + "  'Yes,' said he.\n\n  Next paragraph, also wrapped at about seventy columns, as\nthe others are.\n"
        let text = BookText(string)
        #expect(ParagraphShape.detect(in: text) == .blankLineSeparated)
        let map = Paginator(text: text, settings: Self.settings, advances: Self.table).paginate()
        #expect(!map.lines.contains { $0.flags.contains(.verse) })
        let last = map.lines.last { $0.flags.contains(.paragraphStart) }!
        #expect(last.flags.isIndented, "the paragraph after a one-line reply keeps its indent")
    }

    /// A book that is all verse keeps a line of the page for each line of the file, though
    /// its lines are of nearly equal length as a hard-wrapped book's are: Truyện Kiều's
    /// six- and eight-syllable couplets end where the verse does, not where the next word
    /// would not fit.
    @Test func aBookOfLucBatCoupletsIsNotReflowed() {
        let couplets = """
            Trăm năm trong cõi người ta,
            Chữ tài chữ mệnh khéo là ghét nhau.
            Trải qua một cuộc bể dâu,
            Những điều trông thấy mà đau đớn lòng.
            Lạ gì bỉ sắc tư phong,
            Trời xanh quen thói má hồng đánh ghen.
            Cảo thơm lần giở trước đèn,
            Phong tình có lục còn truyền sử xanh.

            """
        let text = BookText(String(repeating: couplets, count: 40))
        #expect(ParagraphShape.detect(in: text) == .linePerParagraph)
        let map = Paginator(text: text, settings: Self.settings, advances: Self.table).paginate()
        #expect(map.lines.count == 320, "one line of the page for each line of the poem")
    }

    /// Thai klon sets two hemistichs on a line with a wide space between them; lines of it
    /// are as full as a wrapped book's, but the caesura says verse.
    @Test func linesWithACaesuraAreVerse() {
        let lines = """
            เห็นอะไรก็ให้กำเริบรัก     ไม่รู้จักหมามุ้ยเอามือทึ้ง
            ละอองลูกถูกเนื้อมันเหลือเล่ห์     สมคะเนเกาสนุกลุกทะลึ่ง
            พวกขอเฝ้าเหล่าโขลนตะโกนอึง     ใบตำลึงหม่อมจ๋าแก้หมามุ้ย

            """
        #expect(ParagraphShape.detect(in: BookText(String(repeating: lines, count: 40))) == .linePerParagraph)
    }

    /// Chinese e-books wrap at a fixed number of characters; any character may start the
    /// next line, so every wrapped line is full.
    @Test func chineseWrappedAtThirtyCharactersIsReflowed() {
        let paragraph = String(repeating: "话说天下大势分久必合合久必分周末七国分争并入于秦及秦灭之后楚汉分争又并入于汉", count: 3)
        var wrapped = ""
        var line = ""
        for character in paragraph {
            line.append(character)
            if line.count == 30 { wrapped += line + "\n"; line = "" }
        }
        wrapped += line + "\n\n"
        #expect(ParagraphShape.detect(in: BookText(String(repeating: wrapped, count: 20))) == .blankLineSeparated)
    }
}

@Suite("Verse in a styled block")
struct StyledVerseTests {
    @Test("a verse line's indent stops at half its block's measure as drawn, whatever the block's size or insets")
    func indentWithinTheBlock() throws {
        let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)
        for (scale, inset) in [(Float(1), Float(0)), (2, 0), (1, 6), (1.5, 4)] {
            var builder = DocumentBuilder()
            builder.beginBlock(.preformatted, style: DocumentStructure.Style(startInset: inset, fontScale: scale))
            builder.append(String(repeating: " ", count: 100) + "far in")
            let (text, structure) = builder.finish()
            let paginator = Paginator(text: text, settings: settings, advances: VerseTests.table, structure: structure)
            var typesetter = paginator.makeTypesetter()
            defer { typesetter.finish() }
            let line = try #require(typesetter.position(paginator.paginate().lines).first)
            let x = try #require(line.runs.first?.glyphs.first?.x)
            let blockLeft = settings.textLeft + inset * settings.fontSize
            let half = (settings.contentWidth - inset * settings.fontSize) / 2
            #expect(abs(x - (blockLeft + half)) < 0.01, "at \(scale)× with a \(inset) em inset the line starts at \(x)")
        }
    }
}

