import PageTurner
import Reader

/// Draws the toolbars (`Toolbars` says where they and their buttons are, and what they say).
enum ToolbarView {
    /// Draws the bars, `shown` of the way in (0 hidden … 1 fully shown).
    static func draw(_ chrome: Chrome, bars toolbars: Toolbars, content c: Toolbars.Content, shown: Double) {
        guard shown > 0 else { return }
        let size = chrome.size
        let (top, bottom) = toolbars.bars(size: size)
        let eased = 1 - (1 - shown) * (1 - shown)
        let dyTop = -(1 - eased) * top.height
        let dyBottom = (1 - eased) * bottom.height
        func moved(_ r: Rect, _ dy: Double) -> Rect { Rect(x: r.minX, y: r.minY + dy, width: r.width, height: r.height) }

        let t = moved(top, dyTop)
        chrome.fill(t, chrome.theme.chrome)  // opaque: no page text shows through the labels
        chrome.fill(Rect(x: t.minX, y: t.maxY - 1, width: t.width, height: 1), chrome.theme.quietInk)
        // The title and chapter end before the top bar's buttons (Library, ×).
        let topButtons = toolbars.buttons(size: size).filter { $0.0 == .close || $0.0 == .library }.map(\.1.minX)
        let textRight = (topButtons.min() ?? t.maxX - 72) - 8
        let big = chrome.with(textSize: 17)
        if t.height >= 56 {
            big.text(big.fitted(c.title, textRight - 16), x: 16, midY: t.minY + t.height * 0.36)
            chrome.text(chrome.fitted(c.chapter, textRight - 16), x: 16, midY: t.minY + t.height * 0.7, color: chrome.theme.quietInk)
        } else {
            let line = c.chapter.isEmpty ? c.title : "\(c.title) — \(c.chapter)"
            chrome.text(chrome.fitted(line, textRight - 16), x: 16, midY: t.minY + t.height / 2)
        }

        let b = moved(bottom, dyBottom)
        chrome.fill(b, chrome.theme.chrome)
        chrome.fill(Rect(x: b.minX, y: b.minY, width: b.width, height: 1), chrome.theme.quietInk)
        if let bar = toolbars.progressBar(size: size).map({ moved($0, dyBottom) }) {
            // The bar is a scrubber (`Toolbars+Scrubber`): filled to the page shown, with a
            // knob to hold while a scrub picks a page.
            let label = Toolbars.progress(c)
            let fraction = c.pageCount <= 1 ? 1 : Double(c.page) / Double(c.pageCount - 1)
            chrome.fill(bar, chrome.theme.control)
            let filled = bar.width * fraction
            // From the bar's start: its left end, or mirrored its right.
            chrome.fill(Rect(x: bar.minX, y: bar.minY, width: filled, height: bar.height), chrome.theme.accent)
            let knobX = bar.minX + filled
            let knob = c.scrubbing ? 14.0 : 9.0
            chrome.fill(Rect(x: knobX - knob / 2, y: bar.minY + bar.height / 2 - knob / 2, width: knob, height: knob), chrome.theme.accent)
            chrome.centredText(label, in: Rect(x: 0, y: bar.maxY + 6, width: size.width, height: 24))
            if let back = c.returnPage, !c.scrubbing, let r = toolbars.backButton(size: size) {
                chrome.button(Toolbars.backLabel(back), in: moved(r, dyBottom))
            }
        }
        for (button, r) in toolbars.buttons(size: size) {
            let rect = button == .close || button == .library ? moved(r, dyTop) : moved(r, dyBottom)
            chrome.button(Toolbars.label(button, c), in: rect)
        }
    }
}
