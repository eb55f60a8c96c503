/// Why a released drag committed or cancelled: the facts the commit rule weighed, kept by the
/// machine (`TurnMachine.lastRelease`) so a person tuning thresholds can see them.
public struct Release: Sendable, Hashable {
    /// What decided.
    public enum Reason: String, Sendable, Hashable {
        /// Let go faster than `flingVelocity` in the turn's direction: committed.
        case fling
        /// Let go faster than `flingVelocity` against the turn's direction: cancelled.
        case flingAgainst
        /// Slower than that, having travelled at least `commitFraction · W`: committed.
        case distance
        /// Slower, and short of `commitFraction · W`: cancelled.
        case belowThreshold
        /// Pulled towards a page that does not exist: bounced back.
        case boundary
    }

    /// When the pointer let go (ms).
    public var time: Double
    public var reason: Reason
    public var commit: Bool
    /// The release velocity along the turn's direction, px/s (negative: against it).
    public var velocity: Double
    /// How far the pointer travelled in the turn's direction from its press, px.
    public var travel: Double
    /// `commitFraction · W` at the time, px.
    public var commitDistance: Double
    /// `flingVelocity` at the time, px/s.
    public var flingVelocity: Double
}
