/// The pages of a whole book: every line in order and where each page starts.
///
/// Page `i` owns the half-open range of scalar offsets from its first line's start (0 for
/// the first page) to the next page's start (`scalarCount` for the last): pages are
/// contiguous, non-empty and cover the whole text. An empty text has no pages.
public struct PageMap: Sendable, Equatable {
    public let scalarCount: Int
    public let lines: [TypesetLine]
    /// Index into `lines` of the first line of each page.
    public let pageFirstLines: [Int32]

    public init(scalarCount: Int, lines: [TypesetLine], pageFirstLines: [Int32]) {
        self.scalarCount = scalarCount
        self.lines = lines
        // A text with nothing to draw (only blank lines in `book`) is still one page.
        self.pageFirstLines = pageFirstLines.isEmpty && scalarCount > 0 ? [0] : pageFirstLines
    }

    public var pageCount: Int { pageFirstLines.count }

    /// The first scalar offset of page `page`.
    public func pageStart(_ page: Int) -> Int {
        if page <= 0 { return 0 }
        if page >= pageCount { return scalarCount }
        return Int(lines[Int(pageFirstLines[page])].start)
    }

    /// The scalar offsets page `page` owns.
    public func pageRange(_ page: Int) -> Range<Int> { pageStart(page)..<pageStart(page + 1) }

    /// The start offset of every page.
    public var pageStarts: [Int] { (0..<pageCount).map(pageStart) }

    /// The lines drawn on page `page`.
    public func lines(onPage page: Int) -> ArraySlice<TypesetLine> {
        guard page >= 0 && page < pageCount, !lines.isEmpty else { return [] }
        let first = Int(pageFirstLines[page])
        let end = page + 1 < pageCount ? Int(pageFirstLines[page + 1]) : lines.count
        return lines[first..<end]
    }

    /// The page that holds scalar offset `offset` (clamped to the book): where a reader
    /// who was at `offset` lands after the layout changed.
    public func page(containing offset: Int) -> Int {
        guard pageCount > 1 else { return 0 }
        var lo = 0
        var hi = pageCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if pageStart(mid) <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
