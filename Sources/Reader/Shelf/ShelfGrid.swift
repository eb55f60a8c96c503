import PageTurner

/// Where the shelf puts things in a window of `size` (logical pixels): a heading bar across
/// the top (the title, the filter field, the count), then the books as a grid of covers, each
/// a 2 : 3 portrait like a book's jacket with its title, author and progress below.
///
/// Columns are as many as fit at least `minimumCoverWidth` wide with `gap` between and
/// `margin` at the sides; covers then share the width, up to `maximumCoverWidth` (the grid is
/// centred when they reach it). The grid scrolls vertically; `scroll` is how far, in pixels.
public struct ShelfGrid: Sendable, Equatable {
    public let size: Size
    public let columns: Int
    public let coverWidth: Double
    public let coverHeight: Double
    /// The left edge of the first column.
    public let left: Double

    public static let headingHeight = 56.0
    static let margin = 24.0
    static let gap = 24.0
    static let minimumCoverWidth = 120.0
    static let maximumCoverWidth = 200.0
    /// Below a cover: two lines of title, one of author, the progress bar and its label.
    public static let captionHeight = 84.0

    public init(size: Size) {
        self.size = size
        let usable = max(size.width - 2 * Self.margin, Self.minimumCoverWidth / 2)
        columns = max(1, Int((usable + Self.gap) / (Self.minimumCoverWidth + Self.gap)))
        let width = min(Self.maximumCoverWidth, max(40, (usable - Self.gap * Double(columns - 1)) / Double(columns)))
        coverWidth = width.rounded(.down)
        coverHeight = (coverWidth * 1.5).rounded()
        let used = Double(columns) * coverWidth + Double(columns - 1) * Self.gap
        left = ((size.width - used) / 2).rounded(.down)
    }

    /// A row's height: the cover, its caption and the gap below.
    public var rowHeight: Double { coverHeight + Self.captionHeight + Self.gap }

    /// The top of the grid (below the heading), unscrolled.
    public var top: Double { Self.headingHeight + Self.gap }

    /// The height the grid's rows leave visible below the heading.
    public var visibleHeight: Double { max(0, size.height - top) }

    /// How many rows a page of scrolling moves (at least one).
    public var rowsPerPage: Int { max(1, Int(visibleHeight / rowHeight)) }

    /// How far the grid of `count` books can scroll.
    public func maximumScroll(count: Int) -> Double {
        let rows = (count + columns - 1) / columns
        return max(0, Double(rows) * rowHeight - visibleHeight + Self.gap)
    }

    /// The cover of the book at `index` (in the order shown), with the grid scrolled by `scroll`.
    public func cover(_ index: Int, scroll: Double) -> Rect {
        let row = index / columns, column = index % columns
        return Rect(x: left + Double(column) * (coverWidth + Self.gap), y: top + Double(row) * rowHeight - scroll,
                    width: coverWidth, height: coverHeight)
    }

    /// The indices of the books whose cover or caption is in view.
    public func visible(count: Int, scroll: Double) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let firstRow = max(0, Int((scroll / rowHeight).rounded(.down)))
        let lastRow = Int(((scroll + visibleHeight) / rowHeight).rounded(.down))
        let lower = min(count, firstRow * columns)
        return lower..<min(count, max(lower, (lastRow + 1) * columns))
    }

    /// The book (in the order shown) whose cover or caption is at `point`; nil for none.
    public func book(at point: Point, count: Int, scroll: Double) -> Int? {
        guard point.y >= Self.headingHeight else { return nil }
        for index in visible(count: count, scroll: scroll) {
            let c = cover(index, scroll: scroll)
            if point.x >= c.x, point.x < c.x + c.width, point.y >= c.y, point.y < c.y + c.height + Self.captionHeight {
                return index
            }
        }
        return nil
    }

    /// The scroll that shows the whole row of `index`, as close to `scroll` as can be.
    public func scroll(showing index: Int, from scroll: Double, count: Int) -> Double {
        let rowTop = Double(index / columns) * rowHeight
        let rowBottom = rowTop + coverHeight + Self.captionHeight
        var s = scroll
        if rowTop < s { s = rowTop }
        if rowBottom > s + visibleHeight - Self.gap { s = rowBottom - visibleHeight + Self.gap }
        return min(max(0, s), maximumScroll(count: count))
    }
}
