/// Why a gesture turned nothing, with the numbers the rule weighed: kept by the machine
/// (`TurnMachine.lastIgnored`) as `Release` is for a drag let go, so that a person wondering
/// why a drag did nothing is told ("vertical: 68° over 24 px (limit 60°)").
public struct IgnoredGesture: Sendable, Hashable {
    /// What the recognizer decided.
    public enum Reason: Sendable, Hashable {
        /// The drag's displacement from the press, once it had travelled far enough to be
        /// judged (`TurnConfig.directionDistance`), was steeper than `maxDragAngleDegrees`.
        case steep(degrees: Double, travel: Double, limit: Double)
        /// Let go after leaving the touch slop steeply, before travelling far enough for its
        /// direction to be judged.
        case undecided(travel: Double, needed: Double)
        /// Let go inside the touch slop, held longer than a tap (ms).
        case heldTooLong(held: Double, limit: Double)
        /// A second pointer went down, or the pointer was taken away.
        case abandoned
        /// The pages were laid out again while the pointer was down (the window resized, the
        /// layout changed): its gesture was for pages no longer shown, and was dropped.
        case relaidOut
    }

    /// When the recognizer decided (ms).
    public var time: Double
    public var reason: Reason

    public init(time: Double, reason: Reason) {
        self.time = time
        self.reason = reason
    }

    /// The reason in a few words, with its numbers: "vertical: 68° over 24 px (limit 60°)",
    /// "let go at 14 px, before the direction is judged at 24 px", "held 420 ms, longer than a
    /// tap (250 ms)", "a second pointer, or the pointer taken away", "the pages were laid out
    /// again while it was down".
    public var summary: String {
        func n(_ v: Double) -> String { String(Int(v.rounded())) }
        switch reason {
        case .steep(let degrees, let travel, let limit):
            return "vertical: \(n(degrees))° over \(n(travel)) px (limit \(n(limit))°)"
        case .undecided(let travel, let needed):
            return "let go at \(n(travel)) px, before the direction is judged at \(n(needed)) px"
        case .heldTooLong(let held, let limit):
            return "held \(n(held)) ms, longer than a tap (\(n(limit)) ms)"
        case .abandoned:
            return "a second pointer, or the pointer taken away"
        case .relaidOut:
            return "the pages were laid out again while it was down"
        }
    }
}
