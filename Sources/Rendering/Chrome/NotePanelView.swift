import CSDL2
import PageTurner
import Pagination
import Reader

/// A note over the page (`NotePanel`): a box in the page's colours with a rule above it, the
/// note's lines drawn from the book's glyph atlases as the page's are (the typesetter placed
/// them), clipped to the box and scrolled, with a thin bar at the right when it scrolls.
extension NotePanel: DrawablePanel {
    func draw(_ chrome: Chrome, context: PanelContext) {
        let size = chrome.size
        let r = box(in: size)
        chrome.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), RGB(0, 0, 0), alpha: 0.15)
        chrome.fill(Rect(x: r.minX - 1, y: r.minY - 1, width: r.width + 2, height: r.height + 2), chrome.theme.quietInk)
        chrome.fill(r, chrome.theme.background)
        let scale = Float(chrome.scale)
        var clip = SDL_Rect(x: Int32((r.minX * chrome.scale).rounded()), y: Int32((r.minY * chrome.scale).rounded()),
                            w: Int32((r.width * chrome.scale).rounded()), h: Int32((r.height * chrome.scale).rounded()))
        SDL_RenderSetClipRect(chrome.canvas.renderer, &clip)
        defer { SDL_RenderSetClipRect(chrome.canvas.renderer, nil) }
        let top = r.minY - scroll
        for line in lines {
            let baseline = top + Double(line.baseline)
            guard baseline > r.minY - Double(fontSize) * 2, baseline < r.maxY + Double(fontSize) * 2 else { continue }
            for run in line.runs {
                let atlas = chrome.fonts.body(pixelSize: fontSize * run.scale * scale)
                atlas.render(runs: [run], scale: scale, offset: (Float(r.minX) * scale, Float(top) * scale),
                             color: chrome.theme.ink, on: chrome.canvas)
            }
        }
        if contentHeight > r.height {
            let bar = r.height * r.height / contentHeight
            let y = r.minY + (r.height - bar) * scroll / max(1, contentHeight - r.height)
            chrome.fill(Rect(x: r.maxX - 5, y: y, width: 3, height: bar), chrome.theme.quietInk, alpha: 0.6)
        }
    }
}
