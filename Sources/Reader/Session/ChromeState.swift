import PageTurner
import Pagination

/// What is drawn over the page: the open panel, the toolbars sliding in or out, a notice.
struct ChromeState {
    /// The open panel or dialog (go to page, bookmarks, contents), if any: it takes every key,
    /// tap, wheel step and typed text until it closes.
    var panel: (any ReaderPanel)?
    /// Whether the toolbars were last shown or hidden, and when (ms): they slide from there.
    var toolbars: (shown: Bool, at: Double) = (false, -1e9)
    /// A message over the page until a time (ms).
    var notice: (text: String, until: Double)?
    /// Whether the turn gauges are shown (`TurnHUD`).
    var hudShown = false
    /// A scrub under way on the progress bar (`Toolbars.scrubArea`): the pointer, the page the
    /// reader was on, and the page picked (shown until the pointer lets go).
    var scrub: (pointer: Int, from: Int, target: Int)?
    /// The page a scrub or a followed link left, offered as "Back to N" (and Backspace) until
    /// it is taken or the toolbars hide.
    var returnPage: Int?
    /// Links out of the book: the one the reader was asked about (a tap on it again, or
    /// Enter, opens it while the question shows), and those the reader said yes to (opened
    /// without asking again), and the links to open that the window has not taken yet.
    var externalLinks = ExternalLinks()

    /// How far the toolbars are shown at `now`: 0 hidden … 1 fully shown.
    func toolbarFraction(at now: Double) -> Double {
        let t = min(max((now - toolbars.at) / Toolbars.slideDuration, 0), 1)
        return toolbars.shown ? t : 1 - t
    }

    /// Whether anything over the page moves at `now` (the toolbars sliding, a notice shown).
    func isAnimating(at now: Double) -> Bool {
        now - toolbars.at < Toolbars.slideDuration || notice != nil
    }
}

/// Which pointers are down and where, and which of them went down on a panel or on a shown
/// toolbar (they never reach the turn machine: a click there is the panel's or the
/// toolbar's, and a drag that starts there turns no page).
struct PointerRouting {
    /// Where each pointer down was last seen.
    var last: [Int: Point] = [:]
    /// Pointers pressed on a panel, and where they went down.
    var onPanel: [Int: Point] = [:]
    /// Pointers pressed on a shown toolbar, and where they went down.
    var onToolbar: [Int: Point] = [:]
    /// Pointers pressed on a link (they reach the turn machine too: a drag turns the page),
    /// where they went down and the link.
    var onLink: [Int: (down: Point, link: DocumentStructure.Link)] = [:]
    /// Pointers pressed while text is selected (they reach the turn machine too: a drag turns
    /// the page), where they went down: let go there, they clear the selection and do nothing else.
    var whileSelected: [Int: Point] = [:]
    /// Pointers dragging a selection handle (never the machine's), and which end.
    var onHandle: [Int: TextSelection.End] = [:]
    /// Pointers pressed on the selection's menu (never the machine's), and the button.
    var onMenu: [Int: SelectionMenu.Item] = [:]
    /// Pointers pressed on a highlighted passage (they reach the turn machine too: a drag
    /// turns the page), where they went down and the passage: a tap selects it.
    var onHighlight: [Int: (down: Point, passage: Range<Int>)] = [:]
}

/// Links out of the book the session was asked to open (`ReaderSession+Links`).
struct ExternalLinks {
    var asked: String?
    var allowed: Set<String> = []
    var toOpen: [String] = []
}
