import FoundationEssentials

/// The session's time line: `now` in ms, moved forward by every input and frame (never back),
/// and the date of time 0, which dates bookmarks. No clock is read here: the window's event
/// loop or a script says what time it is.
struct SessionClock {
    private(set) var now = 0.0
    /// The date of time 0 (see `ReaderStart.dateOrigin`).
    var dateOrigin: Date

    init(dateOrigin: Date) { self.dateOrigin = dateOrigin }

    /// Moves to `time` unless that is earlier.
    mutating func advance(to time: Double) { now = max(now, time) }

    /// The date now.
    var date: Date { dateOrigin.addingTimeInterval(now / 1000) }
}
