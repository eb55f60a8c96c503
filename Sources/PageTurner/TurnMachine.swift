/// The page-turn state machine: pointer events, wheel steps and keys in; page turns, taps,
/// toolbar changes and the pose of the turning page out.
///
/// It has no clock. Time comes in with every input (`send(_:at:)`) and through
/// `advance(to:)`, which the window calls once a frame before it reads `pose`; both report the
/// events that happened up to that time, each stamped with the time it happened. Nothing here
/// sleeps or schedules, so a test is a list of inputs and their times.
///
/// The rules (issue 3):
/// - A press inside the touch slop is a tap candidate; a drag that leaves the slop mostly
///   horizontally turns the page, in a direction fixed when it starts. Dragging back past the
///   start clamps the progress at 0.
/// - On release a turn commits when it travelled `commitFraction · width` (the seed's
///   `width / 5`) or was flung faster than `flingVelocity` in its direction, and cancels when
///   flung as fast against it. A drag towards a page that does not exist never commits: it
///   stretches a rubber band (at most a tenth of the width) and bounces back.
/// - After release the page settles (`SettleAnimation`). A press on a settling page stops it
///   where it is drawn; moving out of the slop drags it on from there, a still release lets it
///   go on settling where it was going. Keys, wheel steps and tap-zone turns run the same
///   animation from 0; a new one cuts the running one short (it lands at once).
/// - A second pointer while one is down abandons the gesture: a held page settles back.
/// - The page index changes exactly once per committed turn, when the page lands.
public struct TurnMachine: Sendable {
    /// A turn under way: from the current page towards `goal`.
    public struct Turn: Sendable, Hashable {
        /// Where a turn goes.
        public enum Goal: Sendable, Hashable {
            /// A real turn to this page index.
            case page(Int)
            /// A pull towards a page that does not exist.
            case boundary(Boundary)
        }
        public var direction: TurnDirection
        public var from: Int
        public var goal: Goal
        /// Height at which the edge was taken (the press's y for drags, mid-page for keys).
        public var grabY: Double
    }

    /// How the turning page moves.
    public enum Motion: Sendable, Hashable {
        /// Attached to the dragging pointer.
        case following(Turn, Follow)
        /// Released, landing on its own.
        case settling(Turn, SettleAnimation, commit: Bool)
        /// Stopped by a press that has not yet left the slop. `commit` is where it was going.
        case paused(Turn, progress: Double, lift: Double, commit: Bool)
    }

    /// A page attached to a pointer.
    public struct Follow: Sendable, Hashable {
        public var progress: Double
        public var lift: Double
        /// Pixels travelled in the turn's direction (rubber band undone): the commit rule's
        /// |x − x₀|, plus what the page had already travelled if the pointer took it settling.
        public var travel: Double
        /// The travel and lift the page had when this pointer took it.
        public var baseTravel: Double
        public var baseLift: Double

        init(progress: Double, lift: Double, travel: Double) {
            self.progress = progress
            self.lift = lift
            self.travel = travel
            baseTravel = travel
            baseLift = lift
        }
    }

    /// A summary of what the machine is doing.
    public enum Phase: String, Sendable, Hashable {
        /// Nothing moves and no pointer is down.
        case idle
        /// A pointer is down inside the slop, no page moves (a tap or long-press candidate).
        case pressed
        /// A page follows the pointer.
        case dragging
        /// A released page is landing.
        case settling
        /// A press stopped a settling page and holds it.
        case held
        /// Pointers are down but ignored (a vertical drag, or more than one pointer).
        case ignoring
    }

    public var config: TurnConfig {
        didSet { recognizer.config = config }
    }
    public private(set) var pageSize: Size
    public let pageCount: Int
    /// The page shown, 0…pageCount − 1. During a turn, the page the turn started from.
    public private(set) var page: Int
    public private(set) var toolbarsShown = false
    /// The tap-zone layout.
    public var tapZones: TapZoneLayout
    /// The latest time the machine has been told.
    public private(set) var now: Double
    public private(set) var motion: Motion?
    public private(set) var recognizer: GestureRecognizer

    /// A machine showing `page` of a book of `pageCount` pages (at least 1) of `pageSize`.
    public init(pageSize: Size, pageCount: Int, page: Int = 0, config: TurnConfig = .standard,
                tapZones: TapZoneLayout = .default, startTime: Double = 0) {
        self.pageSize = pageSize
        self.pageCount = max(pageCount, 1)
        self.page = min(max(page, 0), max(pageCount, 1) - 1)
        self.config = config
        self.tapZones = tapZones
        self.now = startTime
        recognizer = GestureRecognizer(config: config)
    }

    // MARK: - Reading the state

    public var phase: Phase {
        switch motion {
        case .following: return .dragging
        case .paused: return .held
        case .settling: return .settling
        case nil:
            switch recognizer.state {
            case .idle: return .idle
            case .pressed: return .pressed
            case .dragging, .ignoring: return .ignoring
            }
        }
    }

    /// True when no page moves: nothing to animate.
    public var isAtRest: Bool { motion == nil }

    /// The turn under way, if any.
    public var turn: Turn? {
        switch motion {
        case .following(let t, _), .settling(let t, _, _), .paused(let t, _, _, _): return t
        case nil: return nil
        }
    }

    /// How far the turning page is, 0…1, at `now` (0 at rest).
    public var progress: Double { progressAndLift.progress }

    private var progressAndLift: (progress: Double, lift: Double) {
        switch motion {
        case .following(_, let f): return (f.progress, f.lift)
        case .paused(_, let p, let l, _): return (p, l)
        case .settling(_, let a, _): return (a.progress(at: now), a.lift(at: now))
        case nil: return (0, 0)
        }
    }

    /// The pose of the turning page at `now`, for a curl model; nil when no page moves.
    public var pose: TurnPose? {
        guard let turn else { return nil }
        let (p, l) = progressAndLift
        return TurnPose(page: pageSize, direction: turn.direction, progress: p, grabY: turn.grabY,
                        lift: l, rightToLeft: config.rightToLeft)
    }

    /// Changes the page size (a window resize). A page in motion keeps its progress.
    public mutating func resize(to size: Size) {
        pageSize = size
    }

    // MARK: - Feeding it

    /// Handles one input at `time` (ms). Time never runs backwards: an earlier time counts as
    /// `now`. Returns the events up to and including this input, in time order.
    @discardableResult
    public mutating func send(_ input: TurnInput, at time: Double) -> [TimedEvent] {
        var out: [TimedEvent] = []
        advance(to: time, into: &out)
        switch input {
        case .pointerDown(let id, let point):
            react(recognizer.pointerDown(id: id, at: point, time: now), into: &out)
        case .pointerMove(let id, let point):
            react(recognizer.pointerMove(id: id, at: point, time: now), into: &out)
        case .pointerUp(let id, let point):
            if let point { react(recognizer.pointerMove(id: id, at: point, time: now), into: &out) }
            react(recognizer.pointerUp(id: id, time: now), into: &out)
        case .pointerCancel(let id):
            react(recognizer.pointerCancel(id: id), into: &out)
        case .wheel(let steps):
            // One turn per step; a huge step count cannot take more turns than the book has pages.
            for _ in 0..<min(abs(steps), pageCount + 1) {
                turnByCommand(steps > 0 ? .next : .previous, into: &out)
            }
        case .key(let key):
            switch key {
            case .next, .previous, .first, .last: turnByCommand(key, into: &out)
            case .toggleToolbars: setToolbars(!toolbarsShown, into: &out)
            case .hideToolbars: setToolbars(false, into: &out)
            }
        }
        return out
    }

    /// Moves the clock to `time`: fires a due long press, lands a settling page whose animation
    /// has ended. Returns what happened, each event at its own time.
    @discardableResult
    public mutating func advance(to time: Double) -> [TimedEvent] {
        var out: [TimedEvent] = []
        advance(to: time, into: &out)
        return out
    }

    private mutating func advance(to time: Double, into out: inout [TimedEvent]) {
        let target = max(time, now)
        while true {
            let longPress = recognizer.longPressDeadline.flatMap { $0 <= target ? $0 : nil }
            var landing: Double? = nil
            if case .settling(_, let a, _) = motion, a.end <= target { landing = a.end }
            if let lp = longPress, lp <= (landing ?? .infinity) {
                now = max(now, lp)
                react(recognizer.advance(to: lp), into: &out)
            } else if let end = landing {
                now = max(now, end)
                land(into: &out)
            } else {
                break
            }
        }
        now = target
    }

    // MARK: - Reactions to gestures

    private mutating func react(_ gesture: GestureRecognizer.Gesture, into out: inout [TimedEvent]) {
        switch gesture {
        case .nothing:
            break
        case .pressed:
            if case .settling(let turn, let a, let commit) = motion {
                motion = .paused(turn, progress: a.progress(at: now), lift: a.lift(at: now), commit: commit)
                recognizer.markGrabbed()
            }
        case .dragBegan(let origin, let point, let horizontal):
            beginDrag(origin: origin, at: point, horizontal: horizontal, into: &out)
        case .dragMoved(let origin, let point):
            follow(origin: origin, at: point)
        case .dragEnded(let origin, let point, let velocity):
            follow(origin: origin, at: point)
            release(velocity: velocity, into: &out)
        case .tap(let point):
            resumeIfPaused(into: &out)
            let hit = tapZones.hit(point, page: pageSize, toolbarsShown: toolbarsShown,
                                   rightToLeft: config.rightToLeft)
            emit(.tap(zone: hit.zone, action: hit.action), into: &out)
            switch hit.action {
            case .nextPage: turnByCommand(.next, into: &out)
            case .previousPage: turnByCommand(.previous, into: &out)
            case .toggleToolbars: setToolbars(!toolbarsShown, into: &out)
            case .showToolbars: setToolbars(true, into: &out)
            case .hideToolbars: setToolbars(false, into: &out)
            case .none: break
            }
        case .pressEnded:
            resumeIfPaused(into: &out)
        case .longPress(let point, let time):
            out.append(TimedEvent(time: time, event: .longPress(at: point)))
        case .abandoned:
            switch motion {
            case .following(let turn, let f):
                settle(turn, from: f.progress, lift: f.lift, commit: false, into: &out)
            case .paused(let turn, let p, let l, _):
                settle(turn, from: p, lift: l, commit: false, into: &out)
            default:
                break
            }
        }
    }

    /// The turn direction's sign along x: next moves the pointer left (−1) in a left-to-right
    /// book, previous right (+1); right-to-left reading swaps them.
    private func sign(_ direction: TurnDirection) -> Double {
        let ltr: Double = direction == .next ? -1 : 1
        return config.rightToLeft ? -ltr : ltr
    }

    private var rubberBand: RubberBand { RubberBand(width: pageSize.width, config: config) }

    /// The travel in pixels (rubber band undone) that shows progress `p` of `turn`.
    private func travel(showing p: Double, of turn: Turn) -> Double {
        if case .boundary = turn.goal { return rubberBand.pulled(p * pageSize.width) }
        return p * pageSize.width
    }

    private mutating func beginDrag(origin: Point, at point: Point, horizontal: Bool, into out: inout [TimedEvent]) {
        switch motion {
        case .paused(let turn, let p, let l, _):
            motion = .following(turn, Follow(progress: p, lift: l, travel: travel(showing: p, of: turn)))
        case .settling(let turn, let a, _):
            // A press that began before this page started moving (a key during the press):
            // it takes the page where it is drawn now.
            guard horizontal else { return }
            let p = a.progress(at: now), l = a.lift(at: now)
            motion = .following(turn, Follow(progress: p, lift: l, travel: travel(showing: p, of: turn)))
        case .following:
            return
        case nil:
            guard horizontal else { return }
            let leftward = point.x < origin.x
            let direction: TurnDirection = (leftward != config.rightToLeft) ? .next : .previous
            let goal: Turn.Goal
            if direction == .next {
                goal = page + 1 < pageCount ? .page(page + 1) : .boundary(.last)
            } else {
                goal = page > 0 ? .page(page - 1) : .boundary(.first)
            }
            let turn = Turn(direction: direction, from: page, goal: goal,
                            grabY: min(max(origin.y, 0), pageSize.height))
            switch goal {
            case .page(let to): emit(.turnStarted(direction: direction, from: page, to: to), into: &out)
            case .boundary(let b): emit(.boundary(b), into: &out)
            }
            motion = .following(turn, Follow(progress: 0, lift: 0, travel: 0))
        }
        follow(origin: origin, at: point)
    }

    /// Moves a followed page with the pointer: travel = base + s·(x − x₀), progress =
    /// clamp(travel / W, 0, 1), or the rubber band r(travel) / W towards a missing page.
    private mutating func follow(origin: Point, at point: Point) {
        guard case .following(let turn, var f) = motion else { return }
        f.travel = f.baseTravel + sign(turn.direction) * (point.x - origin.x)
        f.lift = f.baseLift + (point.y - origin.y)
        let w = pageSize.width
        if case .boundary = turn.goal {
            f.progress = rubberBand.displayed(max(f.travel, 0)) / w
        } else {
            f.progress = min(max(f.travel / w, 0), 1)
        }
        motion = .following(turn, f)
    }

    /// The commit-or-cancel rule, applied when the dragging pointer lets go.
    private mutating func release(velocity: Point, into out: inout [TimedEvent]) {
        guard case .following(let turn, let f) = motion else { return }
        let commit: Bool
        switch turn.goal {
        case .boundary:
            commit = false
        case .page:
            let v = sign(turn.direction) * velocity.x
            if v >= config.flingVelocity {
                commit = true
            } else if v <= -config.flingVelocity {
                commit = false
            } else {
                commit = f.travel >= config.commitFraction * pageSize.width
            }
        }
        settle(turn, from: f.progress, lift: f.lift, commit: commit, into: &out)
    }

    private mutating func settle(_ turn: Turn, from p: Double, lift: Double, commit: Bool, into out: inout [TimedEvent]) {
        let anim = SettleAnimation(from: p, to: commit ? 1 : 0, lift: lift, start: now, config: config)
        motion = .settling(turn, anim, commit: commit)
        if case .page = turn.goal { emit(.settling(commit: commit), into: &out) }
        if anim.duration == 0 { land(into: &out) }
    }

    private mutating func resumeIfPaused(into out: inout [TimedEvent]) {
        guard case .paused(let turn, let p, let l, let commit) = motion else { return }
        let anim = SettleAnimation(from: p, to: commit ? 1 : 0, lift: l, start: now, config: config)
        motion = .settling(turn, anim, commit: commit)
        if anim.duration == 0 { land(into: &out) }
    }

    /// The settling page lands (at `now`): the page index changes if the turn committed.
    private mutating func land(into out: inout [TimedEvent]) {
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

    /// A turn by key, wheel step or tap: runs the settling animation from 0 to 1. A page that
    /// is still settling lands at once first; a page held by a pointer ignores the command.
    private mutating func turnByCommand(_ key: KeyCommand, into out: inout [TimedEvent]) {
        switch motion {
        case .following, .paused: return
        case .settling: land(into: &out)
        case nil: break
        }
        let target: Int
        switch key {
        case .next: target = page + 1
        case .previous: target = page - 1
        case .first: target = page == 0 ? -1 : 0
        case .last: target = page == pageCount - 1 ? pageCount : pageCount - 1
        case .toggleToolbars, .hideToolbars: return
        }
        guard target >= 0 else { return emit(.boundary(.first), into: &out) }
        guard target < pageCount else { return emit(.boundary(.last), into: &out) }
        let direction: TurnDirection = target > page ? .next : .previous
        let turn = Turn(direction: direction, from: page, goal: .page(target), grabY: pageSize.height / 2)
        emit(.turnStarted(direction: direction, from: page, to: target), into: &out)
        let duration = config.animated ? config.turnDuration : 0
        let anim = SettleAnimation(from: 0, to: 1, start: now, duration: duration)
        motion = .settling(turn, anim, commit: true)
        emit(.settling(commit: true), into: &out)
        if anim.duration == 0 { land(into: &out) }
    }

    private mutating func setToolbars(_ shown: Bool, into out: inout [TimedEvent]) {
        guard shown != toolbarsShown else { return }
        toolbarsShown = shown
        emit(.toolbars(shown: shown), into: &out)
    }

    private func emit(_ event: TurnEvent, into out: inout [TimedEvent]) {
        out.append(TimedEvent(time: now, event: event))
    }
}
