import PageTurner

/// The set-up a gesture script is replayed under: the page (the window's logical size), the
/// book's length and start page, how pages turn and are drawn, and the thresholds. One type
/// for `pageturn simulate`, the lab's reports and sweeps (a file's `RecordingHeader` applied
/// over these defaults, then the options) and the recordings' replays.
///
/// The defaults, for a file that says nothing: an 800 × 1000 page of a book of 100,000 pages
/// (room to turn either way), from its first page, the classic curl, the default tap zones,
/// left to right, one page, 60 frames a second, the iOS tutorial's thresholds.
public struct ReplaySettings: Sendable, Hashable {
    public var pageSize: Size
    public var pageCount: Int
    public var startPage: Int
    public var curl: CurlModel
    public var zones: TapZoneLayout
    public var rightToLeft: Bool
    /// Whether the window shows two-page spreads (a turn then moves the page by two).
    public var spread: Bool
    /// Frames per second of the ticks at which the state and the geometry are printed (the
    /// replay uses 1…1000; anything else, or not a number, counts as 60).
    public var fps: Double
    /// The thresholds and the curls' parameters (`TurnSettings`); the iOS tutorial's by default.
    public var settings: TurnSettings

    public init(pageSize: Size = Size(width: 800, height: 1000), pageCount: Int = 100_000, startPage: Int = 0, curl: CurlModel = .classic,
                zones: TapZoneLayout = .default, rightToLeft: Bool = false, spread: Bool = false, fps: Double = 60,
                settings: TurnSettings = TurnSettings()) {
        self.spread = spread
        self.pageSize = pageSize
        self.pageCount = pageCount
        self.startPage = startPage
        self.curl = curl
        self.zones = zones
        self.rightToLeft = rightToLeft
        self.fps = fps
        self.settings = settings
    }

    /// The machine's configuration: the settings' thresholds, with the reading direction, and
    /// no settling animation for the `none` model.
    public var config: TurnConfig { settings.config(curl: curl, rightToLeft: rightToLeft) }
}
