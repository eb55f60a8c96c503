import FoundationEssentials
import Fonts
import PageTurner
import Pagination
import ReaderState

/// A bookmark as the state store keeps it.
public typealias SessionBookmark = Bookmark

/// How a session starts: where, with what, and how it lays pages out.
public struct ReaderStart: Sendable {
    public var preferences = ReaderPreferences()
    /// The reading position (a scalar offset) to open at.
    public var position = 0
    public var bookmarks: [SessionBookmark] = []
    /// The passages highlighted, sorted by start.
    public var highlights: [Highlight] = []
    /// Run the full pagination pass on a background thread (the reader works meanwhile).
    /// Scripted runs and tests turn it off so page numbers do not depend on timing.
    public var backgroundLayout = true
    /// Where finished passes are saved and looked up (nil: no page cache).
    public var pageCache: PageCache? = PageCache()
    /// A message to show once when the window opens (e.g. a state file was set aside).
    public var notice: String?
    /// The date of time 0 on the session's time line: a bookmark made at time `t` (ms) is
    /// dated `dateOrigin + t`. `scriptEpoch` by default, so scripted runs and tests are the
    /// same every time; the interactive event loop sets it from the wall clock when it starts.
    public var dateOrigin = ReaderStart.scriptEpoch
    /// The machine's thresholds and the curls' parameters (`--set`, `--config`); the iOS tutorial's by
    /// default. Not saved with the book.
    public var settings = TurnSettings()
    /// Show the turn gauges over the page from the start (`--hud`; F3 toggles them).
    public var hud = false
    /// Hold the first layout's full pass back until `ReaderSession.firstFrameShown()`: when a
    /// window opens, the pass would take a core from the window and the GL driver starting
    /// up (on two cores, 40 ms later to the first frame of War and Peace).
    public var holdPassUntilShown = false
    /// The families the font panel offers and how a choice is opened (nil: the panel says
    /// that no font can be chosen here).
    public var fontChoices: FontChoices?

    public init() {}

    /// The date of time 0 of a script (and of any session whose clock is not the wall's):
    /// 2001-01-01 00:00:00 UTC, Foundation's reference date. A bookmark made at 1500 ms into
    /// a script is dated 2001-01-01 00:00:01.5 UTC and saved as `"created": 1.5` (state files
    /// store seconds since that date), the same on every run.
    public static let scriptEpoch = Date(timeIntervalSinceReferenceDate: 0)
}
