import PageTurner
import Reader

/// What selecting and highlighting draw over the page: the menu over a selection, the note
/// dialog and the highlights panel.
extension ReaderView {
    /// The selection's menu: Copy, a swatch of each highlight colour, Note, on the chrome's
    /// colour with a rule between its buttons.
    static func drawSelectionMenu(_ menu: SelectionMenu, chrome: Chrome, theme: Theme) {
        chrome.fill(menu.box, theme.chrome)
        chrome.outline(menu.box, theme.quietInk)
        for button in menu.buttons {
            let r = button.rect
            switch button.item {
            case .copy: chrome.centredText("Copy", in: r)
            case .note: chrome.centredText("Note", in: r)
            case .remove: chrome.centredText("Remove", in: r, color: theme.warning)
            case .highlight(let color):
                chrome.fill(Rect(x: r.minX + 8, y: r.minY + 8, width: r.width - 16, height: r.height - 16), theme.highlight(color))
                chrome.outline(Rect(x: r.minX + 8, y: r.minY + 8, width: r.width - 16, height: r.height - 16), theme.quietInk)
            }
        }
    }
}

extension HighlightNoteDialog: DrawablePanel {
    func draw(_ chrome: Chrome, context: PanelContext) {
        let l = GoToPageDialog.layout(in: chrome.size)
        chrome.panel(l.box, title: "Note")
        chrome.text(chrome.fitted("“" + passage + "…”", l.box.width - 32), x: l.box.minX + 16, midY: l.field.minY - 6,
                    color: chrome.theme.quietInk)
        chrome.fill(l.field, chrome.theme.background)
        chrome.outline(l.field, chrome.theme.accent)
        // The end of a long note, so the caret is seen.
        var shown = text
        while chrome.width(shown) > l.field.width - 24 && !shown.isEmpty { shown.removeFirst(max(1, shown.count / 8)) }
        let end = chrome.text(shown, x: l.field.minX + 10, midY: l.field.minY + l.field.height / 2)
        chrome.fill(Rect(x: end + 2, y: l.field.minY + 9, width: 2, height: l.field.height - 18), chrome.theme.accent)
        chrome.button("Cancel", in: l.cancel)
        chrome.button("Save", in: l.go, highlighted: true)
    }
}

extension HighlightsPanel: DrawablePanel {
    func draw(_ chrome: Chrome, context: PanelContext) {
        let g = ListGeometry(size: chrome.size, header: Self.header)
        let first = firstShown(context)
        chrome.panel(g.box, title: "Highlights")
        if context.highlights.isEmpty {
            chrome.text("No highlights yet: hold a word, drag, then pick a colour.", x: g.box.minX + 16, midY: g.listTop + 16,
                        color: chrome.theme.quietInk)
            return
        }
        for k in 0..<g.visibleRows {
            let i = first + k
            guard i < context.highlights.count else { break }
            let r = g.row(k)
            let h = context.highlights[i]
            if i == selected { chrome.fill(r, chrome.theme.control) }
            chrome.fill(Rect(x: r.minX + 6, y: r.minY + 8, width: 8, height: r.height - 16), chrome.theme.highlight(h.color))
            let pageWidth = BookmarksPanel.drawPageAndDelete(row: r, page: context.pageOf(h.start), chrome: chrome)
            let words = h.note.isEmpty ? h.text : h.text + " — " + h.note
            chrome.text(chrome.fitted(words, r.width - pageWidth - 80), x: r.minX + 22, midY: r.minY + r.height / 2)
        }
    }
}
