import Testing
@testable import Pagination

/// Adjacent fullwidth punctuation collapses in Chinese and Japanese (JLREQ 3.1.4, CSS Text 4
/// `trim-adjacent`): measured so by the line filler and placed so, half an em less for each
/// pair. The monospaced table sets ideographs and CJK marks 20 px (an em), Latin 10 px.
@Suite("Fullwidth punctuation collapsing")
struct PunctuationTrimTests {
    func placed(_ string: String, language: String?, width: Float = 400, table: AdvanceTable = mono)
        -> (PageMap, [PositionedLine]) {
        let text = BookText(string)
        let settings = LayoutSettings(pageWidth: width, pageHeight: 2000, margin: 0, fontSize: 20, lineHeight: 30,
                                      preset: .plain, language: language.flatMap { ContentLanguage(tag: $0) })
        let map = Paginator(text: text, settings: settings, advances: table).paginate()
        var typesetter = Typesetter(text: text, settings: settings, advances: table)
        return (map, typesetter.position(map.lines))
    }

    @Test("curly quotes set fullwidth collapse too, placed as measured inside a segment of several characters")
    func curlyQuotes() {
        var table = mono
        for c: UInt32 in [0x201C, 0x201D, 0x2026] { table.setAdvance(20, for: c) }  // a Chinese face's widths
        // 中 ： “(−10) … … ”(−10) ， 中
        let (map, lines) = placed("中：“……”，中", language: "zh", table: table)
        #expect(map.lines[0].width == 140)
        let glyphs = lines[0].glyphs
        #expect(glyphs.last.map { $0.x + 20 } == 140, "placed as wide as measured: \(glyphs.map(\.x))")
        #expect(glyphs[2].x == 30, "the opening quote moved half an em left")
    }

    @Test("Traditional Chinese centres its stops: they collapse nothing themselves")
    func centredStops() {
        #expect(placed("文。」", language: "zh").0.lines[0].width == 50)
        #expect(placed("文。」", language: "zh-Hant").0.lines[0].width == 60)
        #expect(placed("文。「", language: "zh-Hant").0.lines[0].width == 50, "an opening mark after a centred stop still does")
    }

    @Test("a colon before an opening bracket takes 1.5 em, not 2; a closing mark before a stop likewise",
          arguments: ["zh", "ja"])
    func collapsed(language: String) {
        // 中 ： 「 文 」 。 : 20 + 20 + (20 − 10) + 20 + (20 − 10) + 20 = 100.
        let (map, lines) = placed("中：「文」。", language: language)
        #expect(map.lines[0].width == 100)
        let x = lines[0].glyphs.map(\.x)
        // 「 loses its start side: its glyph moves half an em left, onto the colon's space.
        #expect(x == [0, 20, 30, 50, 70, 80], "\(x)")
    }

    @Test("nothing collapses outside Chinese and Japanese, or between marks and ideographs")
    func notElsewhere() {
        #expect(placed("中：「文」。", language: nil).0.lines[0].width == 120)
        #expect(placed("中：「文」。", language: "ko").0.lines[0].width == 120)
        #expect(placed("中文，中文。", language: "zh").0.lines[0].width == 120)
    }

    @Test("a run of three opening brackets loses two half ems, each by its own neighbour")
    func runs() {
        #expect(placed("（「『文", language: "zh").0.lines[0].width == 60)
        #expect(placed("文」』）", language: "zh").0.lines[0].width == 60)
    }

    @Test("a line placed alone is as wide as it was measured in its paragraph", arguments: [90, 130, 170, 210])
    func acrossLines(width: Float) {
        let string = String(repeating: "他说：「好。」『是』（對）、", count: 6)
        let (map, lines) = placed(string, language: "zh", width: width)
        #expect(map.lines.count > 1)
        for (line, placed) in zip(map.lines, lines) {
            let inkEnd = placed.glyphs.map { $0.x + mono.advance(of: $0.id) }.max() ?? 0
            // An opening mark that collapsed at the end of a line draws left of its advance;
            // no glyph passes the measured width.
            #expect(inkEnd <= line.width + 0.01, "\(line)")
            #expect(line.width <= width + 0.01)
        }
    }
}
