/// What the machine is weighing during a drag, for a heads-up display (`pageturn read --hud`):
/// the numbers the commit rule will look at when the pointer lets go.
public struct DragGauge: Sendable, Hashable {
    /// Where the pointer went down (page coordinates).
    public var press: Point
    public var direction: TurnDirection
    /// How far the pointer has travelled in the turn's direction from the press, px.
    public var travel: Double
    /// `commitFraction · W`, px: a slow release at least this far commits.
    public var commitDistance: Double
    /// The x the pointer must reach for that: `commitDistance` from the press, the turn's way.
    public var commitLineX: Double
    /// The pointer's velocity along the turn's direction now, px/s (what a release now would
    /// have).
    public var velocity: Double
    /// `flingVelocity`, px/s.
    public var flingVelocity: Double
    /// What the commit rule (`TurnConfig.policy`) would decide were the pointer let go now.
    public var ifLetGo: Decision
}

extension TurnMachine {
    /// The gauge of the drag under way, or nil when no page follows a pointer.
    public var dragGauge: DragGauge? {
        guard case .following(let turn, let f) = motion, let press = recognizer.primary else { return nil }
        let velocity = recognizer.tracker.velocity(at: now)
        let v = sign(turn.direction) * velocity.x
        let distance = config.commitFraction * turnSize.width
        let facts = releaseFacts(turn, f, origin: press.origin, at: press.last, velocity: velocity, held: now - press.time)
        return DragGauge(press: press.origin, direction: turn.direction, travel: f.travel, commitDistance: distance,
                         commitLineX: press.origin.x + sign(turn.direction) * distance, velocity: v,
                         flingVelocity: config.flingVelocity,
                         ifLetGo: config.policy.decide(facts, commitFraction: config.commitFraction, flingVelocity: config.flingVelocity))
    }
}
