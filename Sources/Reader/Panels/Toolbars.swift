import PageTurner

/// The buttons of the toolbars.
public enum ToolbarButton: String, CaseIterable, Sendable {
    case close, library, goTo, bookmarks, contents, smaller, larger, font, margins, spacing, curl, motion, layout, theme
}

/// The two toolbars over the page, where the tap-zone layout puts them (by default the top and
/// bottom eighths): on top the book's title, the chapter and a close button; at the bottom
/// the progress (`page / pages` and a percentage, `~` before the total while the full pass
/// runs; the bar is a scrubber, `Toolbars+Scrubber`) over a row of buttons: go to page,
/// bookmarks, contents, font −/+, the font panel, margins, line
/// spacing, curl style, motion (full, reduced, none), one page or spreads, theme.
/// They slide in and out over `slideDuration` ms.
///
/// Their geometry, like every panel's, is laid out left to right; in a book read right to
/// left the whole chrome is mirrored (`ReaderScene.mirrorsChrome`): drawn so by the renderer,
/// and each point on it mirrored back before it is looked up here (`ReaderSession.chromePoint`).
///
/// A tap reaches them through the turn machine: while they are shown, it reports a tap on them
/// with the action `pressToolbar` and the tap's point, and the session asks them which button
/// is under it.
public struct Toolbars: ReaderPanel {
    public var zones: TapZoneLayout

    public init(zones: TapZoneLayout) { self.zones = zones }

    public var name: String { "toolbars" }

    /// How long they take to slide in or out, in ms.
    public static let slideDuration = 200.0

    /// What the bars show.
    public struct Content: Sendable {
        public var title: String
        public var chapter: String
        public var page: Int
        public var pageCount: Int
        public var isExact: Bool
        public var curl: CurlModel
        public var theme: Theme
        public var fontSize: Float
        /// How many pages are shown: 2 for a spread with both its pages, else 1.
        public var pagesShown = 1
        /// One page or spreads, as chosen.
        public var spreadMode: SpreadMode = .auto
        /// How much pages move when they turn.
        public var motion: TurnMotion = .full
        /// The page a scrub of the progress bar left, offered as "Back to N" (`backButton`).
        public var returnPage: Int?
        /// Whether `page` is the one a scrub under way picks, not yet gone to.
        public var scrubbing = false
    }

    public mutating func tap(at p: Point, context: PanelContext) -> PanelAction {
        hit(p, size: context.size).map { .press($0) } ?? .none
    }

    /// The bars' rectangles on a page of `size` (fallbacks when the layout has fewer).
    public func bars(size: Size) -> (top: Rect, bottom: Rect) {
        var top = Rect(x: 0, y: 0, width: size.width, height: min(64, size.height / 6))
        var bottom = Rect(x: 0, y: size.height - min(96, size.height / 5), width: size.width, height: min(96, size.height / 5))
        let rects = zones.toolbars.map { $0.rect(on: size) }
        if let t = rects.first(where: { $0.minY <= 0.5 }) { top = t }
        if let b = rects.first(where: { $0.maxY >= size.height - 0.5 }) { bottom = b }
        return (top, bottom)
    }

    /// The buttons' rectangles when the bars are fully shown.
    public func buttons(size: Size) -> [(ToolbarButton, Rect)] {
        let (top, bottom) = bars(size: size)
        let closeSide = min(44, top.height - 8)
        let close = Rect(x: top.maxX - closeSide - 12, y: top.minY + (top.height - closeSide) / 2, width: closeSide, height: closeSide)
        let libraryWidth = min(88, max(0, top.width / 4))
        var out: [(ToolbarButton, Rect)] = [
            (.close, close),
            (.library, Rect(x: close.minX - 8 - libraryWidth, y: close.minY, width: libraryWidth, height: closeSide)),
        ]
        let row: [ToolbarButton] = [.goTo, .bookmarks, .contents, .smaller, .larger, .font, .margins, .spacing, .curl, .motion, .layout, .theme]
        let twoRows = bottom.height >= 80
        let rowHeight = min(40, twoRows ? bottom.height / 2 - 8 : bottom.height - 8)
        let y = twoRows ? bottom.maxY - rowHeight - (bottom.height / 2 - rowHeight) / 2 - 4 : bottom.minY + (bottom.height - rowHeight) / 2
        let gap = 6.0
        let available = size.width - 24 - gap * Double(row.count - 1)
        let weights: [Double] = [0.75, 1.17, 1.0, 0.4, 0.4, 0.6, 0.9, 0.85, 1.2, 1.2, 1.15, 0.65]
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
    public func hit(_ p: Point, size: Size) -> ToolbarButton? {
        buttons(size: size).first { $0.1.contains(p) }?.0
    }

    public static func label(_ b: ToolbarButton, _ c: Content) -> String {
        switch b {
        case .close: return "×"
        case .library: return "Library"
        case .goTo: return "Go to…"
        case .bookmarks: return "Bookmarks"
        case .contents: return "Contents"
        // An en dash: the book faces that draw the chrome (Noto Serif) have no minus sign.
        case .smaller: return "A–"
        case .larger: return "A+"
        case .curl: return "Curl: \(c.curl.rawValue)"
        case .motion: return "Motion: \(c.motion.rawValue)"
        case .layout: return "Pages: \(c.spreadMode.rawValue)"
        case .theme: return c.theme.title
        case .font: return "Font"
        case .margins: return "Margins"
        case .spacing: return "Spacing"
        }
    }

    /// "12 / 340 · 3%", "11–12 / 340 · 3%" for a spread, or "12 / ~340 · 3%" while the page
    /// count is an estimate.
    public static func progress(_ c: Content) -> String {
        let n = max(c.pageCount, 1)
        let percent = n <= 1 ? 100 : Int((Double(c.page) / Double(n - 1) * 100).rounded())
        let shown = c.pagesShown > 1 ? "\(c.page + 1)–\(c.page + c.pagesShown)" : "\(c.page + 1)"
        return "\(shown) / \(c.isExact ? "" : "~")\(n) · \(percent)%"
    }
}
