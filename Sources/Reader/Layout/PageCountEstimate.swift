import Pagination

/// How many pages a stretch of a book fills, estimated from one page laid out: what a reader
/// is shown ("page 412 of ~1690") until the full pass has counted them.
///
/// One page's length alone misleads: the last page of a chapter may hold three lines, and a
/// chapter's opening page starts lower. So a page is taken to hold its lines' mean length
/// (the scalars it shows over its lines) times the lines a page has room for
/// (`PageSplitter.plainLinesPerPage`), and where chapters open a new page (the `book`
/// preset) each chapter in the stretch adds half a page: the part of its predecessor's last
/// page left blank, on average.
struct PageCountEstimate {
    /// Scalars a full page holds.
    let scalarsPerPage: Double
    /// The offsets where chapters begin, ascending, when each opens a page; empty otherwise.
    let pageOpenings: [Int]

    init(page: PageSlice, settings: LayoutSettings, chapters: [Chapter]) {
        let lines = max(page.lines.count, 1)
        let perLine = Double(max(page.range.count, 1)) / Double(lines)
        let room = max(PageSplitter(settings: settings).plainLinesPerPage, lines)
        scalarsPerPage = max(perLine * Double(room), 1)
        pageOpenings = settings.preset == .book ? chapters.map(\.offset).filter { $0 > 0 } : []
    }

    /// The pages the scalars in `range` fill (fractional).
    func pages(in range: Range<Int>) -> Double {
        Double(range.count) / scalarsPerPage + 0.5 * Double(openings(before: range.upperBound) - openings(before: range.lowerBound))
    }

    /// How many chapter openings come before `offset`.
    private func openings(before offset: Int) -> Int {
        var lo = 0, hi = pageOpenings.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if pageOpenings[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
