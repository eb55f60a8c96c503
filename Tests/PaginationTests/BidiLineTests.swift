import Testing
@testable import Pagination

/// Lines are ordered for display by UAX #9 from their paragraph's levels, and the short lines
/// of the margins and the chrome (`TextLine`) by the same rules: glyph clusters are read here
/// left to right (with `AdvanceTable` as the shaper a glyph is its scalar).
@Suite struct BidiLineTests {
    /// Every scalar 5 px wide (a wide one 10).
    static let mono = AdvanceTable.monospaced(pixelSize: 10, narrow: 5, wide: 10)

    /// The clusters of `line`'s glyphs, left to right.
    static func visual(_ runs: [GlyphRun]) -> [Int] { runs.flatMap { $0.glyphs.map { Int($0.cluster) } } }

    @Test("a line that starts with a number after an Arabic word on the line before keeps what its paragraph made of it (rule W2: an Arabic number)")
    func numberAfterArabicOnTheLineBefore() throws {
        #expect(ICULibrary.load(), "ICU is installed (libicu)")
        // "ab عرب " fills the 40 px measure; "1-2 cd" is the second line. In the paragraph,
        // 1 and 2 follow an Arabic letter: Arabic numbers (W2), the hyphen between them a
        // neutral between two numbers, so right to left (N1): the three read "2-1" from
        // the left. Resolved from the second line alone they would be European numbers
        // after the line's start (W7: left to right) and read "1-2".
        let text = BookText("ab \u{0639}\u{0631}\u{0628} 1-2 cd")
        let settings = LayoutSettings(pageWidth: 40, pageHeight: 400, margin: 0, fontSize: 10, preset: .plain)
        let map = Paginator(text: text, settings: settings, advances: Self.mono).paginate()
        try #require(map.lines.count == 2)
        #expect(map.lines[1].start == 7, "the second line starts at the number")
        var typesetter = Typesetter(text: text, settings: settings, advances: Self.mono)
        defer { typesetter.finish() }
        let lines = typesetter.position(map.lines)
        #expect(Self.visual(lines[1].runs) == [9, 8, 7, 10, 11, 12])
        #expect(Self.visual(lines[0].runs).prefix(6) == [0, 1, 2, 5, 4, 3], "the Arabic word reads right to left")
    }

    @Test("a line with no right-to-left text in a left-to-right paragraph is in logical order")
    func leftToRightParagraph() throws {
        let text = BookText("one two three four")
        let settings = LayoutSettings(pageWidth: 40, pageHeight: 400, margin: 0, fontSize: 10, preset: .plain)
        let map = Paginator(text: text, settings: settings, advances: Self.mono).paginate()
        var typesetter = Typesetter(text: text, settings: settings, advances: Self.mono)
        defer { typesetter.finish() }
        for line in typesetter.position(map.lines) {
            let clusters = Self.visual(line.runs)
            #expect(clusters == clusters.sorted())
        }
    }

    @Test("a chrome line is ordered as UAX #9 orders a paragraph: Hebrew from the right, a number and a Latin word inside it left to right")
    func mixedChromeLine() {
        #expect(ICULibrary.load(), "ICU is installed (libicu)")
        let shapes = ShapeCache(shaper: Self.mono, language: nil)
        // פרק 6 Genesis: the paragraph is right to left (its first strong letter is Hebrew);
        // "6" and "Genesis" are runs at level 2 inside it, the spaces between level 1.
        let line = TextLine("\u{05E4}\u{05E8}\u{05E7} 6 Genesis", shapes: shapes)
        #expect(line.rightToLeft)
        #expect(Self.visual(line.runs) == [6, 7, 8, 9, 10, 11, 12, 5, 4, 3, 2, 1, 0])
        #expect(line.width == 13 * 5)
        let latin = TextLine("Chapter 6", shapes: shapes)
        #expect(!latin.rightToLeft)
        #expect(Self.visual(latin.runs) == Array(0..<9))
    }

    @Test("a folio with no strong letter takes the book's direction")
    func neutralLineTakesTheDefault() {
        let shapes = ShapeCache(shaper: Self.mono, language: nil)
        #expect(TextLine("5 / 33", shapes: shapes, rightToLeftByDefault: true).rightToLeft)
        #expect(Self.visual(TextLine("5 / 33", shapes: shapes, rightToLeftByDefault: true).runs) == [4, 5, 3, 2, 1, 0])
        #expect(!TextLine("5 / 33", shapes: shapes).rightToLeft)
    }

    @Test("a line too wide is cut after whole characters and ends in an ellipsis, at its logical end: the left in a right-to-left line")
    func cutToFit() {
        let shapes = ShapeCache(shaper: Self.mono, language: nil)
        let cut = TextLine("The Adventure of the Speckled Band", shapes: shapes, maxWidth: 62)
        #expect(cut.text == "The Adventu…")
        #expect(cut.width <= 62)
        #expect(TextLine("The Adventure", shapes: shapes, maxWidth: 65).text == "The Adventure", "a line that fits is whole")
        // A space before the cut goes: "The…", not "The …".
        #expect(TextLine("The Adventure", shapes: shapes, maxWidth: 22).text == "The…")
        #expect(TextLine("The Adventure", shapes: shapes, maxWidth: 4).runs.isEmpty, "not even the ellipsis fits")

        let hebrew = TextLine("\u{05D1}\u{05E8}\u{05D0}\u{05E9}\u{05D9}\u{05EA} \u{05D1}\u{05E8}\u{05D0}", shapes: shapes, maxWidth: 25)
        #expect(hebrew.text == "\u{05D1}\u{05E8}\u{05D0}\u{05E9}…")
        #expect(Self.visual(hebrew.runs) == [4, 3, 2, 1, 0], "the ellipsis (scalar 4) is at the left end")
    }
}
