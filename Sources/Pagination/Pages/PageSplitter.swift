/// Cuts a flow of typeset lines into pages by height.
///
/// Every line is `lineHeight` tall (a line of a block set larger takes a few: `rows`); in
/// `book` some lines also take space above them
/// (`LayoutSettings.spaceAbove`: a chapter heading, a scene break, a paragraph's first line)
/// and a chapter heading opens a new page. `book` keeps widows and orphans off page edges:
/// the first line of a paragraph is never alone at the bottom of a page and its last line is
/// never alone at the top; the line before moves down instead, as long as the page keeps at
/// least one line. A heading or a scene break is never the last line of a page. With
/// `facingPages`, a spread's second page ends no lower than its first, so facing pages end
/// level when the first was cut short to keep a widow or an orphan together (a page that
/// ends a chapter is as short as its text). Lines a structured book keeps together (`keepsWithNext`)
/// go to the next page together when they fit on one.
public struct PageSplitter: Sendable {
    public let settings: LayoutSettings

    public init(settings: LayoutSettings) { self.settings = settings }

    /// How many lines fit on a page in `plain` (a fixed line height, as Pango's peer counts).
    public var plainLinesPerPage: Int {
        let lines = (settings.contentHeight / settings.lineHeight).rounded(.down)
        return lines.isFinite ? Int(max(1, min(lines, 1_000_000))) : 1
    }

    /// Indexes into `lines` of the first line of every page, starting at `from`.
    /// Empty when there are no lines.
    public func pageFirstLines(_ lines: [TypesetLine], from: Int = 0) -> [Int32] {
        guard from < lines.count else { return [] }
        if settings.preset == .plain {
            // A fixed number of lines a page, and a new page where a structured book's
            // document starts.
            let perPage = plainLinesPerPage
            var starts: [Int32] = [Int32(from)]
            var onPage = 0
            for k in from..<lines.count {
                let flags = lines[k].flags
                let rows = flags.contains(.floated) ? 0 : Int(lines[k].rows)
                if (onPage > 0 && onPage + rows > perPage)
                    || (onPage > 0 && flags.contains(.pageBreakBefore) && flags.contains(.paragraphStart)) {
                    starts.append(Int32(k))
                    onPage = 0
                }
                onPage += rows
            }
            return starts
        }
        let box = settings.contentHeight
        let lineHeight = settings.lineHeight
        var starts: [Int32] = [Int32(from)]
        starts.reserveCapacity((lines.count - from) / plainLinesPerPage + 2)
        var pageStart = from
        var used: Float = 0
        var k = from
        // The depth the page being filled may reach: the box, or on a spread's second page
        // the depth its first page reached (pages are counted from `from`, a spread's first).
        let facing = settings.facingPages
        var limit = box
        lines.withUnsafeBufferPointer { lines in
            while k < lines.count {
                let flags = lines[k].flags
                let previous = k > pageStart ? lines[k - 1].flags : nil
                if let previous, settings.opensPage(flags, after: previous) {
                    starts.append(Int32(k))
                    pageStart = k
                    used = 0
                    limit = box  // a page that ends a chapter sets no depth for the next
                    continue
                }
                let above = settings.spaceAbove(flags, after: previous)
                let height = lines[k].height(lineHeight)
                if k == pageStart || used + above + height <= limit {
                    used += above + height
                    k += 1
                    continue
                }
                // Line k does not fit: the next page starts at k, or a line or two earlier to
                // keep a widow or an orphan together.
                var next = keepingWidowsAndOrphans(lines, breakBefore: k, pageStart: pageStart)
                // A heading or a scene break goes with the text after it, and so do lines kept
                // with the next (CSS `break-inside`/`break-after: avoid`) when they fit a page.
                while next - 1 > pageStart && lines[next - 1].flags.goesWithNext { next -= 1 }
                let kept = keptRunStart(lines, before: next, pageStart: pageStart)
                if kept < next {
                    next = keepingWidowsAndOrphans(lines, breakBefore: kept, pageStart: pageStart)
                    while next - 1 > pageStart && lines[next - 1].flags.goesWithNext { next -= 1 }
                }
                // The depth this page reached, for its facing page (a spread's first page is an
                // odd-numbered start counting from 1: starts.count is odd before appending).
                if facing && starts.count % 2 == 1 {
                    limit = next < k ? depth(lines, pageStart..<next) : box
                } else {
                    limit = box
                }
                starts.append(Int32(next))
                pageStart = next
                used = 0
                k = next
            }
        }
        return starts
    }

    /// Where a page that would end before line `next` ends instead to keep a widow (`next`
    /// ends its paragraph: the line before goes down with it) and then an orphan (the line
    /// before the break starts one: it goes down too), the page keeping at least one line.
    private func keepingWidowsAndOrphans(_ lines: UnsafeBufferPointer<TypesetLine>, breakBefore next: Int,
                                         pageStart: Int) -> Int {
        var next = next
        let flags = lines[next].flags
        if flags.contains(.paragraphEnd) && !flags.contains(.paragraphStart) && next - 1 > pageStart { next -= 1 }
        let before = lines[next - 1].flags
        if before.contains(.paragraphStart) && !before.contains(.paragraphEnd) && next - 1 > pageStart { next -= 1 }
        return next
    }

    /// Where a page that would end before line `next` ends instead so as not to part lines
    /// kept with the next (`TypesetLine.Flags.keepsWithNext`): the first line of the run kept
    /// with `next`, when the whole run fits on a page and starts on this one after its first
    /// line; otherwise `next` (CSS Fragmentation 3 §4.4: an avoided break is taken when
    /// there is no other way).
    private func keptRunStart(_ lines: UnsafeBufferPointer<TypesetLine>, before next: Int, pageStart: Int) -> Int {
        var start = next
        while start - 1 > pageStart && lines[start - 1].flags.contains(.keepsWithNext) { start -= 1 }
        guard start < next, !lines[start - 1].flags.contains(.keepsWithNext) else { return next }
        // The run's height from its first line at a page's top to its last (looked at only as
        // far as a page reaches).
        let box = settings.contentHeight
        var height = depth(lines, start..<next)
        var k = next
        while height <= box && k < lines.count && !settings.opensPage(lines[k].flags, after: lines[k - 1].flags) {
            height += settings.spaceAbove(lines[k].flags, after: lines[k - 1].flags) + lines[k].height(settings.lineHeight)
            if !lines[k].flags.contains(.keepsWithNext) { break }
            k += 1
        }
        return height <= box ? start : next
    }

    /// The height lines `range` take at the top of a page (a chapter heading's drop included,
    /// as the page was filled).
    private func depth(_ lines: UnsafeBufferPointer<TypesetLine>, _ range: Range<Int>) -> Float {
        var height: Float = 0
        for k in range {
            height += settings.spaceAbove(lines[k].flags, after: k == range.lowerBound ? nil : lines[k - 1].flags)
                + lines[k].height(settings.lineHeight)
        }
        return height
    }
}
