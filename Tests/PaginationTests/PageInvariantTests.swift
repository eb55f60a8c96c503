import Foundation
import Testing
@testable import Pagination

/// Shared checks: pages are contiguous, non-empty and cover the text; lines are in order,
/// inside the text, and no wider than the content width unless a single glyph cannot fit or
/// total fit chose to shrink the line's word spaces (by a third of a space at most).
func checkInvariants(_ map: PageMap, _ text: BookText, _ settings: LayoutSettings, _ table: AdvanceTable,
                     placingGlyphs: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(map.scalarCount == text.scalarCount, sourceLocation: sourceLocation)
    if text.scalarCount == 0 {
        #expect(map.pageCount == 0, sourceLocation: sourceLocation)
        return
    }
    #expect(map.pageCount >= 1, sourceLocation: sourceLocation)
    var previousEnd = 0
    for page in 0..<map.pageCount {
        let range = map.pageRange(page)
        if range.lowerBound != previousEnd || range.isEmpty {
            Issue.record("page \(page) has range \(range) after \(previousEnd)", sourceLocation: sourceLocation)
            return
        }
        previousEnd = range.upperBound
    }
    #expect(previousEnd == text.scalarCount, sourceLocation: sourceLocation)
    var lastStart: Int32 = -1
    for (i, line) in map.lines.enumerated() {
        if line.start <= lastStart || line.end < line.start || Int(line.end) > text.scalarCount {
            Issue.record("line \(i) \(line.start)..<\(line.end) out of order", sourceLocation: sourceLocation)
            return
        }
        lastStart = line.start
        if placingGlyphs {
            // Measured independently of the filler's own width: where the glyphs are drawn.
            var typesetter = Typesetter(text: text, settings: settings, advances: table)
            // (Glyph ids are scalars: the table shapes; x is from the page's left edge.)
            let ink = typesetter.position(line, baseline: 0).glyphs
                .filter { !isTypesetSpace($0.id) && table.advance(of: $0.id) > 0 }
            let limit = settings.contentWidth + (line.flags.contains(.hangingPunctuation) ? settings.margin : 0) + 0.01
            let inkEnd = (ink.last.map { $0.x + table.advance(of: $0.id) } ?? 0) - settings.margin
            if ink.count > 1, inkEnd > limit {
                Issue.record("line \(i) draws to \(inkEnd) in \(limit): \(text.string(Int(line.start)..<Int(line.end)))",
                             sourceLocation: sourceLocation)
                return
            }
        }
        if line.width > settings.contentWidth + shrinkAllowance(of: line, in: text, space: table.advance(of: 0x20)) + 0.01 {
            let ink = text.string(Int(line.start)..<Int(line.end)).unicodeScalars.filter { !isTypesetSpace($0.value) }
            if ink.count > 1 {
                Issue.record("line \(i) is \(line.width) wide in \(settings.contentWidth): \(text.string(Int(line.start)..<Int(line.end)))",
                             sourceLocation: sourceLocation)
                return
            }
        }
    }
}

/// How much wider than the measure `line` may be set: a justified line's word spaces (runs of
/// spaces, soft line feeds among them, between its first and last ink) shrink by a third of a
/// space each, at most.
func shrinkAllowance(of line: TypesetLine, in text: BookText, space: Float) -> Float {
    guard line.flags.isDisjoint(with: [.paragraphEnd, .emergencyBreak, .forcedBreak, .heading, .sceneBreak]) else { return 0 }
    // A soft line feed inside a paragraph is set as a space.
    let scalars = Array(text.string(Int(line.start)..<Int(line.end)).unicodeScalars.map { $0.value == 0x0A ? 0x20 : $0.value })
    var first = 0, last = scalars.count
    while first < last && isTypesetSpace(scalars[first]) { first += 1 }
    while last > first && isTypesetSpace(scalars[last - 1]) { last -= 1 }
    var gaps = 0
    for k in first..<last where isTypesetSpace(scalars[k]) && !isTypesetSpace(scalars[k - 1]) { gaps += 1 }
    return Float(gaps) * space * TotalFit.shrinkPerSpace
}

let testTable = AdvanceTable.monospaced(pixelSize: 18, narrow: 9, wide: 18)

@Suite("Pages cover the text")
struct PageInvariantTests {
    @Test("a short English text in both presets", arguments: LayoutPreset.allCases)
    func shortEnglish(preset: LayoutPreset) {
        let text = BookText(String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 200) + "\n\nEnd.\n")
        let settings = LayoutSettings(pageWidth: 300, pageHeight: 400, margin: 20, preset: preset)
        let map = Paginator(text: text, settings: settings, advances: testTable).paginate()
        checkInvariants(map, text, settings, testTable)
        #expect(map.pageCount > 3)
    }

    @Test("an empty text has no pages")
    func emptyText() {
        let text = BookText("")
        let map = Paginator(text: text, settings: LayoutSettings(), advances: testTable).paginate()
        #expect(map.pageCount == 0)
    }

    @Test("a text of blank lines is one page in book and one line per blank line in plain")
    func blankLines() {
        let text = BookText("\n\n  \n\n")
        let book = Paginator(text: text, settings: LayoutSettings(preset: .book), advances: testTable).paginate()
        #expect(book.pageCount == 1)
        #expect(book.lines.isEmpty)
        let plain = Paginator(text: text, settings: LayoutSettings(preset: .plain), advances: testTable).paginate()
        #expect(plain.lines.count == 4)
        checkInvariants(plain, text, LayoutSettings(preset: .plain), testTable)
    }
}
