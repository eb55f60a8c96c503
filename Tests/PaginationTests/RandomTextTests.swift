import PropertyBased
import Testing
@testable import Pagination

/// Pieces random books are made of: words in several scripts, spaces of every kind,
/// newlines, blank lines, punctuation, combining marks, emoji, long unbreakable runs.
let textPieces: [String] = [
    "word", "a", "Mississippi", " ", "  ", "\n", "\n\n", "\t", "\u{3000}", "中文", "。", "，", "「", "」", "《", "》",
    "——", "……", "ひらがな", "ャ", "ー", "カタカナ", "한국어", "e\u{301}", "👍🏽", "🇫🇷", "$1,000.50", "http://example.com/a/b",
    "(", ")", "-", "—", "\u{00A0}", "\u{200B}", "x" + String(repeating: "y", count: 90), String(repeating: "字", count: 50),
    "CHAPTER IV", "第十回", "!", "?", "\"", "'", "\u{FFFD}", "\u{2028}",
]

let randomTextTable = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)

@Suite("Random texts")
struct RandomTextTests {
    @Test("pages are contiguous, non-empty and cover any text; lines fit the box", arguments: LayoutPreset.allCases)
    func invariants(preset: LayoutPreset) async {
        let pieces = Gen.int(in: 0..<textPieces.count).array(of: 0...300)
        let widths = Gen.int(in: 40...700)
        await propertyCheck(count: 150, input: pieces, widths) { pieces, width in
            let text = BookText(pieces.map { textPieces[$0] }.joined())
            let settings = LayoutSettings(pageWidth: Float(width), pageHeight: 300, margin: 10, fontSize: 16,
                                          lineHeight: 24, preset: preset)
            let paginator = Paginator(text: text, settings: settings, advances: randomTextTable)
            let map = paginator.paginate()
            checkInvariants(map, text, settings, randomTextTable, placingGlyphs: true)
            if text.scalarCount > 0 {
                let offset = text.scalarCount / 2
                let slice = paginator.page(at: offset)
                #expect(slice.range.contains(offset))
                if let first = slice.lines.first {
                    #expect(map.lines.contains(first))
                } else {
                    #expect(map.lines.isEmpty)
                }
            }
        }
    }
}
