import PageTurner

/// The contents: the chapters the core found, with their pages. A click (or Enter on the
/// selected row) jumps; the row of the chapter being read is selected when it opens, and the
/// list opens scrolled to show it in the middle (War and Peace has 382 chapters).
public struct ContentsPanel: ReaderPanel {
    public private(set) var selected: Int
    /// The first row shown (scrolled so that the selection is seen).
    private(set) var first = 0

    public init(context: PanelContext) {
        selected = max(0, (context.chapters.lastIndex { $0.offset <= context.currentOffset }) ?? 0)
        let g = ListGeometry(size: context.size, header: 0)
        first = g.scrolled(first: selected - g.visibleRows / 2, selected: selected, count: context.chapters.count)
    }

    public var name: String { "contents" }

    public mutating func key(_ key: ReaderKey, context: PanelContext) -> PanelAction {
        let n = context.chapters.count
        let g = ListGeometry(size: context.size, header: 0)
        first = firstShown(context)
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

    public mutating func wheel(_ steps: Int, context: PanelContext) -> PanelAction {
        let g = ListGeometry(size: context.size, header: 0)
        first = g.wheeled(first: firstShown(context), steps: steps, count: context.chapters.count)
        return .none
    }

    public mutating func tap(at p: Point, context: PanelContext) -> PanelAction {
        let g = ListGeometry(size: context.size, header: 0)
        first = firstShown(context)
        if !g.box.contains(p) { return .close }
        guard let k = g.item(at: p, first: first, count: context.chapters.count) else { return .none }
        return .jump(offset: context.chapters[k].offset)
    }

    /// The first row shown for `context` (the window may have grown).
    public func firstShown(_ context: PanelContext) -> Int {
        ListGeometry(size: context.size, header: 0).scrolled(first: first, selected: -1, count: context.chapters.count)
    }
}
