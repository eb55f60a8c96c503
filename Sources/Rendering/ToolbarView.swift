import PageTurner

/// The buttons of the toolbars.
enum ToolbarButton: String, CaseIterable {
    case close, goTo, bookmarks, contents, smaller, larger, curl, theme
}

/// The two toolbars over the page, where the tap-zone layout puts them (by default the top and
/// bottom eighths): on top the book's title, the chapter and a close button; at the bottom
/// the progress (`page / pages` and a percentage, `~` before the total while the full pass
/// runs) over a row of buttons: go to page, bookmarks, contents, font −/+, curl style, theme.
/// They slide in and out over `slideDuration` ms.
struct ToolbarView {
    static let slideDuration = 200.0

    struct Content {
        var title: String
        var chapter: String
        var page: Int
        var pageCount: Int
        var isExact: Bool
        var curl: CurlModel
        var theme: Theme
        var fontSize: Float
        /// The progress bar fills from the right in a right-to-left book.
        var rightToLeft = false
    }

    /// The bars' rectangles on a page of `size` for `zones` (fallbacks when the layout has fewer).
    static func bars(size: Size, zones: TapZoneLayout) -> (top: Rect, bottom: Rect) {
        var top = Rect(x: 0, y: 0, width: size.width, height: min(64, size.height / 6))
        var bottom = Rect(x: 0, y: size.height - min(96, size.height / 5), width: size.width, height: min(96, size.height / 5))
        let rects = zones.toolbars.map { $0.rect(on: size) }
        if let t = rects.first(where: { $0.minY <= 0.5 }) { top = t }
        if let b = rects.first(where: { $0.maxY >= size.height - 0.5 }) { bottom = b }
        return (top, bottom)
    }

    /// The buttons' rectangles when the bars are fully shown.
    static func buttons(size: Size, zones: TapZoneLayout) -> [(ToolbarButton, Rect)] {
        let (top, bottom) = bars(size: size, zones: zones)
        let closeSide = min(44, top.height - 8)
        var out: [(ToolbarButton, Rect)] = [
            (.close, Rect(x: top.maxX - closeSide - 12, y: top.minY + (top.height - closeSide) / 2, width: closeSide, height: closeSide)),
        ]
        let row: [ToolbarButton] = [.goTo, .bookmarks, .contents, .smaller, .larger, .curl, .theme]
        let twoRows = bottom.height >= 80
        let rowHeight = min(40, twoRows ? bottom.height / 2 - 8 : bottom.height - 8)
        let y = twoRows ? bottom.maxY - rowHeight - (bottom.height / 2 - rowHeight) / 2 - 4 : bottom.minY + (bottom.height - rowHeight) / 2
        let gap = 6.0
        let available = size.width - 24 - gap * Double(row.count - 1)
        let weights: [Double] = [1, 1.3, 1.2, 0.6, 0.6, 1.2, 1]
        let total = weights.reduce(0, +)
        var x = 12.0
        for (button, weight) in zip(row, weights) {
            let w = available * weight / total
            out.append((button, Rect(x: x, y: y, width: w, height: rowHeight)))
            x += w + gap
        }
        return out
    }

    /// The button under a tap, when the bars are shown.
    static func hit(_ p: Point, size: Size, zones: TapZoneLayout) -> ToolbarButton? {
        buttons(size: size, zones: zones).first { $0.1.contains(p) }?.0
    }

    static func label(_ b: ToolbarButton, _ c: Content) -> String {
        switch b {
        case .close: return "×"
        case .goTo: return "Go to…"
        case .bookmarks: return "Bookmarks"
        case .contents: return "Contents"
        case .smaller: return "A−"
        case .larger: return "A+"
        case .curl: return "Curl: \(c.curl.rawValue)"
        case .theme: return c.theme.title
        }
    }

    /// "12 / 340 · 3%", or "12 / ~340 · 3%" while the page count is an estimate.
    static func progress(_ c: Content) -> String {
        let n = max(c.pageCount, 1)
        let percent = n <= 1 ? 100 : Int((Double(c.page) / Double(n - 1) * 100).rounded())
        return "\(c.page + 1) / \(c.isExact ? "" : "~")\(n) · \(percent)%"
    }

    /// Draws the bars, `shown` of the way in (0 hidden … 1 fully shown).
    static func draw(_ chrome: Chrome, content c: Content, shown: Double, zones: TapZoneLayout) {
        guard shown > 0 else { return }
        let size = chrome.size
        let (top, bottom) = bars(size: size, zones: zones)
        let eased = 1 - (1 - shown) * (1 - shown)
        let dyTop = -(1 - eased) * top.height
        let dyBottom = (1 - eased) * bottom.height
        func moved(_ r: Rect, _ dy: Double) -> Rect { Rect(x: r.minX, y: r.minY + dy, width: r.width, height: r.height) }

        let t = moved(top, dyTop)
        chrome.fill(t, chrome.theme.chrome, alpha: 0.97)
        chrome.fill(Rect(x: t.minX, y: t.maxY - 1, width: t.width, height: 1), chrome.theme.quietInk)
        let textRight = t.maxX - 72
        let big = chrome.with(textSize: 17)
        if t.height >= 56 {
            big.text(big.fitted(c.title, textRight - 16), x: 16, midY: t.minY + t.height * 0.36)
            chrome.text(chrome.fitted(c.chapter, textRight - 16), x: 16, midY: t.minY + t.height * 0.7, color: chrome.theme.quietInk)
        } else {
            let line = c.chapter.isEmpty ? c.title : "\(c.title) — \(c.chapter)"
            chrome.text(chrome.fitted(line, textRight - 16), x: 16, midY: t.minY + t.height / 2)
        }

        let b = moved(bottom, dyBottom)
        chrome.fill(b, chrome.theme.chrome, alpha: 0.97)
        chrome.fill(Rect(x: b.minX, y: b.minY, width: b.width, height: 1), chrome.theme.quietInk)
        if bottom.height >= 80 {
            let label = progress(c)
            let fraction = c.pageCount <= 1 ? 1 : Double(c.page) / Double(c.pageCount - 1)
            let barY = b.minY + 14
            chrome.fill(Rect(x: 16, y: barY, width: size.width - 32, height: 3), chrome.theme.control)
            let filled = (size.width - 32) * fraction
            chrome.fill(Rect(x: c.rightToLeft ? size.width - 16 - filled : 16, y: barY, width: filled, height: 3),
                        chrome.theme.accent)
            chrome.centredText(label, in: Rect(x: 0, y: barY + 6, width: size.width, height: 24))
        }
        for (button, r) in buttons(size: size, zones: zones) {
            let rect = button == .close ? moved(r, dyTop) : moved(r, dyBottom)
            chrome.button(label(button, c), in: rect)
        }
    }
}
