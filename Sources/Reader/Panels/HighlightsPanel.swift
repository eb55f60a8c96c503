import PageTurner
import ReaderState

/// Highlights: every passage highlighted, in book order, each with its colour, its beginning,
/// its note and its page. A click on a row (or Enter on the selected one) goes to it; the ×
/// at a row's end (or Delete) removes it; N writes the selected one's note.
public struct HighlightsPanel: ReaderPanel {
    /// The row selected (−1: none yet).
    public private(set) var selected = -1
    /// The first row shown.
    private var first = 0

    public init() {}

    public var name: String { "highlights" }

    /// The room above the rows (none: the list starts under the title).
    public static let header = 8.0

    public mutating func key(_ key: ReaderKey, context: PanelContext) -> PanelAction {
        let n = context.highlights.count
        let g = ListGeometry(size: context.size, header: Self.header)
        first = firstShown(context)
        switch key {
        case .escape: return .close
        case .enter: return selected >= 0 && selected < n ? .jump(offset: context.highlights[selected].start) : .none
        case .delete, .backspace: if selected >= 0 && selected < n { return .deleteHighlight(index: selected) }
        case .character("n"): if selected >= 0 && selected < n { return .writeNote(index: selected) }
        case .up: selected = max(0, selected - 1)
        case .down, .tab: selected = min(n - 1, selected + 1)
        default: break
        }
        first = g.scrolled(first: first, selected: selected, count: n)
        return .none
    }

    /// After a highlight was removed: keep the selection on a row that exists.
    mutating func highlightsChanged(count: Int) {
        selected = min(selected, count - 1)
    }

    public mutating func wheel(_ steps: Int, context: PanelContext) -> PanelAction {
        let g = ListGeometry(size: context.size, header: Self.header)
        first = g.wheeled(first: firstShown(context), steps: steps, count: context.highlights.count)
        return .none
    }

    /// The first row shown for `context`.
    public func firstShown(_ context: PanelContext) -> Int {
        ListGeometry(size: context.size, header: Self.header).scrolled(first: first, selected: -1, count: context.highlights.count)
    }

    public mutating func tap(at p: Point, context: PanelContext) -> PanelAction {
        let g = ListGeometry(size: context.size, header: Self.header)
        first = firstShown(context)
        if !g.box.contains(p) { return .close }
        guard let i = g.item(at: p, first: first, count: context.highlights.count) else { return .none }
        if BookmarksPanel.deleteBox(g.row(i - first)).contains(p) { return .deleteHighlight(index: i) }
        return .jump(offset: context.highlights[i].start)
    }
}
