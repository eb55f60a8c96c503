import Foundation
import Testing
@testable import Pagination

/// Chapters, scene breaks and paragraphs as a book sets them (the `book` preset).
@Suite("Chapter openings")
struct ChapterOpeningTests {
    static let table = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)
    static let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)

    /// Project Gutenberg's shape: a book, its chapters, paragraphs hard-wrapped and separated
    /// by blank lines, scene breaks inside chapters.
    static let novel: String = {
        var out = "BOOK ONE: 1805\n\nCHAPTER I\n\n"
        for chapter in 1...4 {
            if chapter > 1 { out += "\n\nCHAPTER \(["I", "II", "III", "IV"][chapter - 1])\n\n" }
            for paragraph in 0..<6 {
                if paragraph == 3 { out += "*       *       *       *       *\n\n" }
                out += "Paragraph \(paragraph) of chapter \(chapter) begins\nhere, wrapped as Project Gutenberg wraps\nits lines, and runs on until it ends.\n\n"
            }
        }
        return out
    }()

    func laidOut(_ string: String) -> (BookText, PageMap) {
        let text = BookText(string)
        return (text, Paginator(text: text, settings: Self.settings, advances: Self.table).paginate())
    }

    func lineText(_ text: BookText, _ line: TypesetLine) -> String {
        text.string(Int(line.start)..<Int(line.end)).trimmingCharacters(in: .whitespaces)
    }

    @Test("every chapter heading opens a page, unless it follows the book's heading on the same page")
    func headingsOpenPages() {
        let (text, map) = laidOut(Self.novel)
        let headings = map.lines.indices.filter { map.lines[$0].flags.contains(.heading) }
        #expect(headings.map { lineText(text, map.lines[$0]) } == ["BOOK ONE: 1805", "CHAPTER I", "CHAPTER II", "CHAPTER III", "CHAPTER IV"])
        let firsts = Set(map.pageFirstLines.map(Int.init))
        #expect(firsts.contains(headings[0]))
        #expect(headings[1] == headings[0] + 1 && !firsts.contains(headings[1]), "CHAPTER I stays under BOOK ONE")
        for k in headings.dropFirst(2) { #expect(firsts.contains(k), "\(lineText(text, map.lines[k])) opens a page") }
    }

    @Test("headings and scene breaks are centred; the paragraph after them is not indented, the others are")
    func centringAndIndents() {
        let (text, map) = laidOut(Self.novel)
        var typesetter = Typesetter(text: text, settings: Self.settings, advances: Self.table)
        for (k, line) in map.lines.enumerated() where line.flags.contains(.paragraphStart) {
            let glyphs = typesetter.position(line, baseline: 0).glyphs.filter { $0.id != 0x20 }
            let left = glyphs.first!.x - Self.settings.margin
            let right = Self.settings.contentWidth - (glyphs.last!.x + Self.table.advance(of: glyphs.last!.id) - Self.settings.margin)
            if line.flags.isCentred {
                #expect(abs(left - right) <= 1, "\(lineText(text, line)) centred")
            } else if k > 0 && map.lines[k - 1].flags.isCentred {
                #expect(line.flags.contains(.unindented) && left == 0, "\(lineText(text, line)) flush after a heading or break")
            } else {
                #expect(left == Self.settings.fontSize, "\(lineText(text, line)) indented 1 em")
            }
        }
        #expect(map.lines.filter { $0.flags.contains(.sceneBreak) }.count == 4)
    }

    @Test("a heading at a page's top sits lower, and every baseline stays on the line grid")
    func baselineGrid() {
        let (text, map) = laidOut(Self.novel)
        let typesetter = Typesetter(text: text, settings: Self.settings, advances: Self.table)
        for page in 0..<map.pageCount {
            let lines = map.lines[Int(map.pageFirstLines[page])..<(page + 1 < map.pageCount ? Int(map.pageFirstLines[page + 1]) : map.lines.count)]
            let baselines = typesetter.baselines(of: lines)
            let first = baselines[0] - Self.settings.margin - Self.table.ascent
            #expect(abs(first - (lines.first!.flags.contains(.heading) ? 3 * Self.settings.lineHeight : 0)) < 0.01)
            for b in baselines {
                let steps = (b - baselines[0]) / Self.settings.lineHeight
                #expect(abs(steps - steps.rounded()) < 0.001, "on the grid")
            }
            #expect(baselines.last! - Self.table.ascent + Self.settings.lineHeight <= Self.settings.pageHeight - Self.settings.margin + 0.01,
                    "the page holds what was counted for it")
        }
    }

    @Test("a chapter title followed at once by a poem stays a line of its own (三国演义)")
    func headingRunningIntoText() {
        let (text, map) = laidOut("第一回　宴桃园豪杰三结义　斩黄巾英雄首立功\n　　滚滚长江东逝水，浪花淘尽英雄。\n　　是非成败转头空。\n")
        #expect(map.lines[0].flags.contains(.heading))
        #expect(lineText(text, map.lines[0]).hasSuffix("斩黄巾英雄首立功"))
        #expect(!map.lines[1].flags.contains(.heading))
    }

    @Test("the page laid out on its own opens at the same heading as the whole book", arguments: [0, 300, 900, 1500])
    func lazyPageAgrees(offset: Int) {
        let text = BookText(Self.novel)
        let paginator = Paginator(text: text, settings: Self.settings, advances: Self.table)
        let map = paginator.paginate()
        let slice = paginator.page(at: offset)
        let first = map.lines.firstIndex { Int($0.start) == slice.lines.first.map { Int($0.start) } ?? -1 }
        #expect(first != nil)
        if let first { #expect(Array(map.lines[first..<(first + slice.lines.count)]) == slice.lines) }
    }

    @Test("a paragraph that opens with the word Chapter is text, not a heading")
    func headingWordInRunningText() {
        let (_, map) = laidOut("CHAPTER I\n\nSome text.\n\nChapter 3 deals with the matter\nof the war, as the reader will see.\n\n")
        #expect(map.lines.filter { $0.flags.contains(.heading) }.count == 1)
        #expect(map.pageCount == 1)
    }

    @Test("on a page too short for the space above a heading, the heading and a line after it still fit")
    func headingOnAShortPage() {
        let settings = LayoutSettings(pageWidth: 420, pageHeight: 120, margin: 10, fontSize: 16, lineHeight: 30)
        let text = BookText("Text before.\n\nCHAPTER II\n\nText after the heading.\n")
        let map = Paginator(text: text, settings: settings, advances: Self.table).paginate()
        var typesetter = Typesetter(text: text, settings: settings, advances: Self.table)
        for page in 0..<map.pageCount {
            let range = Int(map.pageFirstLines[page])..<(page + 1 < map.pageCount ? Int(map.pageFirstLines[page + 1]) : map.lines.count)
            for line in typesetter.position(map.lines[range]) {
                #expect(line.baseline - Self.table.ascent + settings.lineHeight <= settings.pageHeight - settings.margin + 0.01)
            }
        }
        #expect(map.lines.contains { $0.flags.contains(.heading) })
    }

    @Test("plain keeps every line as it is: no heading, no centring")
    func plainIsUntouched() {
        let map = Paginator(text: BookText(Self.novel), settings: LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30,
                                                                                 fontSize: 16, preset: .plain),
                            advances: Self.table).paginate()
        #expect(map.lines.allSatisfy { $0.flags.isDisjoint(with: [.heading, .sceneBreak, .unindented]) })
    }
}

@Suite("Hard-wrapped paragraphs")
struct HardWrapTests {
    /// The paragraph's glyphs as placed, by the scalar each shows.
    func placed(_ string: String) -> [Int: PositionedGlyph] {
        let text = BookText(string)
        let settings = LayoutSettings(pageWidth: 2000, pageHeight: 600, margin: 30, fontSize: 16)
        var typesetter = Typesetter(text: text, settings: settings, advances: ChapterOpeningTests.table,
                                    shape: .blankLineSeparated)
        var lines: [TypesetLine] = []
        typesetter.typesetParagraph(at: TextPosition(byte: 0, scalar: 0), into: &lines)
        var glyphs: [Int: PositionedGlyph] = [:]
        for line in typesetter.position(lines) { for g in line.glyphs { glyphs[Int(g.cluster)] = g } }
        return glyphs
    }

    @Test("a CJK continuation line's indent is no gap: the characters either side of the line feed touch")
    func cjkIndentJoins() {
        let string = "白发渔樵江渚上，惯\n　　看秋月春风。"
        let glyphs = placed(string)
        let scalars = Array(string.unicodeScalars)
        let before = scalars.firstIndex(of: "惯")!, after = scalars.firstIndex(of: "看")!
        #expect(glyphs[after]!.x == glyphs[before]!.x + 16)
    }

    @Test("a Latin continuation line's indent leaves one word space, as the line feed does alone")
    func latinIndentJoins() {
        let indented = placed("the quick\n      brown fox")
        let plain = placed("the quick\nbrown fox")
        #expect(indented[16]!.x == plain[10]!.x, "'b' lands where it lands without the indent")
    }
}

@Suite("The measure")
struct MeasureTests {
    static let table = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)

    static func lines(width: Float) -> (LayoutSettings, BookText, PageMap) {
        let sentence = "Paragraph after paragraph of plain running text, set as books set it. "
        let text = BookText(String(repeating: String(repeating: sentence, count: 4) + "\n\n", count: 40))
        let settings = LayoutSettings(pageWidth: width, pageHeight: 800, margin: 40, fontSize: 16).fitted(to: text, advances: table)
        return (settings, text, Paginator(text: text, settings: settings, advances: table).paginate())
    }

    @Test("a wide page keeps about 75 characters a line, the rest margin alike on both sides")
    func widePageIsCapped() {
        let (settings, text, map) = Self.lines(width: 1600)
        #expect(settings.contentWidth == 75 * 8)
        #expect(settings.textLeft == (1600 - 600) / 2)
        let full = map.lines.filter { !$0.flags.contains(.paragraphEnd) }
        #expect(!full.isEmpty)
        // 75 characters, and as many more as its word spaces may shrink (a third of a space each).
        for line in full { #expect(Float(line.end - line.start) <= 76 + shrinkAllowance(of: line, in: text, space: 8) / 8) }
        var typesetter = Typesetter(text: text, settings: settings, advances: Self.table)
        let glyphs = typesetter.position(full[0], baseline: 0).glyphs.filter { $0.id != 0x20 }
        #expect(glyphs.first!.x == settings.textLeft + settings.fontSize, "an indented first line starts an em into the block")
        #expect(abs(glyphs.last!.x + 8 - (settings.textLeft + settings.contentWidth)) < 0.01, "justified to the block's right edge")
    }

    @Test("a page narrower than the measure keeps its margins; plain is never capped")
    func narrowPageAndPlainAreUntouched() {
        let (settings, _, _) = Self.lines(width: 500)
        #expect(settings.contentWidth == 420 && settings.textLeft == 40)
        let plain = LayoutSettings(pageWidth: 1600, pageHeight: 800, preset: .plain).fitted(to: BookText("text"), advances: Self.table)
        #expect(plain.measure == nil && plain.contentWidth == 1520)
    }
}

extension HardWrapTests {
    @Test("a line placed from inside a continuation indent decodes it as measured: zero-width spaces")
    func lineStartingInsideAnIndent() {
        let bytes = Array("惯\n　　看 x\n  y".utf8)
        bytes.withUnsafeBufferPointer { b in
            var out = [UInt32](repeating: 0, count: 16)
            let whole = out.withUnsafeMutableBufferPointer { UTF8Scanner.decode(b, 0..<b.count, into: $0, softLineFeeds: true) }
            let measured = Array(out[0..<whole])
            // From the second U+3000 (byte 7), as a placed line would start after a break there.
            #expect(UTF8Scanner.followsLineFeed(b, 7))
            let part = out.withUnsafeMutableBufferPointer {
                UTF8Scanner.decode(b, 7..<b.count, into: $0, softLineFeeds: true, inLineIndent: UTF8Scanner.followsLineFeed(b, 7))
            }
            #expect(Array(out[0..<part]) == Array(measured.suffix(part)))
            #expect(UTF8Scanner.followsLineFeed(b, 10) && !UTF8Scanner.followsLineFeed(b, 13), "after 看 the line has begun")
        }
    }
}
