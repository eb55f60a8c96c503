extension TurnMachine {
    // What the machine shows: its phase, the turn under way and the turning page's pose.

    public var phase: Phase {
        switch motion {
        case .following: return .dragging
        case .paused: return .held
        case .settling: return .settling
        case nil:
            switch recognizer.state {
            case .idle: return .idle
            // A drag whose direction is still being judged is, so far, a press.
            case .pressed, .judging: return .pressed
            case .selecting: return .selecting
            // A dragging recognizer always has a followed page (see `invariantViolations`).
            default: return .ignoring
            }
        }
    }

    /// True when no page moves: nothing to animate.
    public var isAtRest: Bool { motion == nil }

    /// Whether the machine changes with time alone: a page settling moves at every instant. A
    /// page under a finger, followed or held, changes only when the finger moves.
    public var isMoving: Bool {
        if case .settling = motion { return true }
        return false
    }

    /// The earliest time at which the machine changes with no input but the clock (a press's
    /// long-press deadline, the end of a trackpad swipe), if any; a settling page changes at
    /// every instant (`isMoving`).
    public var nextDeadline: Double? {
        let scrollEnd = scrollRun.map { $0.lastTime + config.scrollReleaseGap }
        switch (recognizer.longPressDeadline, scrollEnd) {
        case let (a?, b?): return min(a, b)
        case let (a, b): return a ?? b
        }
    }

    /// The turn under way, if any.
    public var turn: Turn? {
        switch motion {
        case .following(let t, _), .settling(let t, _, _), .paused(let t, _, _, _): return t
        case nil: return nil
        }
    }

    /// How far the turning page is, 0…1, at `now` (0 at rest).
    public var progress: Double { progressAndLift.progress }

    var progressAndLift: (progress: Double, lift: Double) {
        switch motion {
        case .following(_, let f): return (f.progress, f.lift)
        case .paused(_, let p, let l, _): return (p, l)
        case .settling(_, let a, _): return (a.progress(at: now), a.lift(at: now))
        case nil: return (0, 0)
        }
    }

    /// The pose of the turning page at `now`, for a curl model, in the coordinates of
    /// `turnSize` (a spread's leaf, from the spine); nil when no page moves.
    public var pose: TurnPose? {
        guard let turn else { return nil }
        let (p, l) = progressAndLift
        return TurnPose(page: turnSize, direction: turn.direction, progress: p, grabY: turn.grabY,
                        lift: l, rightToLeft: config.rightToLeft)
    }
}
