/// What a commit rule may weigh when a dragging pointer lets go. Every peer's rule
/// (`CommitRule`) is a function of these.
public struct ReleaseFacts: Sendable, Hashable {
    public var direction: TurnDirection
    /// How far the pointer travelled in the turn's direction from its press, px (negative:
    /// it ended behind the press).
    public var travel: Double
    /// The release velocity along the turn's direction, px/s (negative: against it).
    public var velocity: Double
    /// Where the pointer let go, as a fraction of the width a turn travels (`width`), counted
    /// from the edge the turn starts at: 0 at the page's outer edge for `next` (the left edge
    /// for `previous`, left to right), 0.5 at the page's middle, 1 at its far edge (a spread's
    /// spine).
    public var reach: Double
    /// From the press to the release, ms.
    public var duration: Double
    /// The pointer's vertical distance from its press at the release, px.
    public var drift: Double
    /// The width a turn travels: the page, or a spread's leaf, px.
    public var width: Double
    /// Whether the window is wider than tall (FBReader's landscape).
    public var landscape: Bool
    /// Whether the window shows two-page spreads (the turn travels a leaf, to the spine).
    public var spread: Bool

    public init(direction: TurnDirection, travel: Double, velocity: Double, reach: Double, duration: Double,
                drift: Double, width: Double, landscape: Bool, spread: Bool) {
        self.direction = direction
        self.travel = travel
        self.velocity = velocity
        self.reach = reach
        self.duration = duration
        self.drift = drift
        self.width = width
        self.landscape = landscape
        self.spread = spread
    }
}
