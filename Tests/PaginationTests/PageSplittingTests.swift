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

    /// Over chapters whose headings drop their first page by several lines, and paragraphs of
    /// every length: a spread's second page never ends below its first (unless a chapter opens
    /// on it), measured as the page was filled, a heading's drop included.
    @Test("with facing pages, no spread's second page ends below its first")
    func facingPagesNeverEndLower() {
        var facing = LayoutSettings(pageWidth: 500, pageHeight: 300, margin: 0, fontSize: 20, lineHeight: 30, preset: .book)
        facing.facingPages = true
        var lines: [TypesetLine] = []
        var state: UInt64 = 42
        for chapter in 0..<12 {
            lines.append(line(lines.count, [.heading, .paragraphStart, .paragraphEnd]))
            for _ in 0..<(6 + chapter % 5) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let length = 1 + Int(state >> 60)
                for k in 0..<length {
                    var flags: TypesetLine.Flags = []
                    if k == 0 { flags.insert(.paragraphStart) }
                    if k == length - 1 { flags.insert(.paragraphEnd) }
                    lines.append(line(lines.count, flags))
                }
            }
        }
        let starts = PageSplitter(settings: facing).pageFirstLines(lines).map(Int.init) + [lines.count]
        func depth(_ page: Int) -> Float {
            (starts[page]..<starts[page + 1]).reduce(0) { height, k in
                height + facing.spaceAbove(lines[k].flags, after: k == starts[page] ? nil : lines[k - 1].flags) + facing.lineHeight
            }
        }
        var checked = 0
        for first in stride(from: 0, to: starts.count - 2, by: 2) where !lines[starts[first + 1]].flags.contains(.heading) {
            #expect(depth(first + 1) <= depth(first), "spread \(first / 2): \(depth(first)) then \(depth(first + 1))")
            checked += 1
        }
        #expect(checked > 10)
    }

    /// A chapter's first page, dropped by its heading and cut short to keep a widow, faces a
    /// page that ends exactly level with it (one-line paragraphs: nothing else cuts it).
    @Test("a chapter's opening page cut short faces a page ending level with it")
    func facingAChapterOpening() {
        var facing = LayoutSettings(pageWidth: 500, pageHeight: 300, margin: 0, fontSize: 20, lineHeight: 30, preset: .book)
        facing.facingPages = true
        var levelled = 0
        for length in 2...14 {
            var lines = [line(0, [.heading, .paragraphStart, .paragraphEnd])]
            for k in 0..<length {
                var flags: TypesetLine.Flags = k == 0 ? [.paragraphStart] : []
                if k == length - 1 { flags.insert(.paragraphEnd) }
                lines.append(line(lines.count, flags))
            }
            for _ in 0..<30 { lines.append(line(lines.count, [.paragraphStart, .paragraphEnd])) }
            let starts = PageSplitter(settings: facing).pageFirstLines(lines).map(Int.init)
            func depth(_ page: Int) -> Float {
                (starts[page]..<starts[page + 1]).reduce(0) { height, k in
                    height + facing.spaceAbove(lines[k].flags, after: k == starts[page] ? nil : lines[k - 1].flags) + facing.lineHeight
                }
            }
            guard depth(0) + facing.lineHeight <= facing.contentHeight else { continue }  // not cut short
            #expect(depth(1) == depth(0), "a paragraph of \(length): \(depth(0)) then \(depth(1))")
            levelled += 1
        }
        #expect(levelled > 0, "some lengths cut the opening page short")
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

    /// `lines` with lines `kept` marked as kept with the next.
    func keeping(_ lines: [TypesetLine], _ kept: Range<Int>) -> [TypesetLine] {
        var lines = lines
        for k in kept { lines[k].flags.insert(.keepsWithNext) }
        return lines
    }

    @Test("lines kept together that would straddle a page go to the next page together")
    func keptTogether() {
        // One-line paragraphs, then a stanza of three lines kept together from line 2: the
        // page of four lines would cut it after its second line.
        let lines = keeping(paragraphs([1, 1, 1, 1, 1, 1, 1]), 2..<4)
        #expect(PageSplitter(settings: settings(.book)).pageFirstLines(lines) == [0, 2, 6])
        #expect(PageSplitter(settings: settings(.book)).pageFirstLines(paragraphs([1, 1, 1, 1, 1, 1, 1])) == [0, 4],
                "without the keep the page is full")
    }

    @Test("a paragraph kept with the next goes down whole, not leaving its first line alone")
    func keptWithNextKeepsWidowsAndOrphans() {
        // Two one-line paragraphs, then A (two lines, its last kept with the next), then B:
        // B's first line overflows the page of four.
        let lines = keeping(paragraphs([1, 1, 2, 2]), 3..<4)
        #expect(PageSplitter(settings: settings(.book)).pageFirstLines(lines) == [0, 2])
    }

    @Test("lines kept together that cannot fit on one page are broken where the page is full")
    func keptTooLong() {
        // Six lines kept together from line 1: no page of four holds them.
        let lines = keeping(paragraphs([1, 1, 1, 1, 1, 1, 1, 1]), 1..<6)
        #expect(PageSplitter(settings: settings(.book)).pageFirstLines(lines) == [0, 4])
    }
}
