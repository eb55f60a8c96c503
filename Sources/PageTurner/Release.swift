/// Why a released drag committed or cancelled: the facts the commit rule weighed, kept by the
/// machine (`TurnMachine.lastRelease`) so a person tuning thresholds can see them.
public struct Release: Sendable, Hashable {
    /// What decided, in the terms of this project's rule (`CommitRule.pageturn`); another
    /// rule's decisions are sorted into the same kinds, its own words in `explanation`.
    public enum Reason: String, Sendable, Hashable {
        /// Let go faster than `flingVelocity` in the turn's direction (or, under another rule,
        /// committed by the release's speed): committed.
        case fling
        /// Let go faster than `flingVelocity` against the turn's direction (or cancelled by
        /// the release's speed): cancelled.
        case flingAgainst
        /// Slower than that, having travelled at least `commitFraction · W` (or committed by
        /// where or how far the pointer went): committed.
        case distance
        /// Slower, and short of `commitFraction · W` (or of the rule's place or travel):
        /// cancelled.
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
    /// The rule's decision (`TurnConfig.policy`) and the numbers it weighed; nil for a pull at
    /// an end of the book, which no rule decides.
    public var decision: Decision?

    public init(time: Double, reason: Reason, commit: Bool, velocity: Double, travel: Double, commitDistance: Double,
                flingVelocity: Double, decision: Decision? = nil) {
        self.time = time
        self.reason = reason
        self.commit = commit
        self.velocity = velocity
        self.travel = travel
        self.commitDistance = commitDistance
        self.flingVelocity = flingVelocity
        self.decision = decision
    }

    /// What decided, with the numbers: "distance 212 ≥ 160 px", "fling 850 > 600 px/s",
    /// "fling against 700 > 600 px/s", "below threshold 90 < 160 px, 120 ≤ 600 px/s", "boundary".
    /// Another rule's decision is told in its own words ("leaves: let go at 0.42 of the width
    /// < 0.5").
    public var summary: String {
        func n(_ v: Double) -> String { String(Int(v.rounded())) }
        if reason != .boundary, let decision { return decision.explanation }
        switch reason {
        case .fling: return "fling \(n(velocity)) > \(n(flingVelocity)) px/s"
        case .flingAgainst: return "fling against \(n(-velocity)) > \(n(flingVelocity)) px/s"
        case .distance: return "distance \(n(travel)) ≥ \(n(commitDistance)) px"
        case .belowThreshold:
            return "below threshold \(n(travel)) < \(n(commitDistance)) px, \(n(abs(velocity))) ≤ \(n(flingVelocity)) px/s"
        case .boundary: return "boundary"
        }
    }
}
