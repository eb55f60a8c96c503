import PageTurner
import Pagination
import Testing
@testable import Reader

/// The note over the page: a tap outside closes it, a tap on a link in it follows the link,
/// the wheel and keys scroll it within its text, and its box sits in the window.
@Suite("The note over the page")
struct NotePanelTests {
    static let size = Size(width: 800, height: 1000)
    static var context: PanelContext {
        PanelContext(size: size, pageCount: 10, isExact: true, currentPage: 0, currentOffset: 0, bookmarks: [], chapters: [],
                     pageOf: { _ in 0 })
    }

    /// A note of `lineCount` lines of ten 9 px glyphs (clusters from 100 on), 27 px apart, the
    /// second line's characters 110…119 a link to `later`.
    static func note(lineCount: Int) -> NotePanel {
        let lines = (0..<lineCount).map { k in
            let glyphs = (0..<10).map { g in
                PositionedGlyph(id: 1, x: Float(16 + 9 * g), y: Float(36 + 27 * k), cluster: Int32(100 + 10 * k + g))
            }
            return PositionedLine(baseline: Float(36 + 27 * k), range: (100 + 10 * k)..<(110 + 10 * k),
                                  runs: [GlyphRun(font: 0, glyphs: glyphs)])
        }
        return NotePanel(href: "n.xhtml#1", text: "note", lines: lines, fontSize: 18, contentHeight: Double(36 + 27 * lineCount),
                         links: [(range: 110..<120, href: "book.xhtml#later")])
    }

    @Test("a tap on a link in the note follows it; elsewhere in the box nothing; outside, the note closes")
    func taps() {
        var panel = Self.note(lineCount: 3)
        let box = panel.box(in: Self.size)
        #expect(box.width == 600 && box.maxY <= Self.size.height && box.minY > Self.size.height / 2)
        // The second line's fourth glyph (x 16 + 27 … 36 in the box), a little above its baseline.
        let onLink = Point(x: box.minX + 16 + 27 + 4, y: box.minY + 63 - 6)
        #expect(panel.tap(at: onLink, context: Self.context) == .follow(href: "book.xhtml#later"))
        #expect(panel.tap(at: Point(x: box.minX + 20, y: box.minY + 30), context: Self.context) == PanelAction.none)
        #expect(panel.tap(at: Point(x: box.minX - 5, y: box.minY + 30), context: Self.context) == .close)
        #expect(panel.tap(at: Point(x: box.minX + box.width / 2, y: box.minY - 20), context: Self.context) == .close)
    }

    @Test("a long note scrolls by wheel and keys within its text, and taps follow its scrolled lines")
    func scrolls() {
        var panel = Self.note(lineCount: 40)
        let box = panel.box(in: Self.size)
        #expect(box.height == 450, "45% of the window")
        let limit = panel.contentHeight - box.height
        _ = panel.wheel(3, context: Self.context)
        #expect(panel.scroll == 144)
        _ = panel.wheel(1000, context: Self.context)
        #expect(panel.scroll == limit, "held at the note's end")
        _ = panel.key(.home, context: Self.context)
        #expect(panel.scroll == 0)
        _ = panel.key(.end, context: Self.context)
        #expect(panel.scroll == limit)
        _ = panel.key(.pageUp, context: Self.context)
        #expect(panel.scroll == limit - (box.height - 48))
        var top = Self.note(lineCount: 40)
        _ = top.wheel(-5, context: Self.context)
        #expect(top.scroll == 0)
        // Scrolled down one line (27 px of 48 a step is not one line: scroll by keys then tap).
        var scrolled = Self.note(lineCount: 40)
        _ = scrolled.key(.down, context: Self.context)  // 48 px
        // The link's line (baseline 63) is now at 63 − 48 = 15 in the box.
        #expect(scrolled.tap(at: Point(x: box.minX + 16 + 27 + 4, y: box.minY + 15 - 6), context: Self.context)
                == .follow(href: "book.xhtml#later"))
        #expect(panel.key(.escape, context: Self.context) == .close && panel.key(.backspace, context: Self.context) == .close)
    }
}
