import Testing
@testable import Pagination

@Suite("Page splitting")
struct PageSplittingTests {
    func line(_ i: Int, _ flags: TypesetLine.Flags) -> TypesetLine {
        TypesetLine(start: Int32(i * 10), end: Int32(i * 10 + 9), width: 0, flags: flags)
    }

    /// Paragraph lengths → lines with their start/end flags.
    func paragraphs(_ lengths: [Int]) -> [TypesetLine] {
        var lines: [TypesetLine] = []
        for length in lengths {
            for k in 0..<length {
                var flags: TypesetLine.Flags = []
                if k == 0 { flags.insert(.paragraphStart) }
                if k == length - 1 { flags.insert(.paragraphEnd) }
                lines.append(line(lines.count, flags))
            }
        }
        return lines
    }

    // A box of exactly 4 lines of 30 px and no paragraph spacing.
    func settings(_ preset: LayoutPreset) -> LayoutSettings {
        var s = LayoutSettings(pageWidth: 500, pageHeight: 120, margin: 0, fontSize: 20, lineHeight: 30, preset: preset)
        s.paragraphSpacing = 0
        return s
    }

    @Test("plain fills every page with the same number of lines")
    func plainPages() {
        let starts = PageSplitter(settings: settings(.plain)).pageFirstLines(paragraphs([3, 3, 3]))
        #expect(starts == [0, 4, 8])
    }

    @Test("book moves a widow's previous line down: no last line alone at the top")
    func widow() {
        // Paragraph of 5 lines: 4 fit, the 5th would be alone at the top of page 2.
        let starts = PageSplitter(settings: settings(.book)).pageFirstLines(paragraphs([5, 2]))
        #expect(starts == [0, 3])
    }

    @Test("book moves an orphan down: no first line alone at the bottom")
    func orphan() {
        let starts = PageSplitter(settings: settings(.book)).pageFirstLines(paragraphs([3, 4]))
        #expect(starts == [0, 3])
    }

    @Test("keeping a widow company never leaves an orphan behind")
    func widowThenOrphan() {
        // [2, 3]: the 3-line paragraph's last line would be a widow; moving its second line
        // down would leave its first alone at the bottom, so the whole paragraph moves.
        let starts = PageSplitter(settings: settings(.book)).pageFirstLines(paragraphs([2, 3]))
        #expect(starts == [0, 2])
    }

    /// Facing pages end level: when a spread's first page is cut short to keep a widow with
    /// its paragraph, its second page stops at the same depth; the next spread starts full.
    @Test("with facing pages, a spread's second page ends where its first does")
    func facingPagesEndLevel() {
        var facing = settings(.book)
        facing.facingPages = true
        // Page 1 holds 3 lines of the first paragraph's 5 (the widow rule), so page 2 holds 3
        // lines, not 4; pages 3 and 4 are the next spread.
        let lines = paragraphs([5, 1, 1, 8])
        let single = PageSplitter(settings: settings(.book)).pageFirstLines(lines)
        let spreads = PageSplitter(settings: facing).pageFirstLines(lines)
        #expect(single == [0, 3, 7, 11], "single pages: 3, 4, 4 and 4 lines")
        #expect(spreads == [0, 3, 6, 10, 13], "facing: 3 and 3, then 4 and 3 (a widow kept), then 2")
        let depths = zip(spreads, spreads.dropFirst()).map { Int($1 - $0) }
        for first in stride(from: 0, to: depths.count - 1, by: 2) {
            #expect(depths[first + 1] <= depths[first], "spread \(first / 2): \(depths)")
        }
    }

    @Test("without a shortened first page, facing pages split as single pages do")
    func facingPagesWithFullFirstPages() {
        var facing = settings(.book)
        facing.facingPages = true
        let lines = paragraphs([1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
        #expect(PageSplitter(settings: facing).pageFirstLines(lines) == PageSplitter(settings: settings(.book)).pageFirstLines(lines))
    }

    @Test("a one-line paragraph may sit anywhere")
    func singleLines() {
        let starts = PageSplitter(settings: settings(.book)).pageFirstLines(paragraphs([1, 1, 1, 1, 1, 1]))
        #expect(starts == [0, 4])
    }

    @Test("paragraph spacing counts except at the top of a page")
    func spacing() {
        var s = settings(.book)
        s.paragraphSpacing = 1  // a blank line's worth before each paragraph
        let starts = PageSplitter(settings: s).pageFirstLines(paragraphs([1, 1, 1, 1]))
        #expect(starts == [0, 2])
    }
}
