import Testing
@testable import Pagination

/// Drop caps: a paragraph's first letter drawn as tall as its first lines, the lines beside it
/// indented by its width, the letter never drawn twice nor lost.
@Suite("Drop caps")
struct DropCapTests {
    static let advances = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)
    static let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)
    static let long = "Once upon a time there was a paragraph long enough to run over several lines of the page, with a drop cap at its start and more words after."

    static func book(_ paragraphs: [String], lines: Int = 3) -> (text: BookText, structure: DocumentStructure) {
        var builder = DocumentBuilder()
        for (k, paragraph) in paragraphs.enumerated() {
            builder.beginBlock(.paragraph, style: DocumentStructure.Style())
            if k == 0 { builder.dropCapNextLetter(lines: lines) }
            builder.append(paragraph)
        }
        return builder.finish()
    }

    func laidOut(_ book: (text: BookText, structure: DocumentStructure)) -> (lines: [TypesetLine], placed: [PositionedLine]) {
        let paginator = Paginator(text: book.text, settings: Self.settings, advances: Self.advances, structure: book.structure)
        let map = paginator.paginate()
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        return (map.lines, typesetter.position(map.lines(onPage: 0)))
    }

    @Test("the builder marks the first letter, with the opening quotation mark before it and not the word after")
    func marked() throws {
        let (text, structure) = Self.book(["“Once upon a time."])
        let cap = try #require(structure.dropCaps.first)
        #expect(String(decoding: text.utf8[cap.start..<cap.end], as: UTF8.self) == "“O")
        #expect(cap.lines == 3)
        #expect(Self.book(["123 and on"]).structure.dropCaps.count == 1, "a digit may be one")
        #expect(Self.book(["— a dash first"]).structure.dropCaps.isEmpty, "no letter first: no drop cap")
        #expect(Self.book(["One", "Two"]).structure.dropCaps.count == 1, "only the paragraph that asked")
    }

    @Test("the letter is drawn once, as tall as three lines, its baseline on the third; the three lines stand beside it")
    func drawn() throws {
        let book = Self.book([Self.long, "A second paragraph at the full measure, not indented beside anything at all."])
        let (lines, placed) = laidOut(book)
        let lineHeight = Self.settings.lineHeight
        let capRun = try #require(placed[0].runs.first { $0.scale > 1 })
        #expect(capRun.glyphs.count == 1 && capRun.glyphs[0].cluster == 0, "the letter's one glyph, its cluster its scalar")
        #expect(abs(capRun.glyphs[0].y - (placed[0].baseline + 2 * lineHeight)) < 0.01, "on the third line's baseline")
        #expect(abs(capRun.scale - (1 + 2 * lineHeight / (0.7 * 16))) < 0.001)
        #expect(placed.flatMap(\.glyphs).filter { $0.cluster == 0 }.count == 1, "the letter is not in the line's text too")
        let indent = capRun.glyphs[0].x + 8 * capRun.scale
        let left = Self.settings.textLeft
        for k in 0..<3 { #expect(placed[k].glyphs.filter { $0.cluster != 0 }.first!.x >= indent - 0.01, "line \(k) beside the letter") }
        #expect(abs(placed[3].glyphs.first!.x - left) < 0.01, "the fourth line at the full measure")
        #expect(lines[1].flags.contains(.besideDropCap) && lines[2].flags.contains(.besideDropCap) && !lines[3].flags.contains(.besideDropCap))
        #expect(lines[0].flags.contains(.keepsWithNext) && lines[1].flags.contains(.keepsWithNext), "kept on one page")
    }

    @Test("a paragraph shorter than the letter is followed by empty lines to its depth")
    func shortParagraph() throws {
        let book = Self.book(["Hi.", "Next paragraph."])
        let (lines, placed) = laidOut(book)
        #expect(lines.prefix(3).allSatisfy { Int($0.start) < 4 }, "three lines for the first paragraph")
        let next = try #require(placed.first { book.text.string($0.range).hasPrefix("Next") })
        #expect(next.baseline >= placed[0].baseline + 3 * Self.settings.lineHeight - 0.01, "below the letter")
    }

    @Test("drop caps survive the structure's archive; one sinking into one line is refused")
    func archive() throws {
        let (text, structure) = Self.book([Self.long])
        #expect(structure.roundTripped(text: text) == structure)
        var damaged = structure
        damaged.dropCaps[0].lines = 1
        #expect(damaged.roundTripped(text: text) == nil)
        var inside = structure
        inside.dropCaps[0].start += 1
        inside.dropCaps[0].end += 1
        #expect(inside.roundTripped(text: text) == nil, "a drop cap not at its block's start")
    }
}
