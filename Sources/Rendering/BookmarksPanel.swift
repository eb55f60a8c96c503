import Foundation
import PageTurner

/// Bookmarks: a name field to add one for the current page (filled with the page's first
/// words, selected, so typing replaces it), then the bookmarks with their page numbers.
/// Enter in the field adds; a click on a row (or Enter on the selected row) jumps; the ×
/// at a row's end (or Delete on the selected row) deletes.
struct BookmarksPanel {
    private(set) var name: String
    /// The default name is selected: the first key typed replaces it.
    private(set) var nameSelected = true
    /// −1: the name field; 0…: a bookmark row.
    private(set) var selected = -1
    private(set) var first = 0

    init(defaultName: String) { name = defaultName }

    static let header = 56.0

    mutating func type(_ s: String) {
        guard selected < 0 else { return }
        if nameSelected { name = "" }
        nameSelected = false
        for c in s where name.count < 80 && !c.isNewline { name.append(c) }
    }

    mutating func key(_ key: ReaderKey, size: Size, context: PanelContext) -> OverlayAction {
        let n = context.bookmarks.count
        let g = ListGeometry(size: size, header: Self.header)
        switch key {
        case .escape: return .close
        case .enter:
            if selected < 0 {
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                return .addBookmark(name: trimmed)
            }
            return selected < n ? .jump(offset: context.bookmarks[selected].offset) : .none
        case .backspace:
            if selected < 0 {
                if nameSelected { name = "" } else if !name.isEmpty { name.removeLast() }
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

    mutating func wheel(_ steps: Int, size: Size, context: PanelContext) {
        let g = ListGeometry(size: size, header: Self.header)
        first = max(0, min(first + 3 * steps, max(0, context.bookmarks.count - g.visibleRows)))
    }

    struct Layout {
        var list: ListGeometry
        var field: Rect
        var add: Rect
    }

    func layout(_ size: Size) -> Layout {
        let g = ListGeometry(size: size, header: Self.header)
        let field = Rect(x: g.box.minX + 16, y: g.box.minY + 52, width: g.box.width - 32 - 96, height: 38)
        return Layout(list: g, field: field, add: Rect(x: field.maxX + 8, y: field.minY, width: 88, height: field.height))
    }

    /// The × of visible row `k`.
    private func deleteBox(_ row: Rect) -> Rect { Rect(x: row.maxX - 36, y: row.minY, width: 36, height: row.height) }

    mutating func tap(_ p: Point, size: Size, context: PanelContext) -> OverlayAction {
        let l = layout(size)
        if !l.list.box.contains(p) { return .close }
        if l.add.contains(p) { return .addBookmark(name: name.trimmingCharacters(in: .whitespaces)) }
        if l.field.contains(p) {
            selected = -1
            return .none
        }
        guard let i = l.list.item(at: p, first: first, count: context.bookmarks.count) else { return .none }
        if deleteBox(l.list.row(i - first)).contains(p) { return .deleteBookmark(index: i) }
        return .jump(offset: context.bookmarks[i].offset)
    }

    mutating func draw(_ chrome: Chrome, context: PanelContext) {
        let l = layout(chrome.size)
        let g = l.list
        first = g.scrolled(first: first, selected: -1, count: context.bookmarks.count)
        chrome.panel(g.box, title: "Bookmarks")
        chrome.fill(l.field, chrome.theme.background)
        chrome.outline(l.field, selected < 0 ? chrome.theme.accent : chrome.theme.quietInk)
        let shown = chrome.fitted(name, l.field.width - 20)
        let mid = l.field.minY + l.field.height / 2
        if nameSelected && !name.isEmpty {
            chrome.fill(Rect(x: l.field.minX + 8, y: l.field.minY + 8, width: chrome.width(shown) + 4, height: l.field.height - 16),
                        chrome.theme.accent, alpha: 0.25)
        }
        let end = chrome.text(shown, x: l.field.minX + 10, midY: mid)
        if selected < 0 { chrome.fill(Rect(x: end + 2, y: l.field.minY + 9, width: 2, height: l.field.height - 18), chrome.theme.accent) }
        chrome.button("Add", in: l.add, highlighted: true)
        if context.bookmarks.isEmpty {
            chrome.text("No bookmarks yet: Enter adds one for this page.", x: g.box.minX + 16, midY: g.listTop + 16,
                        color: chrome.theme.quietInk)
            return
        }
        for k in 0..<g.visibleRows {
            let i = first + k
            guard i < context.bookmarks.count else { break }
            let r = g.row(k)
            let b = context.bookmarks[i]
            if i == selected { chrome.fill(r, chrome.theme.control) }
            let page = "p. \(context.pageOf(b.offset) + 1)"
            let pageWidth = chrome.width(page)
            chrome.text(chrome.fitted(b.name, r.width - pageWidth - 70), x: r.minX + 8, midY: r.minY + r.height / 2)
            chrome.rightText(page, right: r.maxX - 44, midY: r.minY + r.height / 2, color: chrome.theme.quietInk)
            chrome.centredText("×", in: deleteBox(r), color: chrome.theme.warning)
        }
    }
}
