import FoundationEssentials
import PageTurner
import TextDecoding

/// Bookmarks: a name field to add one for the current page (filled with the page's first
/// words, selected, so typing replaces it), then the bookmarks with their page numbers.
/// Enter in the field adds; a click on a row (or Enter on the selected row) jumps; the ×
/// at a row's end (or Delete on the selected row) deletes.
public struct BookmarksPanel: ReaderPanel {
    /// The name field's text.
    public private(set) var fieldText: String
    /// The default name is selected: the first key typed replaces it.
    public private(set) var nameSelected = true
    /// −1: the name field; 0…: a bookmark row.
    public private(set) var selected = -1
    /// The first row shown (scrolled so that the selection is seen).
    private var first = 0

    public init(defaultName: String) { fieldText = defaultName }

    public var name: String { "bookmarks" }

    /// The height of the name field's area above the rows.
    static let header = 56.0

    public var wantsText: Bool { true }

    public mutating func type(_ s: String, context: PanelContext) -> PanelAction {
        guard selected < 0 else { return .none }
        if nameSelected { fieldText = "" }
        nameSelected = false
        for c in s where fieldText.count < 80 && !c.isNewline { fieldText.append(c) }
        return .none
    }

    public mutating func key(_ key: ReaderKey, context: PanelContext) -> PanelAction {
        let n = context.bookmarks.count
        let g = ListGeometry(size: context.size, header: Self.header)
        first = firstShown(context)
        switch key {
        case .escape: return .close
        case .enter:
            if selected < 0 {
                let trimmed = fieldText.trimmingSpaces()
                return .addBookmark(name: trimmed)
            }
            return selected < n ? .jump(offset: context.bookmarks[selected].offset) : .none
        case .backspace:
            if selected < 0 {
                if nameSelected { fieldText = "" } else if !fieldText.isEmpty { fieldText.removeLast() }
                nameSelected = false
            } else if selected < n {
                return .deleteBookmark(index: selected)
            }
        case .delete:
            if selected >= 0 && selected < n { return .deleteBookmark(index: selected) }
        case .up: selected = max(-1, selected - 1)
        case .down, .tab: selected = min(n - 1, selected + 1)
        default: break
        }
        first = g.scrolled(first: first, selected: selected, count: n)
        return .none
    }

    /// After a bookmark was deleted: keep the selection on a row that exists.
    mutating func bookmarksChanged(count: Int) {
        selected = min(selected, count - 1)
    }

    public mutating func wheel(_ steps: Int, context: PanelContext) -> PanelAction {
        let g = ListGeometry(size: context.size, header: Self.header)
        first = g.wheeled(first: firstShown(context), steps: steps, count: context.bookmarks.count)
        return .none
    }

    /// The first row shown for `context` (the list may have shrunk, or the window grown).
    public func firstShown(_ context: PanelContext) -> Int {
        ListGeometry(size: context.size, header: Self.header).scrolled(first: first, selected: -1, count: context.bookmarks.count)
    }

    /// Where the panel's parts are on a window of a given size.
    public struct Layout {
        public var list: ListGeometry
        public var field: Rect
        public var add: Rect
    }

    public static func layout(_ size: Size) -> Layout {
        let g = ListGeometry(size: size, header: Self.header)
        let field = Rect(x: g.box.minX + 16, y: g.box.minY + 52, width: g.box.width - 32 - 96, height: 38)
        return Layout(list: g, field: field, add: Rect(x: field.maxX + 8, y: field.minY, width: 88, height: field.height))
    }

    /// The × at the end of a row.
    public static func deleteBox(_ row: Rect) -> Rect { Rect(x: row.maxX - 36, y: row.minY, width: 36, height: row.height) }

    public mutating func tap(at p: Point, context: PanelContext) -> PanelAction {
        let l = Self.layout(context.size)
        first = firstShown(context)
        if !l.list.box.contains(p) { return .close }
        if l.add.contains(p) { return .addBookmark(name: fieldText.trimmingSpaces()) }
        if l.field.contains(p) {
            selected = -1
            return .none
        }
        guard let i = l.list.item(at: p, first: first, count: context.bookmarks.count) else { return .none }
        if Self.deleteBox(l.list.row(i - first)).contains(p) { return .deleteBookmark(index: i) }
        return .jump(offset: context.bookmarks[i].offset)
    }
}
