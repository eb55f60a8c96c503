import PageTurner

/// The box and rows shared by the bookmarks and contents panels: a centred panel, an
/// optional header area, then rows of equal height that scroll to keep the selection seen.
struct ListGeometry {
    var box: Rect
    var listTop: Double
    var rowHeight: Double
    var visibleRows: Int

    init(size: Size, header: Double, rowHeight: Double = 34) {
        let w = min(560, size.width - 32)
        let top = min(60, size.height * 0.05)
        box = Rect(x: (size.width - w) / 2, y: top, width: w, height: size.height - 2 * top)
        listTop = box.minY + 48 + header
        self.rowHeight = rowHeight
        visibleRows = max(1, Int((box.maxY - 12 - listTop) / rowHeight))
    }

    /// The rectangle of visible row `k` (0 = first row shown).
    func row(_ k: Int) -> Rect {
        Rect(x: box.minX + 8, y: listTop + Double(k) * rowHeight, width: box.width - 16, height: rowHeight)
    }

    /// Which item a point falls on, given the first item shown.
    func item(at p: Point, first: Int, count: Int) -> Int? {
        guard p.x >= box.minX, p.x < box.maxX, p.y >= listTop else { return nil }
        let k = Int((p.y - listTop) / rowHeight)
        guard k < visibleRows, first + k < count else { return nil }
        return first + k
    }

    /// The first item to show so that `selected` is visible, moving `first` as little as possible.
    func scrolled(first: Int, selected: Int, count: Int) -> Int {
        var f = first
        if selected >= 0 {
            if selected < f { f = selected }
            if selected >= f + visibleRows { f = selected - visibleRows + 1 }
        }
        return max(0, min(f, max(0, count - visibleRows)))
    }
}

/// The contents: the chapters the core found, with their pages. A click (or Enter on the
/// selected row) jumps; the row of the chapter being read is selected when it opens.
struct ContentsPanel {
    private(set) var selected: Int
    private(set) var first = 0

    init(context: PanelContext) {
        selected = max(0, (context.chapters.lastIndex { $0.offset <= context.currentOffset }) ?? 0)
    }

    mutating func key(_ key: ReaderKey, size: Size, context: PanelContext) -> OverlayAction {
        let n = context.chapters.count
        let g = ListGeometry(size: size, header: 0)
        switch key {
        case .escape, .character("t"): return .close
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(max(n - 1, 0), selected + 1)
        case .pageUp: selected = max(0, selected - g.visibleRows)
        case .pageDown: selected = min(max(n - 1, 0), selected + g.visibleRows)
        case .home: selected = 0
        case .end: selected = max(n - 1, 0)
        case .enter: return n > 0 ? .jump(offset: context.chapters[selected].offset) : .close
        default: break
        }
        first = g.scrolled(first: first, selected: selected, count: n)
        return .none
    }

    mutating func wheel(_ steps: Int, size: Size, context: PanelContext) {
        let g = ListGeometry(size: size, header: 0)
        first = max(0, min(first + 3 * steps, max(0, context.chapters.count - g.visibleRows)))
    }

    mutating func tap(_ p: Point, size: Size, context: PanelContext) -> OverlayAction {
        let g = ListGeometry(size: size, header: 0)
        if !g.box.contains(p) { return .close }
        guard let k = g.item(at: p, first: first, count: context.chapters.count) else { return .none }
        return .jump(offset: context.chapters[k].offset)
    }

    mutating func draw(_ chrome: Chrome, context: PanelContext) {
        let g = ListGeometry(size: chrome.size, header: 0)
        first = g.scrolled(first: first, selected: -1, count: context.chapters.count)
        chrome.panel(g.box, title: "Contents")
        if context.chapters.isEmpty {
            chrome.text("No chapters found in this book.", x: g.box.minX + 16, midY: g.listTop + 16, color: chrome.theme.quietInk)
            return
        }
        for k in 0..<g.visibleRows {
            let i = first + k
            guard i < context.chapters.count else { break }
            let r = g.row(k)
            let chapter = context.chapters[i]
            if i == selected { chrome.fill(r, chrome.theme.control) }
            let page = String(context.pageOf(chapter.offset) + 1)
            let indent = 8 + Double(chapter.level) * 20
            chrome.text(chrome.fitted(chapter.title, r.width - indent - chrome.width(page) - 24), x: r.minX + indent,
                        midY: r.minY + r.height / 2)
            chrome.rightText(page, right: r.maxX - 8, midY: r.minY + r.height / 2, color: chrome.theme.quietInk)
        }
    }
}
