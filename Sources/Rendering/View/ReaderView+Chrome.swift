import PageTurner
import Reader

/// A panel the view knows how to draw (every `ReaderPanel` the session opens).
protocol DrawablePanel {
    func draw(_ chrome: Chrome, context: PanelContext)
}

extension ReaderView {
    /// The toolbars, the open panel and a notice, over the page.
    func drawChrome(_ scene: ReaderScene, on canvas: Canvas) {
        fonts.beginFrame()
        let chrome = Chrome(canvas: canvas, fonts: fonts, theme: scene.theme, mirrored: scene.mirrorsChrome)
        // The selection's handles: a stem down from the text's foot and a knob, in the accent
        // (window coordinates, never mirrored).
        var plain = chrome
        plain.mirrored = false
        for h in scene.selectionHandles {
            plain.fill(Rect(x: h.x - 1, y: h.y - 2, width: 2, height: 8), scene.theme.accent)
            plain.fill(Rect(x: h.x - 5, y: h.y + 5, width: 10, height: 10), scene.theme.accent)
        }
        if let menu = scene.selectionMenu { Self.drawSelectionMenu(menu, chrome: plain, theme: scene.theme) }
        if let bars = scene.toolbars {
            ToolbarView.draw(chrome, bars: bars.bars, content: bars.content, shown: bars.fraction)
        }
        if let (panel, context) = scene.panel {
            (panel as? DrawablePanel)?.draw(chrome, context: context)
        }
        // The gauges mark where the finger is: window coordinates, never mirrored.
        if let hud = scene.hud { HUDView.draw(hud, chrome: plain, size: scene.size) }
        if let notice = scene.notice {
            // Low on the page, clear of the bottom toolbar's buttons.
            let height = scene.size.height
            chrome.notice(notice) { min(height * 0.82, height - $0 - 8) }
        }
    }

}

extension GoToPageDialog: DrawablePanel {
    func draw(_ chrome: Chrome, context: PanelContext) {
        let l = Self.layout(in: chrome.size)
        chrome.panel(l.box, title: "Go to page")
        chrome.fill(l.field, chrome.theme.background)
        chrome.outline(l.field, chrome.theme.accent)
        let end = chrome.with(textSize: 18).text(text, x: l.field.minX + 10, midY: l.field.minY + l.field.height / 2)
        chrome.fill(Rect(x: end + 2, y: l.field.minY + 9, width: 2, height: l.field.height - 18), chrome.theme.accent)
        let range = "1 – \(context.isExact ? "" : "~")\(context.pageCount)"
        chrome.rightText(range, right: l.field.maxX - 10, midY: l.field.minY + l.field.height / 2, color: chrome.theme.quietInk)
        if let error {
            chrome.text(error, x: l.field.minX, midY: l.field.maxY + 16, color: chrome.theme.warning)
        }
        chrome.button("Cancel", in: l.cancel)
        chrome.button("Go", in: l.go, highlighted: true)
    }
}

extension BookmarksPanel: DrawablePanel {
    func draw(_ chrome: Chrome, context: PanelContext) {
        let l = Self.layout(chrome.size)
        let g = l.list
        let first = firstShown(context)
        chrome.panel(g.box, title: "Bookmarks")
        chrome.fill(l.field, chrome.theme.background)
        chrome.outline(l.field, selected < 0 ? chrome.theme.accent : chrome.theme.quietInk)
        let shown = chrome.fitted(fieldText, l.field.width - 20)
        let mid = l.field.minY + l.field.height / 2
        if nameSelected && !fieldText.isEmpty {
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
            let pageWidth = Self.drawPageAndDelete(row: r, page: context.pageOf(b.offset), chrome: chrome)
            chrome.text(chrome.fitted(b.name, r.width - pageWidth - 70), x: r.minX + 8, midY: r.minY + r.height / 2)
        }
    }

    /// A list row's end, as the bookmarks and highlights draw it: `p. N` (the page, from 0)
    /// and the × that deletes the row. Returns the page label's width.
    static func drawPageAndDelete(row r: Rect, page: Int, chrome: Chrome) -> Double {
        let label = "p. \(page + 1)"
        chrome.rightText(label, right: r.maxX - 44, midY: r.minY + r.height / 2, color: chrome.theme.quietInk)
        chrome.centredText("×", in: deleteBox(r), color: chrome.theme.warning)
        return chrome.width(label)
    }
}

extension ContentsPanel: DrawablePanel {
    func draw(_ chrome: Chrome, context: PanelContext) {
        let g = ListGeometry(size: chrome.size, header: 0)
        let first = firstShown(context)
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
