/// How `TurnMachine` moves pages: drags that follow a pointer, the commit rule, settling and
/// landing, and turns by key, wheel or tap.
extension TurnMachine {
    /// The turn direction's sign along x: next moves the pointer left (−1) in a left-to-right
    /// book, previous right (+1); right-to-left reading swaps them.
    func sign(_ direction: TurnDirection) -> Double {
        let ltr: Double = direction == .next ? -1 : 1
        return config.rightToLeft ? -ltr : ltr
    }

    var rubberBand: RubberBand { RubberBand(width: turnSize.width, config: config) }

    /// The travel in pixels (rubber band undone) that shows progress `p` of `turn`.
    func travel(showing p: Double, of turn: Turn) -> Double {
        if case .boundary = turn.goal { return rubberBand.pulled(p * turnSize.width) }
        return p * turnSize.width
    }

    // MARK: - Drags

    /// The pointer left the slop. A held page, or one set settling during the press (a key),
    /// is taken where it is drawn; otherwise a horizontal drag starts a turn in its direction.
    /// The page is drawn from the point where the pointer left the slop (`Follow.anchor`), so
    /// nothing moves by more than the pointer did since its last sample.
    mutating func beginDrag(origin: Point, at point: Point, horizontal: Bool, into out: inout [TimedEvent]) {
        let anchor = recognizer.dragExit ?? point
        switch motion {
        case .paused(let turn, let p, let l, _):
            motion = .following(turn, Follow(progress: p, lift: l, travel: travel(showing: p, of: turn), anchor: anchor))
        case .settling(let turn, let a, _):
            // A press that began before this page started moving (a key during the press) takes
            // the page only with a horizontal drag (a vertical one is ignored, as at rest).
            guard horizontal else { return }
            let p = a.progress(at: now), l = a.lift(at: now)
            motion = .following(turn, Follow(progress: p, lift: l, travel: travel(showing: p, of: turn), anchor: anchor))
        case .following:
            return      // cannot happen: a followed page means the recognizer already drags
        case nil:
            guard horizontal else { return }
            let leftward = point.x < origin.x
            let direction: TurnDirection = (leftward != config.rightToLeft) ? .next : .previous
            let goal: Turn.Goal
            if direction == .next {
                goal = page < lastPage ? .page(page + pageStep) : .boundary(.last)
            } else {
                goal = page > 0 ? .page(page - pageStep) : .boundary(.first)
            }
            let turn = Turn(direction: direction, from: page, goal: goal,
                            grabY: min(max(origin.y, 0), pageSize.height))
            switch goal {
            case .page(let to): emit(.turnStarted(direction: direction, from: page, to: to), into: &out)
            case .boundary(let b): emit(.boundary(b), into: &out)
            }
            motion = .following(turn, Follow(progress: 0, lift: 0, travel: 0, anchor: anchor))
        }
        follow(origin: origin, at: point)
    }

    /// Moves a followed page with the pointer at x:
    /// - travel (the commit rule's) = base + s·(x − x₀), x₀ the press;
    /// - drawn travel = base + s·(x − anchor.x), lift = base lift + (y − anchor.y) (the base
    ///   and the anchor move at a resize);
    /// - progress = clamp(drawn travel / W, 0, 1), or the rubber band r(drawn travel) / W
    ///   towards a missing page.
    /// Held by its edge (`PageHold.holdsEdge(spread:)`), a page turning to a real page is placed
    /// from the pointer itself instead: the progress nearest the last that puts its free edge
    /// under the pointer, the lift the pointer's height above the grab. (The commit rule still
    /// measures the travel. A trackpad swipe's pointer is a virtual one in the middle of the
    /// window, whose travel only counts: it moves the page as the fold grip does.)
    mutating func follow(origin: Point, at point: Point) {
        guard case .following(let turn, var f) = motion else { return }
        let s = sign(turn.direction)
        f.travel = f.baseTravel + s * (point.x - origin.x)
        f.drawnTravel = f.drawnBase + s * (point.x - f.anchor.x)
        f.lift = f.baseLift + (point.y - f.anchor.y)
        let w = turnSize.width
        if case .boundary = turn.goal {
            f.progress = rubberBand.displayed(max(f.drawnTravel, 0)) / w
        } else if config.hold.holdsEdge(spread: isSpread), scrollRun == nil {
            f.progress = config.hold.progress(holding: point, window: pageSize, spread: isSpread, direction: turn.direction,
                                              grabY: turn.grabY, rightToLeft: config.rightToLeft, near: f.progress)
            f.lift = point.y - turn.grabY
        } else {
            f.progress = min(max(f.drawnTravel / w, 0), 1)
        }
        motion = .following(turn, f)
    }

    /// The commit-or-cancel rule, applied when the dragging pointer lets go at `point`, `held`
    /// ms after its press at `origin`: `config.policy` decides (by default this project's: a
    /// fling faster than `flingVelocity` decides by its direction, otherwise the travel from the
    /// press commits when it is at least `commitFraction · W`). A pull at an end of the book
    /// always springs back.
    mutating func release(origin: Point, at point: Point, velocity: Point, held: Double, into out: inout [TimedEvent]) {
        guard case .following(let turn, let f) = motion else { return }
        let facts = releaseFacts(turn, f, origin: origin, at: point, velocity: velocity, held: held)
        let w = turnSize.width
        let reason: Release.Reason
        let decision = config.policy.decide(facts, commitFraction: config.commitFraction, flingVelocity: config.flingVelocity)
        switch turn.goal {
        case .boundary: reason = .boundary
        case .page:
            switch (decision.commit, decision.byVelocity) {
            case (true, true): reason = .fling
            case (false, true): reason = .flingAgainst
            case (true, false): reason = .distance
            case (false, false): reason = .belowThreshold
            }
        }
        let commit = reason == .fling || reason == .distance
        lastRelease = Release(time: now, reason: reason, commit: commit, velocity: facts.velocity, travel: f.travel,
                              commitDistance: config.commitFraction * w, flingVelocity: config.flingVelocity,
                              decision: decision)
        settle(turn, from: f.progress, lift: f.lift, commit: commit, announce: true, into: &out)
    }

    /// What the commit rule weighs for a pointer letting go of `turn` at `point`.
    func releaseFacts(_ turn: Turn, _ f: Follow, origin: Point, at point: Point, velocity: Point, held: Double) -> ReleaseFacts {
        let s = sign(turn.direction)
        let w = turnSize.width
        // The edge a turn starts at: the page's (or the turning leaf's) outer edge for a turn
        // whose pointer moves towards the inside, the other edge for one moving outwards.
        let startEdge = s < 0 ? pageSize.width : 0
        // A trackpad swipe's pointer is a virtual one that starts mid-window: only its travel
        // says where the page is, as if the swipe had begun at the turn's edge.
        let reach = scrollRun != nil ? f.travel / w : s * (point.x - startEdge) / w
        return ReleaseFacts(direction: turn.direction, travel: f.travel, velocity: s * velocity.x,
                            reach: reach, duration: held, drift: abs(point.y - origin.y),
                            width: w, landscape: pageSize.width > pageSize.height, spread: isSpread)
    }

    // MARK: - Settling

    /// Sets `turn` settling from progress `p` (and `lift`) to 1 (commit) or 0, timed by the
    /// config. `announce` emits `settling(commit:)` (for turns to a real page); an animation of
    /// no length (nothing to travel, or no animation) lands at once.
    mutating func settle(_ turn: Turn, from p: Double, lift: Double, commit: Bool, announce: Bool,
                         into out: inout [TimedEvent]) {
        let anim = SettleAnimation(from: p, to: commit ? 1 : 0, lift: lift, start: now, config: config)
        motion = .settling(turn, anim, commit: commit)
        if announce, case .page = turn.goal { emit(.settling(commit: commit), into: &out) }
        if anim.duration == 0 { land(into: &out) }
    }

    /// A held page that is let go (or abandoned) goes on where it was going.
    mutating func resumeIfPaused(into out: inout [TimedEvent]) {
        guard case .paused(let turn, let p, let l, let commit) = motion else { return }
        settle(turn, from: p, lift: l, commit: commit, announce: false, into: &out)
    }

    /// The settling page lands (at `now`): the page index changes if the turn committed.
    mutating func land(into out: inout [TimedEvent]) {
        guard case .settling(let turn, _, let commit) = motion else { return }
        motion = nil
        guard case .page(let to) = turn.goal else { return }
        if commit {
            page = to
            emit(.turnCommitted(from: turn.from, to: to), into: &out)
        } else {
            emit(.turnCancelled(page: turn.from), into: &out)
        }
    }

    // MARK: - Turns by command

    /// Whether a command may turn the page now. A page held by a pointer ignores commands; a
    /// page that is still settling lands at once first.
    private mutating func readyForCommand(into out: inout [TimedEvent]) -> Bool {
        switch motion {
        case .following, .paused: return false
        case .settling: land(into: &out)
        case nil: break
        }
        return true
    }

    /// A turn by key or tap: one page (one spread), or to the first or last in one turn.
    mutating func turnByCommand(_ key: KeyCommand, into out: inout [TimedEvent]) {
        guard readyForCommand(into: &out) else { return }
        switch key {
        case .next:
            if page < lastPage { startTurn(to: page + pageStep, into: &out) } else { emit(.boundary(.last), into: &out) }
        case .previous:
            if page > 0 { startTurn(to: page - pageStep, into: &out) } else { emit(.boundary(.first), into: &out) }
        case .first:
            if page > 0 { startTurn(to: 0, into: &out) } else { emit(.boundary(.first), into: &out) }
        case .last:
            if page < lastPage { startTurn(to: lastPage, into: &out) } else { emit(.boundary(.last), into: &out) }
        case .toggleToolbars, .hideToolbars:
            return
        }
    }

    /// Wheel steps: n steps (positive: next) move n pages (spreads) in one turn, clamped to the book; when
    /// they run past an end the machine says so once (`boundary`), after the turn if there was
    /// one. Works on magnitudes, so `Int.min` steps and `Int.max` pages cannot overflow.
    mutating func turnBySteps(_ steps: Int, into out: inout [TimedEvent]) {
        guard steps != 0, readyForCommand(into: &out) else { return }
        let n = steps.magnitude
        let room = UInt((steps > 0 ? lastPage - page : page) / pageStep)
        if room > 0 {
            let k = Int(min(n, room)) * pageStep
            startTurn(to: steps > 0 ? page + k : page - k, into: &out)
        }
        if n > room { emit(.boundary(steps > 0 ? .last : .first), into: &out) }
    }

    /// Starts a command turn to `target` (an existing other page): the whole settling animation
    /// from 0 to 1, the edge taken at mid-height.
    private mutating func startTurn(to target: Int, into out: inout [TimedEvent]) {
        let direction: TurnDirection = target > page ? .next : .previous
        let turn = Turn(direction: direction, from: page, goal: .page(target), grabY: pageSize.height / 2)
        emit(.turnStarted(direction: direction, from: page, to: target), into: &out)
        settle(turn, from: 0, lift: 0, commit: true, announce: true, into: &out)
    }
}
