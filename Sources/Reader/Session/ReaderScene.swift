import PageTurner

/// What one frame of the reader shows, as plain values: the renderer draws it and decides
/// nothing. Pages are named by their index in `layout`.
public struct ReaderScene {
    /// The window's size in logical pixels.
    public var size: Size
    public var theme: Theme
    /// The layout the pages come from.
    public var layout: BookLayout
    /// Where a spread's two pages lie, or nil for one page. With a spread, `pages` names
    /// spreads by their first page, and a turn turns a leaf (`LeafTurn`).
    public var spread: SpreadGeometry?
    /// Whether the book reads right to left (a spread's first page is then on the right).
    public var rightToLeft = false
    /// Whether the toolbars and panels are drawn mirrored, as right-to-left interfaces are
    /// (panel rows start at the right, buttons run from the right, the progress bar fills
    /// from the right): in a book read right to left. Their geometry is laid out left to right
    /// and mirrored in the window's width.
    public var mirrorsChrome: Bool { rightToLeft }
    public var pages: Pages
    /// The toolbars, unless they are hidden.
    public var toolbars: ToolbarsShown?
    /// The open panel and what it shows.
    public var panel: (panel: any ReaderPanel, context: PanelContext)?
    /// A message over the page.
    public var notice: String?
    /// The turn gauges, when shown.
    public var hud: TurnHUD?
    /// Whether no pointer is down and nothing moves: the renderer may prepare the pages next
    /// to the one shown.
    public var isIdle: Bool
    /// Text marked behind its glyphs (the selection), on whichever pages show it.
    public var marks: [TextMark] = []
    /// The selection's handles, window coordinates: the foot of its start and of its end.
    public var selectionHandles: [Point] = []
    /// The menu over the finished selection (Copy, the highlight colours, Note).
    public var selectionMenu: SelectionMenu?

    /// The most physical pixels a frame may have (width × height × scale²): 16 megapixels,
    /// 64 MB a frame; options and scripts asking for more are refused.
    public static let maxPixels = 16 * 1024 * 1024

    /// The page, or the turn, under the chrome.
    public enum Pages {
        /// One page (or the spread whose first page it is) lying still.
        case still(page: Int)
        /// A page (a spread's leaf) turning from `from` towards `incoming` (−1: none, a pull
        /// at either end), at `pose`, drawn by `curl` (the model and its parameters).
        case turning(from: Int, incoming: Int, pose: TurnPose, curl: CurlRenderer)
    }

    /// The toolbars `fraction` of the way in (0 hidden … 1 fully shown), showing `content`.
    public struct ToolbarsShown {
        public var fraction: Double
        public var content: Toolbars.Content
        public var bars: Toolbars
    }
}

extension ReaderSession {
    /// What the frame for `now` shows.
    public var scene: ReaderScene {
        // A scrub shows the page it picks once the pages are known (a provisional layout would
        // lay out every page between to find it).
        var pages = ReaderScene.Pages.still(page: layout.isExact ? chrome.scrub?.target ?? machine.page : machine.page)
        if chrome.scrub == nil, let pose = machine.pose, let turn = machine.turn {
            var incoming = -1
            if case .page(let to) = turn.goal { incoming = to }
            pages = .turning(from: turn.from, incoming: incoming, pose: pose, curl: curlRenderer)
        }
        var toolbars: ReaderScene.ToolbarsShown?
        let fraction = chrome.toolbarFraction(at: now)
        if fraction > 0 {
            let shownPage = chrome.scrub?.target ?? page
            let shownOffset = shownPage == page || layout.isExact ? layout.range(ofPage: shownPage).lowerBound
                : book.text.scalarCount * shownPage / max(layout.pageCount, 1)
            let chapter = book.chapter(at: shownOffset)?.title ?? ""
            var content = Toolbars.Content(title: book.shownTitle, chapter: chapter, page: shownPage, pageCount: layout.pageCount,
                                           isExact: layout.isExact, curl: preferences.curl, theme: preferences.theme,
                                           fontSize: preferences.fontSize,
                                           pagesShown: machine.isSpread && page + 1 < layout.pageCount ? 2 : 1,
                                           spreadMode: preferences.spreadMode, motion: preferences.motion)
            content.scrubbing = chrome.scrub != nil
            content.returnPage = chrome.returnPage
            toolbars = ReaderScene.ToolbarsShown(fraction: fraction, content: content, bars: Toolbars(zones: preferences.zones))
        }
        var scene = ReaderScene(size: pageSize, theme: preferences.theme, layout: layout, spread: spread,
                                rightToLeft: preferences.progression.isRightToLeft, pages: pages, toolbars: toolbars,
                                panel: chrome.panel.map { ($0, panelContext) }, notice: chrome.notice?.text, hud: hud,
                                isIdle: machine.phase == .idle)
        scene.marks = highlightMarks + matchMarks
        if let range = selection?.range, !range.isEmpty {
            scene.marks.append(TextMark(range: range, color: preferences.theme.selection))
            if case .still = pages {
                let handles = selectionHandles
                scene.selectionHandles = [handles.start, handles.end].compactMap { $0 }
                scene.selectionMenu = selectionMenu
            }
        }
        return scene
    }

    /// How this session draws a turning page: its curl model with the settings' parameters.
    public var curlRenderer: CurlRenderer { preferences.curlRenderer(settings) }

    /// A page (a spread's leaf) caught `progress` (0…1) of the way through a turn towards
    /// `direction`, grabbed at mid-height, in this session's page progression (mirrored for
    /// right to left): what `pageturn render` draws.
    public func pose(turning direction: TurnDirection, progress: Double) -> TurnPose {
        TurnPose(page: machine.turnSize, direction: direction, progress: progress, rightToLeft: preferences.progression.isRightToLeft)
    }
}
