/// What the machine tells the window.

/// The end of the book that a turn ran into.
public enum Boundary: String, Sendable, Hashable {
    /// There is no page before the first one.
    case first
    /// There is no page after the last one (the iOS tutorial says "已经到达最后一页", last page reached).
    case last
}

/// What a tap does, as decided by the tap-zone layout.
public enum TapAction: String, Sendable, Hashable, CaseIterable {
    case nextPage
    case previousPage
    case toggleToolbars
    case showToolbars
    case hideToolbars
    /// Nothing for the machine: the tap fell on the shown toolbars, and whichever of their
    /// buttons lies under the tap's point takes it (the reader asks them).
    case pressToolbar
    /// Nothing at all (a zone that does nothing).
    case none

    /// The same action with previous and next swapped (right-to-left reading).
    public var swappedForRightToLeft: TapAction {
        switch self {
        case .nextPage: return .previousPage
        case .previousPage: return .nextPage
        default: return self
        }
    }
}

/// An event the machine emits.
public enum TurnEvent: Sendable, Hashable {
    /// A page turn begins, by a drag leaving the touch slop or by a key, wheel step or tap.
    case turnStarted(direction: TurnDirection, from: Int, to: Int)
    /// The pointer let go of a turn (or a second pointer cancelled it): the page now settles
    /// towards the turned position (`commit == true`) or back.
    case settling(commit: Bool)
    /// A turn has finished: the page index changed from `from` to `to`. Emitted exactly once per
    /// committed turn, when the page lands (the settling animation ends, or is cut short).
    case turnCommitted(from: Int, to: Int)
    /// A turn settled back: the page index stays `page`.
    case turnCancelled(page: Int)
    /// A turn was asked for towards a page that does not exist.
    case boundary(Boundary)
    /// A tap: the zone it fell in, what it does, and `at`, where the pointer let go (as the
    /// platform reported it, not clamped to the page). The zone is found from where the
    /// pointer went down, which lies within the touch slop of `at`.
    case tap(zone: String, action: TapAction, at: Point)
    /// The toolbars were shown or hidden.
    case toolbars(shown: Bool)
    /// A pointer was held still inside the touch slop for `TurnConfig.longPressTimeout`: a
    /// selection begins at the press point (the reader finds the word there). Until its
    /// pointer lets go, the pointer's moves change the selection and turn no page.
    case selectionStarted(at: Point)
    /// The selecting pointer moved to `at`.
    case selectionChanged(at: Point)
    /// The selecting pointer let go at `at` (or was cancelled, or a second pointer came down):
    /// the selection stays as it is.
    case selectionEnded(at: Point)
}

/// An event with the time it happened (which may be earlier than the call that reports it:
/// `advance(to:)` reports a settle that ended, or a long press that fired, at its own time).
public struct TimedEvent: Sendable, Hashable {
    public var time: Double
    public var event: TurnEvent

    public init(time: Double, event: TurnEvent) {
        self.time = time
        self.event = event
    }
}
