import CSDL2
import Fonts
import PageTurner
import Reader

extension FontPanel: DrawablePanel {
    /// The filter field, then the rows: the book faces, then each family in its own face
    /// (`FamilySamples`), the one in use marked with a bar and "in use".
    func draw(_ chrome: Chrome, context: PanelContext) {
        let l = Self.layout(chrome.size)
        let g = l.list
        chrome.panel(g.box, title: "Font")
        chrome.fill(l.field, chrome.theme.background)
        chrome.outline(l.field, chrome.theme.accent)
        let mid = l.field.minY + l.field.height / 2
        let count = "\(rows.count { $0 != nil }) of \(families.count)"
        let countWidth = chrome.width(count)
        if filter.isEmpty {
            chrome.fill(Rect(x: l.field.minX + 10, y: l.field.minY + 9, width: 2, height: l.field.height - 18), chrome.theme.accent)
            chrome.text("Type to find a family", x: l.field.minX + 16, midY: mid, color: chrome.theme.quietInk)
        } else {
            let end = chrome.text(chrome.fitted(filter, l.field.width - countWidth - 40), x: l.field.minX + 10, midY: mid)
            chrome.fill(Rect(x: end + 2, y: l.field.minY + 9, width: 2, height: l.field.height - 18), chrome.theme.accent)
        }
        chrome.rightText(count, right: l.field.maxX - 10, midY: mid, color: chrome.theme.quietInk)
        if rows.isEmpty {
            chrome.text("No installed family's name holds \u{201C}\(filter)\u{201D}.", x: g.box.minX + 16, midY: g.listTop + 16,
                        color: chrome.theme.quietInk)
            return
        }
        let first = firstShown(context)
        for k in 0..<g.visibleRows {
            let i = first + k
            guard i < rows.count else { break }
            let r = g.row(k)
            let midY = r.minY + r.height / 2
            if i == selected { chrome.fill(r, chrome.theme.control) }
            var right = r.maxX - 8
            if isCurrent(rows[i]) {
                chrome.fill(Rect(x: r.minX, y: r.minY + 4, width: 4, height: r.height - 8), chrome.theme.accent)
                right = chrome.text("in use", x: r.maxX - 8 - chrome.width("in use"), midY: midY, color: chrome.theme.accent)
                    - chrome.width("in use") - 12
            }
            guard let index = rows[i] else {
                chrome.text("Book faces", x: r.minX + 16, midY: midY)
                let note = chrome.fitted("chosen for the book\u{2019}s language", right - r.minX - 140)
                chrome.rightText(note, right: right, midY: midY, color: chrome.theme.quietInk)
                continue
            }
            drawFamily(families[index], chrome: chrome, row: r, right: right, rowsShown: g.visibleRows)
        }
    }

    /// One family's row: its name in its own face, or its name in the interface face with a
    /// sample of its letters at the right.
    private func drawFamily(_ family: FontFamily, chrome: Chrome, row r: Rect, right: Double, rowsShown: Int) {
        let midY = r.minY + r.height / 2
        let scale = chrome.scale
        let room = right - r.minX - 16
        guard let sample = chrome.fonts.samples.sample(of: family, pixelSize: Float((20 * scale).rounded()),
                                                       maxWidth: Int(room * scale), rowsShown: rowsShown, on: chrome.canvas) else {
            chrome.text(chrome.fitted(family.name, room), x: r.minX + 16, midY: midY, color: chrome.theme.quietInk)
            return
        }
        let width = Double(sample.width) / scale
        let x = sample.isName ? r.minX + 16 - Double(sample.origin) / scale : right - width
        if !sample.isName {
            chrome.text(chrome.fitted(family.name, max(0, x - r.minX - 28)), x: r.minX + 16, midY: midY)
        }
        // The sample's baseline where interface text on this row has its own; what reaches
        // past the row (a Nastaliq's or a Tibetan stack's height) is cut at its edges.
        let top = Int((Double(chrome.baseline(midY: midY)) - Double(sample.baseline)).rounded())
        let rowTop = Int((r.minY * scale).rounded()), rowBottom = Int((r.maxY * scale).rounded())
        let cutTop = max(0, rowTop - top), cutBottom = max(0, top + sample.height - rowBottom)
        guard sample.height - cutTop - cutBottom > 0 else { return }
        var src = SDL_Rect(x: 0, y: Int32(cutTop), w: Int32(sample.width), h: Int32(sample.height - cutTop - cutBottom))
        var dst = SDL_Rect(x: Int32((chrome.drawnX(x, width: width) * scale).rounded()), y: Int32(top + cutTop), w: src.w, h: src.h)
        let ink = chrome.theme.ink
        SDL_SetTextureColorMod(sample.texture, ink.r, ink.g, ink.b)
        SDL_RenderCopy(chrome.canvas.renderer, sample.texture, &src, &dst)
    }
}
