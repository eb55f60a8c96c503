import Fonts
import FoundationEssentials
import PageTurner
import Pagination
import GestureScripts
import ReaderState

/// A reading session: the book, its layout, the gesture machine, the toolbars and panels,
/// bookmarks and preferences. No SDL, no pixels and no clock: inputs arrive with their time
/// (ms), so the window's event loop and a script drive a session the same way, and a test
/// drives it with no window at all. What a frame shows is `scene`, which the renderer draws.
///
/// Every pointer, wheel step and page key goes to the `TurnMachine`, so the window turns pages
/// exactly as `pageturn simulate` says it will; the session does what the machine's events
/// ask (land on a page, show the toolbars, press a toolbar button). Changing the font size or
/// the window's size lays the book out again and keeps the reading position: the page that
/// holds the previous page's first character.
public final class ReaderSession {
    public let book: Book
    /// Makes the layouts for this session's fonts (and keeps their advance tables); a new
    /// one when the reader chooses another font.
    var layouts: LayoutMaker
    /// The font panel's families and how a choice is opened (nil: fonts cannot be chosen).
    let fontChoices: FontChoices?
    /// The installed families, listed the first time the font panel opens.
    var installedFamilies: [FontFamily]?
    var live: LiveLayout
    /// The first layout, while its full pass waits for the first frame (`firstFrameShown`).
    private var passHeldUntilShown: BookLayout?
    public internal(set) var machine: TurnMachine
    var place: ReadingPlace
    public internal(set) var preferences: ReaderPreferences
    /// The machine's thresholds and the curls' parameters, for the whole session.
    public let settings: TurnSettings
    var clock: SessionClock
    var chrome = ChromeState()
    var pointers = PointerRouting()
    /// The page size in logical pixels (the window's size).
    public internal(set) var pageSize: Size
    public internal(set) var quitRequested = false
    /// The person asked for the shelf (Ctrl+O, the toolbar's Library button): the loop puts
    /// this book away (its state saved) and shows the shelf, or, with no shelf to show, sets
    /// it back to false.
    public var shelfRequested = false
    /// Called when something worth saving changed (page, bookmarks, preferences).
    public var onChange: (() -> Void)?
    /// Called at the start of every `advance(to:)`, the loop's tick (`SessionPersistence`
    /// brings in the bookmarks another session on the book saved).
    public var onAdvance: (() -> Void)?
    /// Called with every input the turn machine receives and its time (`GestureRecorder`).
    public var onMachineInput: ((TurnInput, Double) -> Void)?
    /// Called with every change to the turn machine's set-up (its size, page count and page,
    /// curl, direction) and the machine's time, so a recording replays on the same machine.
    public var onMachineSetup: ((SetupChange, Double) -> Void)?
    /// Set whenever the picture may have changed; the loop clears it after drawing.
    public var needsRedraw = true
    /// The text selected, if any (`ReaderSession+Selection`).
    public internal(set) var selection: TextSelection?
    /// The passages highlighted, sorted by start (`ReaderSession+Highlights`).
    public internal(set) var highlights: [Highlight] = []
    /// The passage of the highlight last made or chosen: what a note is written on (by its
    /// passage, the merge's key, so it is found again after another session's are merged in).
    var currentPassage: Range<Int>?
    /// The search under way (`ReaderSession+Find`), if any.
    public internal(set) var found: FoundText?
    /// The book folded for searching, made on the first search.
    lazy var bookSearch = BookSearch(text: book.text)
    /// When the selecting pointer last moved (ms): a pause switches it to characters.
    var selectionMoved: Double = 0
    /// What the last copy put on the clipboard (scripted runs report it).
    public internal(set) var clipboard: String?
    /// The clipboard text the window has not taken yet (`takeClipboardText`).
    var clipboardToSet: String?

    /// Opens `book` on a page of `pageSize` logical pixels.
    public init(book: Book, fonts: FontSet, pageSize: Size, start: ReaderStart = ReaderStart()) {
        self.book = book
        layouts = LayoutMaker(book: book, fonts: fonts, pageCache: start.pageCache, backgroundLayout: start.backgroundLayout)
        preferences = start.preferences
        settings = start.settings
        fontChoices = start.fontChoices
        preferences.fontSize = ReaderPreferences.clampedFontSize(preferences.fontSize)
        clock = SessionClock(dateOrigin: start.dateOrigin)
        place = ReadingPlace(position: start.position, bookmarks: start.bookmarks, scalarCount: book.text.scalarCount)
        highlights = Self.kept(start.highlights, scalarCount: book.text.scalarCount)
        self.pageSize = pageSize
        let spread = preferences.spreadMode.spread(window: pageSize, fontSize: preferences.fontSize)
        let layout = layouts.layout(pageSize: spread?.pageSize ?? pageSize, facingPages: spread != nil,
                                    preferences: preferences, language: preferences.language ?? book.language,
                                    at: place.position, startPass: !start.holdPassUntilShown)
        live = LiveLayout(layout)
        if start.holdPassUntilShown { passHeldUntilShown = layout }
        machine = TurnMachine(pageSize: pageSize, pageCount: max(layout.pageCount, 1), page: layout.page(containing: place.position),
                              config: preferences.turnConfig(settings), tapZones: preferences.zones, spread: spread != nil)
        chrome.hudShown = start.hud
        if let text = start.notice { showNotice(text, for: 6000) }
    }

    /// Starts the first layout's full pass, held back by `ReaderStart.holdPassUntilShown`
    /// (once; nothing when it was not held, or when a new layout has replaced it since and
    /// holds back its own pass).
    public func firstFrameShown() {
        guard let held = passHeldUntilShown else { return }
        passHeldUntilShown = nil
        if held === live.current { held.startPass() }
    }

    // MARK: - Reading the state

    /// The book's fonts.
    public var fonts: FontSet { layouts.fonts }
    /// The pages as laid out now (exact, or provisional while the full pass runs).
    public var layout: BookLayout { live.current }
    /// The reading position: the first character of the page being read.
    public var position: Int { place.position }
    public var bookmarks: [SessionBookmark] { place.bookmarks }
    /// The session's time, in ms.
    public var now: Double { clock.now }
    /// The date of time 0 on the session's time line (see `ReaderStart.dateOrigin`); the
    /// interactive event loop sets it from the wall clock.
    public var dateOrigin: Date {
        get { clock.dateOrigin }
        set { clock.dateOrigin = newValue }
    }
    /// The page shown (0-based; during a turn, the page the turn started from); with spreads,
    /// the spread's first page (even).
    public var page: Int { machine.page }
    public var pageCount: Int { layout.pageCount }
    /// How far through the book the reader is, 0 to 1: the share of the text up to the end of
    /// the page shown (1 on the last page), as a shelf's progress bar shows it.
    public var progress: Double {
        let length = book.text.scalarCount
        guard length > 0 else { return 1 }
        return min(1, max(0, Double(layout.range(ofPage: page).upperBound) / Double(length)))
    }
    public var isLayoutExact: Bool { layout.isExact }
    public var toolbarsShown: Bool { machine.toolbarsShown }
    /// Whether the open panel has a text field (the loop turns the platform's text input on).
    public var wantsTextInput: Bool { chrome.panel?.wantsText ?? false }
    /// The open panel's name ("goTo", "bookmarks", "contents", "fonts") or nil.
    public var openPanel: String? { chrome.panel?.name }
    /// The pointers down now, by id, in order.
    public var pointersDown: [Int] { pointers.last.keys.sorted() }

    /// Whether pointer `id` is down (pressed and not yet let go or cancelled).
    public func isPointerDown(_ id: Int) -> Bool { pointers.last[id] != nil }

    /// Whether anything moves with time alone (a settling page, the toolbars, a notice): a
    /// page held under a still finger does not, and is drawn once. A layout pass still running is
    /// not movement: the loop polls it while waiting for events (`advance`), and a finished
    /// pass asks for a redraw only when it lands (page count and the bars' text change).
    public var isAnimating: Bool {
        // A trackpad swipe ends when its deltas stop coming (`TurnConfig.scrollReleaseGap`):
        // frames go on so that its page is let go on time.
        // The HUD's drag gauge moves with time too (the velocity falls while the finger rests).
        machine.isMoving || machine.isScrolling || chrome.isAnimating(at: now)
            || hud.map { $0.release != nil || $0.ignored != nil || $0.gauge != nil } ?? false
    }

    /// How long the layout must stay the same before its full pass starts, in ms.
    public static let fullPassDelay = LiveLayout.fullPassDelay

    // MARK: - Layout

    /// Lays the book out for the current page and font size, on the page holding `position`;
    /// the full pass is held back until the layout has settled (`LiveLayout`).
    func relayout() {
        let spread = preferences.spreadMode.spread(window: pageSize, fontSize: preferences.fontSize)
        let layout = layouts.layout(pageSize: spread?.pageSize ?? pageSize, facingPages: spread != nil,
                                    preferences: preferences, language: contentLanguage, at: position, startPass: false)
        live.replace(with: layout, now: now)
        changeMachine(.resize(pageSize))
        if (spread != nil) != machine.isSpread { changeMachine(.layout(spread: spread != nil)) }
        syncMachine(toPage: layout.page(containing: position))
    }

    /// The language the book is laid out in: the reader's choice, else the one detected.
    public var contentLanguage: ContentLanguage? { preferences.language ?? book.language }

    /// The spread shown, or nil for one page: `preferences.spreadMode` decides, for the
    /// window's size and the font size, each time the book is laid out again.
    public var spread: SpreadGeometry? { machine.isSpread ? SpreadGeometry(window: pageSize) : nil }

    /// Lays out again now if no pointer is down and no page moves, else once they are done
    /// (`advance`).
    func relayoutWhenIdle() {
        if machine.phase == .idle {
            relayout()
        } else {
            live.relayoutPending = true
            needsRedraw = true
        }
    }

    /// Gives the machine the layout's page count as it is now (an estimate that changes while
    /// the full pass runs, and with every new layout) and shows `page` (a jump, a new layout).
    /// A turn or gesture under way is dropped; the toolbars stay as they were.
    func syncMachine(toPage page: Int) {
        changeMachine(.pages(count: max(layout.pageCount, 1), page: page))
        needsRedraw = true
    }

    /// Makes a change to the machine's set-up (a recorder, if any, hears of it).
    func changeMachine(_ change: SetupChange) {
        switch change {
        case .resize(let size): machine.resize(to: size)
        case .pages(let count, let page): machine.setPageCount(count, page: page)
        case .curl, .progression: machine.config = preferences.turnConfig(settings)
        case .layout(let spread): machine.setSpread(spread)
        }
        guard let onMachineSetup else { return }
        // What the machine now has, clamped as it clamps (a replay must give it the same).
        switch change {
        case .pages: onMachineSetup(.pages(count: machine.pageCount, page: machine.page), machine.now)
        default: onMachineSetup(change, machine.now)
        }
    }

    /// Shows page `page` at once and makes its first character the reading position.
    func jump(toPage page: Int) {
        let p = min(max(page, 0), max(layout.pageCount - 1, 0))
        syncMachine(toPage: p)
        place.position = layout.range(ofPage: p).lowerBound
        changed()
    }

    func changed() {
        needsRedraw = true
        onChange?()
    }

    func showNotice(_ text: String, for ms: Double = 1800) {
        chrome.notice = (text, now + ms)
        needsRedraw = true
    }

    // MARK: - Time

    /// Moves the clock to `time`: lands settling pages, slides the toolbars, lays out again for
    /// a font size or page size changed mid-gesture, swaps in a finished layout pass when
    /// nothing is held or moving.
    public func advance(to time: Double) {
        onAdvance?()
        clock.advance(to: time)
        react(machine.advance(to: now))
        if let n = chrome.notice, n.until <= now {
            chrome.notice = nil
            needsRedraw = true
        }
        live.startPassIfDue(now: now)
        if machine.phase == .idle {
            if live.relayoutPending {
                relayout()
            } else if layout.poll() {
                syncMachine(toPage: layout.page(containing: position))
            } else if machine.pageCount != max(layout.pageCount, 1) {
                syncMachine(toPage: machine.page)
            }
        }
        if isAnimating { needsRedraw = true }
    }

    /// Waits for the layout's full pass and shows the page holding the reading position.
    public func waitForLayout() {
        layout.waitUntilExact()
        syncMachine(toPage: layout.page(containing: position))
    }

    // MARK: - Machine events

    func react(_ events: [TimedEvent]) {
        for e in events {
            needsRedraw = true
            switch e.event {
            case .turnCommitted(_, let to):
                let k = layout.normalizedIndex(of: to)
                if k != to { syncMachine(toPage: k) }
                // The page shown: k, or the first page of the spread holding it. A page that
                // does not exist (never expected) must not move the place to 0.
                let range = layout.range(ofPage: machine.page)
                if !range.isEmpty { place.position = range.lowerBound }
                changed()
            case .toolbars(let shown):
                chrome.toolbars = (shown, e.time)
                // "Back to N" is offered while the bars that showed the scrub are up.
                if !shown { chrome.returnPage = nil }
            case .boundary(let b):
                if case .following = machine.motion { break }
                showNotice(b == .last ? "This is the last page" : "This is the first page")
            case .tap(_, .pressToolbar, let point):
                clickToolbar(at: point)
            case .selectionStarted(let point):
                // A long press on a link or a highlight selects: its up follows nothing.
                pointers.onLink.removeAll()
                pointers.onHighlight.removeAll()
                startSelection(at: point, time: e.time)
            case .selectionChanged(let point):
                extendSelection(to: point, time: e.time)
            case .selectionEnded:
                endSelection()
            default:
                break
            }
        }
    }

    /// A turn that was let go towards a new page and is still landing counts as done: the
    /// reading position moves to that page now (before a resize, a quit or a new machine,
    /// which would otherwise drop it). Nothing happens for a page still under a finger.
    func landCommittedTurn() {
        guard case .settling(let turn, _, commit: true) = machine.motion, case .page(let to) = turn.goal else { return }
        let range = layout.range(ofPage: machine.shownPage(for: layout.normalizedIndex(of: to)))
        guard !range.isEmpty, range.lowerBound != position else { return }
        place.position = range.lowerBound
        changed()
    }

    /// A new page size (the window was resized): lays out again at the reading position, at
    /// once. A page under a finger is dropped (it lies flat again, the reading position stays):
    /// its pages were laid out for the old size and would be drawn wrong at the new. A turn
    /// already let go lands first.
    public func resize(to size: Size) {
        guard size != pageSize, size.width >= 1, size.height >= 1 else { return }
        pageSize = size
        landCommittedTurn()
        relayout()
        // A note over the page is set again in the new width.
        if let note = chrome.panel as? NotePanel { _ = showNote(for: note.href) }
    }

    /// What a panel sees of the book and the reader now.
    var panelContext: PanelContext {
        let layout = self.layout
        return PanelContext(size: pageSize, pageCount: layout.pageCount, isExact: layout.isExact, currentPage: page,
                            currentOffset: layout.range(ofPage: page).lowerBound, bookmarks: bookmarks,
                            chapters: book.chapters, printPages: book.printPages, highlights: highlights, found: found,
                            contextOf: { [text = book.text] in BookSearch.context(of: $0, in: text) },
                            pageOf: { layout.page(containing: $0) })
    }
}
