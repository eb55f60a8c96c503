import Fonts
import Foundation
import PageTurner
import Pagination
import ReaderState

/// A bookmark as the state store keeps it.
public typealias SessionBookmark = Bookmark

/// The reader's per-book preferences (saved with the book's state).
public struct ReaderPreferences: Sendable, Equatable {
    public var fontSize: Float
    public var curl: CurlModel
    public var theme: Theme
    public var zones: TapZoneLayout
    /// Which way pages turn (right to left for a book bound on the right).
    public var progression: PageProgression

    public init(fontSize: Float = 18, curl: CurlModel = .classic, theme: Theme = .paper, zones: TapZoneLayout = .default,
                progression: PageProgression = .leftToRight) {
        self.fontSize = fontSize
        self.curl = curl
        self.theme = theme
        self.zones = zones
        self.progression = progression
    }

    /// Font sizes the − and + buttons step through.
    public static let fontSizes: ClosedRange<Float> = 10...48
}

/// How a session starts: where, with what, and how it lays pages out.
public struct ReaderStart: Sendable {
    public var preferences = ReaderPreferences()
    /// The reading position (a scalar offset) to open at.
    public var position = 0
    public var bookmarks: [SessionBookmark] = []
    /// Run the full pagination pass on a background thread (the reader works meanwhile).
    /// Scripted runs and tests turn it off so page numbers do not depend on timing.
    public var backgroundLayout = true
    /// Where finished passes are saved and looked up (nil: no page cache).
    public var pageCache: PageCache? = PageCache()
    /// A message to show once when the window opens (e.g. a state file was set aside).
    public var notice: String?
    /// The date of time 0 on the session's time line: a bookmark made at time `t` (ms) is
    /// dated `dateOrigin + t`. Fixed by default, so scripted runs and tests are the same every
    /// time; the interactive event loop sets it from the wall clock when it starts.
    public var dateOrigin = Date(timeIntervalSince1970: 0)

    public init() {}
}

/// One input to the reader, in window coordinates (logical pixels).
public enum ReaderInput: Sendable, Equatable {
    case pointerDown(id: Int, at: Point)
    case pointerMove(id: Int, at: Point)
    case pointerUp(id: Int, at: Point?)
    /// The platform took every pointer away (the window lost focus).
    case pointerCancel(id: Int)
    case wheel(steps: Int)
    case key(ReaderKey, shift: Bool)
    /// Text typed into the open field.
    case text(String)
    case resize(Size)
    case quit
}

/// The open panel or dialog, if any.
enum Overlay {
    case goTo(GoToPageDialog)
    case bookmarks(BookmarksPanel)
    case contents(ContentsPanel)
}

/// A reading session: the book, its layout, the gesture machine, the toolbars and panels,
/// bookmarks and preferences. No SDL event and no clock: inputs arrive with their time (ms),
/// so a session is driven the same way by the window's event loop and by a script.
///
/// Every pointer, wheel step and page key goes to the `TurnMachine`, so the window turns pages
/// exactly as `pageturn simulate` says it will; the session does what the machine's events
/// ask (land on a page, show the toolbars, press a toolbar button). Changing the font size or
/// the window's size lays the book out again and keeps the reading position: the page that
/// holds the previous page's first character.
public final class ReaderSession {
    public let book: Book
    let fontSet: FontSet
    let fontFingerprint: String
    let fonts: ReaderFonts
    private var advancesBySize: [Float: AdvanceTable] = [:]
    let start: ReaderStart
    public internal(set) var preferences: ReaderPreferences
    public internal(set) var layout: BookLayout
    public internal(set) var machine: TurnMachine
    /// The reading position: the first character of the page being read.
    public internal(set) var position: Int
    public internal(set) var bookmarks: [SessionBookmark]
    public internal(set) var pageSize: Size
    public internal(set) var now = 0.0
    /// The date of time 0 on the session's time line (see `ReaderStart.dateOrigin`).
    public var dateOrigin: Date
    /// The date now, on the session's clock (`now` is in ms).
    var date: Date { dateOrigin.addingTimeInterval(now / 1000) }
    public internal(set) var quitRequested = false
    /// Called when something worth saving changed (page, bookmarks, preferences).
    public var onChange: (() -> Void)?
    /// Set whenever the picture may have changed; the loop clears it after drawing.
    public var needsRedraw = true

    var overlay: Overlay?
    var toolbarChange: (shown: Bool, at: Double) = (false, -1e9)
    var notice: (text: String, until: Double)?
    /// Pointers pressed on a panel (they never reach the machine) and where they went down.
    var overlayPointers: [Int: Point] = [:]
    var lastPointer: [Int: Point] = [:]
    let textures = PageTextures()
    let curlDrawer = CurlDrawer()
    var cylinderFrame = CylinderFrame()

    /// Opens `book` on a page of `pageSize` logical pixels.
    public init(book: Book, fonts: FontSet, pageSize: Size, start: ReaderStart = ReaderStart()) {
        self.book = book
        fontSet = fonts
        fontFingerprint = String(fonts.fingerprint, radix: 16)
        self.fonts = ReaderFonts(set: fonts)
        self.start = start
        preferences = start.preferences
        dateOrigin = start.dateOrigin
        preferences.fontSize = min(max(preferences.fontSize, ReaderPreferences.fontSizes.lowerBound), ReaderPreferences.fontSizes.upperBound)
        position = min(max(0, start.position), max(0, book.text.scalarCount - 1))
        bookmarks = Self.clamped(start.bookmarks, scalarCount: book.text.scalarCount)
        self.pageSize = pageSize
        let settings = Self.layoutSettings(pageSize: pageSize, fontSize: preferences.fontSize)
        let advances = fonts.advanceTable(pixelSize: settings.fontSize)
        layout = BookLayout(book: book, settings: settings, advances: advances, fontFingerprint: fontFingerprint,
                            at: position, cache: start.pageCache, background: start.backgroundLayout)
        machine = TurnMachine(pageSize: pageSize, pageCount: max(layout.pageCount, 1), page: layout.page(containing: position),
                              config: Self.turnConfig(preferences), tapZones: preferences.zones)
        advancesBySize[settings.fontSize] = advances
        if let text = start.notice { showNotice(text, for: 6000) }
    }

    /// Bookmarks with their offsets clamped to the book (0…scalarCount − 1), as `BookState`
    /// leaves to the window: a saved state may come from an edited file or a longer version of
    /// the book. Sorted by offset; of several that land on the same offset the first is kept.
    static func clamped(_ marks: [SessionBookmark], scalarCount: Int) -> [SessionBookmark] {
        let last = max(0, scalarCount - 1)
        var seen = Set<Int>()
        var out: [SessionBookmark] = []
        for var m in marks {
            m.offset = min(max(0, m.offset), last)
            if seen.insert(m.offset).inserted { out.append(m) }
        }
        return out.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }

    // MARK: - Reading the state

    /// The page shown (0-based; during a turn, the page the turn started from).
    public var page: Int { machine.page }
    public var pageCount: Int { layout.pageCount }
    public var isLayoutExact: Bool { layout.isExact }
    public var toolbarsShown: Bool { machine.toolbarsShown }
    /// Whether a panel or dialog with a text field is open (the loop turns SDL's text input on).
    public var wantsTextInput: Bool {
        switch overlay {
        case .goTo, .bookmarks: return true
        default: return false
        }
    }
    /// The open panel's name ("goTo", "bookmarks", "contents") or nil.
    public var openPanel: String? {
        switch overlay {
        case .goTo: return "goTo"
        case .bookmarks: return "bookmarks"
        case .contents: return "contents"
        case nil: return nil
        }
    }

    /// Whether anything moves (a page, the toolbars, a notice). A layout pass still running is
    /// not movement: the loop polls it while waiting for events (`advance`), and a finished
    /// pass asks for a redraw only when it lands (page count and the bars' text change).
    public var isAnimating: Bool {
        !machine.isAtRest || now - toolbarChange.at < ToolbarView.slideDuration || notice != nil
    }

    /// The layout settings for a page and font size: margins grow with the page; a page too
    /// small for the settings gets the smallest that work.
    public static func layoutSettings(pageSize: Size, fontSize: Float) -> LayoutSettings {
        let short = Float(min(pageSize.width, pageSize.height))
        let margin = min(max(24, (short * 0.06).rounded()), 72)
        let settings = LayoutSettings(pageWidth: Float(pageSize.width), pageHeight: Float(pageSize.height), margin: margin,
                                      fontSize: fontSize)
        if settings.problem == nil { return settings }
        return LayoutSettings(pageWidth: max(Float(pageSize.width), 160), pageHeight: max(Float(pageSize.height), 160),
                              margin: 8, fontSize: min(fontSize, 12))
    }

    var layoutSettings: LayoutSettings { Self.layoutSettings(pageSize: pageSize, fontSize: preferences.fontSize) }

    /// The machine's thresholds for `p`: built as `pageturn simulate` builds them, from the
    /// curl model and the reading direction (which also swaps the tap zones' previous and next).
    static func turnConfig(_ p: ReaderPreferences) -> TurnConfig {
        TurnConfig(curl: p.curl, rightToLeft: p.progression.isRightToLeft)
    }

    var turnConfig: TurnConfig { Self.turnConfig(preferences) }

    // MARK: - Layout

    private func advances(for size: Float) -> AdvanceTable {
        if let a = advancesBySize[size] { return a }
        let a = fontSet.advanceTable(pixelSize: size)
        advancesBySize[size] = a
        return a
    }

    /// Lays the book out for the current page and font size, on the page holding `position`.
    /// The full pass is held back until nothing has changed the layout for
    /// `fullPassDelay` ms (`advance` starts it): a window dragged to a new size sends a
    /// resize per pointer motion, and each would otherwise start a pass over the whole book.
    func relayout() {
        let settings = layoutSettings
        layout = BookLayout(book: book, settings: settings, advances: advances(for: settings.fontSize),
                            fontFingerprint: fontFingerprint, at: position, cache: start.pageCache,
                            background: start.backgroundLayout, startPass: false)
        fullPassDue = layout.isPassHeldBack ? now + Self.fullPassDelay : nil
        rebuildMachine(page: layout.page(containing: position))
    }

    /// How long the layout must stay the same before its full pass starts, in ms.
    public static let fullPassDelay = 250.0
    /// When the held-back full pass of `layout` starts (nil: started, or none needed).
    var fullPassDue: Double?

    /// A new font size or page size waits for the machine to be idle: relaying out rebuilds
    /// the machine, which would drop a page held under a finger.
    var relayoutPending = false

    /// Lays out again now if no pointer is down and no page moves, else once they are done
    /// (`advance`).
    func relayoutWhenIdle() {
        if machine.phase == .idle {
            relayoutPending = false
            relayout()
        } else {
            relayoutPending = true
            needsRedraw = true
        }
    }

    /// A new machine on `page` (a jump, a new layout); the toolbars stay as they were.
    func rebuildMachine(page: Int) {
        let shown = machine.toolbarsShown
        machine = TurnMachine(pageSize: pageSize, pageCount: max(layout.pageCount, 1), page: page, config: turnConfig,
                              tapZones: preferences.zones, startTime: now)
        if shown { machine.send(.key(.toggleToolbars), at: now) }
        needsRedraw = true
    }

    /// Shows page `page` at once and makes its first character the reading position.
    func jump(toPage page: Int) {
        let p = min(max(page, 0), max(layout.pageCount - 1, 0))
        rebuildMachine(page: p)
        position = layout.range(ofPage: p).lowerBound
        changed()
    }

    func changed() {
        needsRedraw = true
        onChange?()
    }

    func showNotice(_ text: String, for ms: Double = 1800) {
        notice = (text, now + ms)
        needsRedraw = true
    }

    // MARK: - Time

    /// Moves the clock to `time`: lands settling pages, slides the toolbars, lays out again for
    /// a font size or page size changed mid-gesture, swaps in a finished layout pass when
    /// nothing is held or moving.
    public func advance(to time: Double) {
        now = max(now, time)
        react(machine.advance(to: now))
        if let n = notice, n.until <= now {
            notice = nil
            needsRedraw = true
        }
        if let due = fullPassDue, now >= due {
            fullPassDue = nil
            layout.startPass()
        }
        if machine.phase == .idle {
            if relayoutPending {
                relayoutPending = false
                relayout()
            } else if layout.poll() {
                rebuildMachine(page: layout.page(containing: position))
            } else if machine.pageCount != max(layout.pageCount, 1) {
                rebuildMachine(page: machine.page)
            }
        }
        if isAnimating { needsRedraw = true }
    }

    /// Waits for the layout's full pass and shows the page holding the reading position.
    public func waitForLayout() {
        layout.waitUntilExact()
        rebuildMachine(page: layout.page(containing: position))
    }

    // MARK: - Machine events

    func react(_ events: [TimedEvent]) {
        for e in events {
            needsRedraw = true
            switch e.event {
            case .turnCommitted(_, let to):
                let k = layout.normalizedIndex(of: to)
                if k != to { rebuildMachine(page: k) }
                // A page that does not exist (never expected) must not move the place to 0.
                let range = layout.range(ofPage: k)
                if !range.isEmpty { position = range.lowerBound }
                changed()
            case .toolbars(let shown):
                toolbarChange = (shown, e.time)
            case .boundary(let b):
                if case .following = machine.motion { break }
                showNotice(b == .last ? "This is the last page" : "This is the first page")
            case .tap(let zone, let action) where zone == "toolbar" && action == .none:
                if let p = lastTap, let button = ToolbarView.hit(p, size: pageSize, zones: preferences.zones) {
                    press(button)
                }
            default:
                break
            }
        }
    }

    /// Where the last pointer went up (the machine's tap events carry no point).
    var lastTap: Point?

    /// A toolbar button.
    func press(_ button: ToolbarButton) {
        switch button {
        case .close: quit()
        case .goTo: open(.goTo(GoToPageDialog()))
        case .bookmarks: open(.bookmarks(BookmarksPanel(defaultName: defaultBookmarkName())))
        case .contents: open(.contents(ContentsPanel(context: panelContext)))
        case .smaller: setFontSize(preferences.fontSize - 2)
        case .larger: setFontSize(preferences.fontSize + 2)
        case .curl:
            let all = CurlModel.allCases
            setCurl(all[(all.firstIndex(of: preferences.curl)! + 1) % all.count])
        case .theme: setTheme(preferences.theme.next)
        }
    }

    func open(_ o: Overlay) {
        overlay = o
        needsRedraw = true
    }

    // MARK: - Preferences

    public func setFontSize(_ size: Float) {
        let s = min(max(size, ReaderPreferences.fontSizes.lowerBound), ReaderPreferences.fontSizes.upperBound)
        guard s != preferences.fontSize else { return }
        preferences.fontSize = s
        relayoutWhenIdle()
        showNotice("Font size \(Int(s))", for: 1200)
        changed()
    }

    public func setCurl(_ curl: CurlModel) {
        preferences.curl = curl
        machine.config = turnConfig
        changed()
    }

    public func setTheme(_ theme: Theme) {
        preferences.theme = theme
        changed()
    }

    /// Turns pages the other way from now on. A turn under way is dropped (the page lies flat
    /// again, the reading position stays): it was dragged for the other direction.
    public func setProgression(_ progression: PageProgression) {
        guard progression != preferences.progression else { return }
        preferences.progression = progression
        landCommittedTurn()
        rebuildMachine(page: layout.page(containing: position))
        changed()
    }

    /// Asks the loop to end; a turn still landing counts (the state saved on the way out has
    /// the page being turned to).
    func quit() {
        landCommittedTurn()
        quitRequested = true
    }

    /// A turn that was let go towards a new page and is still landing counts as done: the
    /// reading position moves to that page now (before a resize, a quit or a new machine,
    /// which would otherwise drop it). Nothing happens for a page still under a finger.
    func landCommittedTurn() {
        guard case .settling(let turn, _, commit: true) = machine.motion, case .page(let to) = turn.goal else { return }
        let range = layout.range(ofPage: layout.normalizedIndex(of: to))
        guard !range.isEmpty, range.lowerBound != position else { return }
        position = range.lowerBound
        changed()
    }

    /// A new page size (the window was resized): lays out again at the reading position, at
    /// once. A page under a finger is dropped (it lies flat again, the reading position stays):
    /// its pages were laid out for the old size and would be drawn wrong at the new. A turn
    /// already let go lands first.
    public func resize(to size: Size) {
        guard size != pageSize, size.width >= 1, size.height >= 1 else { return }
        pageSize = size
        relayoutPending = false
        landCommittedTurn()
        relayout()
    }

    // MARK: - Bookmarks

    /// The first words of the current page: a bookmark's default name.
    func defaultBookmarkName() -> String {
        let range = layout.range(ofPage: page)
        let text = book.text.string(range.lowerBound..<min(range.upperBound, range.lowerBound + 200))
        // Words from the first one with a letter or digit (a page may open with "* * *").
        let all = text.split(whereSeparator: { $0.isWhitespace })
        let words = all.drop { !$0.contains(where: { $0.isLetter || $0.isNumber }) }
        var name = ""
        for w in words {
            let candidate = name.isEmpty ? String(w) : name + " " + w
            if candidate.count > 40 { break }
            name = candidate
            if name.split(separator: " ").count >= 6 { break }
        }
        if name.isEmpty, let first = words.first { name = String(first.prefix(16)) }
        return name.isEmpty ? "Page \(page + 1)" : name
    }

    /// Adds a bookmark for the current page (an empty name takes the default).
    public func addBookmark(name: String) {
        let offset = layout.range(ofPage: page).lowerBound
        var state = BookState(bookmarks: bookmarks)
        let existed = bookmarks.contains { $0.offset == offset }
        state.addBookmark(name: name.isEmpty ? defaultBookmarkName() : name, offset: offset, now: date)
        bookmarks = state.bookmarks
        showNotice(existed ? "Bookmark renamed" : "Bookmark added")
        changed()
    }

    public func removeBookmark(at index: Int) {
        var state = BookState(bookmarks: bookmarks)
        guard state.removeBookmark(at: index) != nil else { return }
        bookmarks = state.bookmarks
        changed()
    }

    var panelContext: PanelContext {
        let layout = self.layout
        return PanelContext(pageCount: layout.pageCount, isExact: layout.isExact, currentPage: page,
                            currentOffset: layout.range(ofPage: page).lowerBound, bookmarks: bookmarks,
                            chapters: book.chapters, pageOf: { layout.page(containing: $0) })
    }
}
