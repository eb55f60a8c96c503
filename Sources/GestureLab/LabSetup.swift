import PageTurner

/// Everything a replay of labelled gestures depends on: the page, the book's length and start,
/// the curl (which decides whether pages animate), the tap zones, the reading direction and
/// the settings.
public struct LabSetup: Sendable, Equatable {
    public var pageSize = Size(width: 800, height: 1000)
    public var pageCount = 100_000
    public var startPage = 0
    public var curl: CurlModel = .classic
    public var zones: TapZoneLayout = .default
    public var rightToLeft = false
    /// Whether the window shows spreads (pages then count spreads).
    public var spread = false
    public var settings = TurnSettings()

    public init() {}

    /// The machine's configuration: the settings' thresholds, the reading direction, and no
    /// settling animation for the `none` model.
    public var config: TurnConfig { settings.config(curl: curl, rightToLeft: rightToLeft) }

    /// This set-up with what `header` says (a gesture file's own set-up).
    public func applying(_ header: RecordingHeader) -> LabSetup {
        var s = self
        if let w = header.width, let h = header.height { s.pageSize = Size(width: w, height: h) }
        else if let w = header.width { s.pageSize.width = w }
        else if let h = header.height { s.pageSize.height = h }
        if let p = header.pages { s.pageCount = p }
        if let k = header.start { s.startPage = min(k, max(s.pageCount - 1, 0)) }
        if let c = header.curl { s.curl = c }
        if let z = header.zones.flatMap(TapZoneLayout.named) { s.zones = z }
        if let r = header.rightToLeft { s.rightToLeft = r }
        if let spread = header.spread { s.spread = spread }
        for a in header.settings { try? s.settings.apply(assignment: a) }  // checked when the header was read
        return s
    }
}
