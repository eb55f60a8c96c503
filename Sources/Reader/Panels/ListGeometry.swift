import PageTurner

/// The box and rows shared by the bookmarks and contents panels: a centred panel, an
/// optional header area, then rows of equal height that scroll to keep the selection seen.
public struct ListGeometry {
    public var box: Rect
    /// Where the first row starts.
    public var listTop: Double
    public var rowHeight: Double
    public var visibleRows: Int

    public init(size: Size, header: Double, rowHeight: Double = 34) {
        let w = min(560, size.width - 32)
        let top = min(60, size.height * 0.05)
        box = Rect(x: (size.width - w) / 2, y: top, width: w, height: size.height - 2 * top)
        listTop = box.minY + 48 + header
        self.rowHeight = rowHeight
        visibleRows = max(1, Int((box.maxY - 12 - listTop) / rowHeight))
    }

    /// The rectangle of visible row `k` (0 = first row shown).
    public func row(_ k: Int) -> Rect {
        Rect(x: box.minX + 8, y: listTop + Double(k) * rowHeight, width: box.width - 16, height: rowHeight)
    }

    /// Which item a point falls on, given the first item shown.
    public func item(at p: Point, first: Int, count: Int) -> Int? {
        guard p.x >= box.minX, p.x < box.maxX, p.y >= listTop else { return nil }
        let k = Int((p.y - listTop) / rowHeight)
        guard k < visibleRows, first + k < count else { return nil }
        return first + k
    }

    /// The first item shown after `steps` wheel steps from `first` (three rows a step,
    /// positive down), kept within the list of `count` items.
    public func wheeled(first: Int, steps: Int, count: Int) -> Int {
        max(0, min(first + 3 * steps, max(0, count - visibleRows)))
    }

    /// The first item to show so that `selected` is visible, moving `first` as little as possible.
    public func scrolled(first: Int, selected: Int, count: Int) -> Int {
        var f = first
        if selected >= 0 {
            if selected < f { f = selected }
            if selected >= f + visibleRows { f = selected - visibleRows + 1 }
        }
        return max(0, min(f, max(0, count - visibleRows)))
    }
}
