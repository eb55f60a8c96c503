/// Turns raw pointer events into presses, taps, long presses, selections and drags.
///
/// After KOReader's gesture detector: it is fed timestamped events and keeps no clock; the one
/// timer it has (the long press) is a deadline that `advance(to:)` checks. A press held inside
/// the touch slop until `TurnConfig.longPressTimeout` becomes a selection: from then on its
/// moves extend the selection and never turn a page, and its up ends it (as a long press
/// selects text on iOS and Android, and KOReader's hold then pan does). Only the first
/// pointer down is followed ("the primary"); a second one while the primary is down abandons
/// the gesture, and every pointer is then ignored until all of them are up.
///
/// A down for a pointer that is already down (its up was lost: a platform glitch, a window
/// that lost the pointer) is taken as a cancel of the old press followed by a new down, so the
/// old press never continues with the new finger. `pointerDown` returns the new press's gesture
/// only; call `pointerCancel(id:)` first to hear about the old one (`TurnMachine` does).
public struct GestureRecognizer: Sendable {
    /// A press of the primary pointer.
    public struct Press: Sendable, Hashable {
        public var id: Int
        public var origin: Point
        public var time: Double
        public var last: Point
        /// The press stopped a moving page: any move out of the slop drags that page.
        public var grabbed: Bool
        /// Whether holding this press still can make it a long press (a trackpad swipe's virtual
        /// pointer cannot).
        public var canLongPress = true
        /// Where the pointer left the touch-slop circle (on the straight line between the last
        /// sample inside it and the first outside), once it has: a dragged page is drawn moving
        /// from here, so it does not jump by the slop when the drag begins.
        public var slopExit: Point? = nil
    }

    /// What the recognizer is doing.
    public enum State: Sendable, Hashable {
        /// No pointer is down.
        case idle
        /// The primary is down inside the slop: a tap or long-press candidate.
        case pressed(Press)
        /// The primary left the slop steeper than a turn's angle: its direction is judged again
        /// once it has travelled `TurnConfig.directionDistance` from the press.
        case judging(Press)
        /// The primary left the slop and drags.
        case dragging(Press)
        /// The primary was held still for the long-press time: it selects, wherever it moves.
        case selecting(Press)
        /// A vertical drag, a second pointer or a cancel: pointers are ignored until all are up.
        case ignoring
    }

    /// What one event meant.
    public enum Gesture: Sendable, Hashable {
        case nothing
        /// The primary pointer went down.
        case pressed(Point)
        /// The primary left the slop: a drag begins. `origin` is the press point.
        case dragBegan(origin: Point, at: Point, horizontal: Bool)
        case dragMoved(origin: Point, at: Point)
        /// The drag ended at `at` with this release velocity (px/s), `held` ms after its press.
        case dragEnded(origin: Point, at: Point, velocity: Point, held: Double)
        /// An up within the tap time and inside the slop: where the press went down (`origin`)
        /// and where it let go (`at`).
        case tap(origin: Point, at: Point)
        /// The primary pointer, having stopped a moving page, went up in the slop too late for a tap.
        case pressEnded
        /// The primary was held still for the long-press time (reported at that time): a
        /// selection begins at the press point.
        case longPress(Point, time: Double)
        /// The selecting primary moved.
        case selectionMoved(at: Point)
        /// The selecting primary went up (or was cancelled, or a second pointer came) at `at`.
        case selectionEnded(at: Point)
        /// A second pointer went down, or the primary was cancelled: the gesture is abandoned.
        case abandoned
        /// The gesture will turn nothing, and why (a drag judged vertical, a drag let go before
        /// its direction was judged, a press too slow for a tap).
        case ignored(IgnoredGesture.Reason)
    }

    /// The thresholds. Changing them takes effect at once, the velocity tracker's included.
    public var config: TurnConfig {
        didSet {
            tracker.horizon = config.velocityHorizon
            tracker.stopGap = config.velocityStopGap
        }
    }
    public private(set) var state: State = .idle
    /// Ids of the pointers that are down, in the order they went down.
    public private(set) var down: [Int] = []
    var tracker: VelocityTracker

    public init(config: TurnConfig = .standard) {
        self.config = config
        tracker = VelocityTracker(horizon: config.velocityHorizon, stopGap: config.velocityStopGap)
        down.reserveCapacity(4)
    }

    /// The pending long-press deadline, if a press is waiting for one.
    public var longPressDeadline: Double? {
        if case .pressed(let p) = state, !p.grabbed, p.canLongPress { return p.time + config.longPressTimeout }
        return nil
    }

    /// The current press can never become a long press (a trackpad swipe's virtual pointer).
    mutating func forbidLongPress() {
        if case .pressed(var p) = state {
            p.canLongPress = false
            state = .pressed(p)
        }
    }

    /// Marks the current press as one that stopped a moving page.
    mutating func markGrabbed() {
        if case .pressed(var p) = state {
            p.grabbed = true
            state = .pressed(p)
        }
    }

    /// Fires the long press if its deadline is at or before `time`.
    public mutating func advance(to time: Double) -> Gesture {
        guard let deadline = longPressDeadline, deadline <= time, case .pressed(let p) = state else { return .nothing }
        state = .selecting(p)
        return .longPress(p.origin, time: deadline)
    }

    /// The primary's press, while it is pressed or dragging.
    public var primary: Press? {
        switch state {
        case .pressed(let p), .judging(let p), .dragging(let p), .selecting(let p): return p
        case .idle, .ignoring: return nil
        }
    }

    /// Where the dragging primary left the slop (see `Press.slopExit`).
    var dragExit: Point? {
        if case .dragging(let p) = state { return p.slopExit }
        return nil
    }

    /// A pointer goes down. A pointer that is already down is cancelled first (its gesture is
    /// dropped: call `pointerCancel(id:)` before to get it).
    public mutating func pointerDown(id: Int, at point: Point, time: Double) -> Gesture {
        if down.contains(id) { _ = pointerCancel(id: id) }
        down.append(id)
        switch state {
        case .idle:
            tracker.reset()
            tracker.add(point, at: time)
            state = .pressed(Press(id: id, origin: point, time: time, last: point, grabbed: false))
            return .pressed(point)
        case .selecting(let p):
            state = .ignoring
            return .selectionEnded(at: p.last)
        case .pressed, .judging, .dragging:
            state = .ignoring
            return .abandoned
        case .ignoring:
            return .nothing
        }
    }

    public mutating func pointerMove(id: Int, at point: Point, time: Double) -> Gesture {
        switch state {
        case .pressed(var p) where p.id == id:
            let previous = p.last
            p.last = point
            tracker.add(point, at: time)
            let dx = point.x - p.origin.x, dy = point.y - p.origin.y
            guard dx * dx + dy * dy > config.touchSlop * config.touchSlop else {
                state = .pressed(p)
                return .nothing
            }
            // Mostly horizontal: |dy| < |dx|·tan(60°).
            let horizontal = abs(dy) < abs(dx) * config.dragSlopeLimit
            p.slopExit = Self.exit(from: previous, to: point, origin: p.origin, radius: config.touchSlop)
            if horizontal || p.grabbed {
                state = .dragging(p)
                return .dragBegan(origin: p.origin, at: point, horizontal: horizontal)
            }
            // Steep on leaving the slop: a wobble as the finger lands, or a vertical drag. The
            // travel from the press decides (see `TurnConfig.directionDistance`).
            return judge(p, from: previous, to: point)
        case .judging(var p) where p.id == id:
            let previous = p.last
            p.last = point
            tracker.add(point, at: time)
            return judge(p, from: previous, to: point)
        case .dragging(var p) where p.id == id:
            p.last = point
            tracker.add(point, at: time)
            state = .dragging(p)
            return .dragMoved(origin: p.origin, at: point)
        case .selecting(var p) where p.id == id:
            guard point != p.last else { return .nothing }
            p.last = point
            state = .selecting(p)
            return .selectionMoved(at: point)
        default:
            return .nothing
        }
    }

    /// A drag whose direction is not decided yet, now at `point`: still undecided inside
    /// `directionDistance` of the press; past it, a drag when the whole displacement from the
    /// press is within the turn angle (drawn from where it crossed that distance, so the page
    /// does not jump), otherwise ignored as vertical.
    private mutating func judge(_ p: Press, from previous: Point, to point: Point) -> Gesture {
        var p = p
        let dx = point.x - p.origin.x, dy = point.y - p.origin.y
        let travel = (dx * dx + dy * dy).squareRoot()
        guard travel >= config.directionDistance else {
            state = .judging(p)
            return .nothing
        }
        if abs(dy) < abs(dx) * config.dragSlopeLimit {
            if config.directionDistance > config.touchSlop {
                p.slopExit = Self.exit(from: previous, to: point, origin: p.origin, radius: config.directionDistance)
            }
            state = .dragging(p)
            return .dragBegan(origin: p.origin, at: point, horizontal: true)
        }
        state = .ignoring
        return .ignored(.steep(degrees: atan2Degrees(abs(dy), abs(dx)), travel: travel, limit: config.maxDragAngleDegrees))
    }

    /// The pointer `id` goes up where it last moved (the machine turns an up with a new position
    /// into a move first).
    public mutating func pointerUp(id: Int, time: Double) -> Gesture {
        guard let index = down.firstIndex(of: id) else { return .nothing }
        var gesture = Gesture.nothing
        switch state {
        case .pressed(let p) where p.id == id:
            // (A press held for the long-press time is selecting by now: the machine advances
            // the clock before every input.)
            if time - p.time <= config.tapTimeout {
                gesture = .tap(origin: p.origin, at: p.last)
            } else if !p.grabbed {
                gesture = .ignored(.heldTooLong(held: time - p.time, limit: config.tapTimeout))
            } else {
                gesture = .pressEnded
            }
            state = .idle
        case .judging(let p) where p.id == id:
            let travel = ((p.last.x - p.origin.x) * (p.last.x - p.origin.x) + (p.last.y - p.origin.y) * (p.last.y - p.origin.y))
                .squareRoot()
            gesture = .ignored(.undecided(travel: travel, needed: config.directionDistance))
            state = .idle
        case .dragging(let p) where p.id == id:
            gesture = .dragEnded(origin: p.origin, at: p.last, velocity: tracker.velocity(at: time), held: time - p.time)
            state = .idle
        case .selecting(let p) where p.id == id:
            gesture = .selectionEnded(at: p.last)
            state = .idle
        default:
            break
        }
        down.remove(at: index)
        if !down.isEmpty, state == .idle { state = .ignoring }
        if down.isEmpty { state = .idle }
        return gesture
    }

    public mutating func pointerCancel(id: Int) -> Gesture {
        guard let index = down.firstIndex(of: id) else { return .nothing }
        down.remove(at: index)
        var gesture = Gesture.nothing
        if case .selecting(let p) = state, p.id == id {
            gesture = .selectionEnded(at: p.last)
            state = .ignoring
        } else if primary?.id == id {
            gesture = .abandoned
            state = .ignoring
        }
        if down.isEmpty { state = .idle }
        return gesture
    }

    /// The point where the segment `inside` → `outside` leaves the circle of `radius` round
    /// `origin` (`inside` lies in it, `outside` beyond it): the root in 0…1 of
    /// |inside + t·(outside − inside) − origin| = radius, i.e. a·t² + b·t + c = 0 with c ≤ 0,
    /// taken in the form that does not cancel (`q = −(b + sign(b)·√disc)/2`, roots q/a and c/q).
    static func exit(from inside: Point, to outside: Point, origin: Point, radius: Double) -> Point {
        let dx = outside.x - inside.x, dy = outside.y - inside.y
        let ox = inside.x - origin.x, oy = inside.y - origin.y
        let a = dx * dx + dy * dy
        guard a > 0 else { return outside }
        let b = 2 * (ox * dx + oy * dy)
        let c = ox * ox + oy * oy - radius * radius
        let root = max(b * b - 4 * a * c, 0).squareRoot()
        let q = b >= 0 ? -(b + root) / 2 : (root - b) / 2
        var t = b >= 0 ? (q != 0 ? c / q : 0) : q / a
        if !(t >= 0) { t = 0 }
        t = min(t, 1)
        return Point(x: inside.x + t * dx, y: inside.y + t * dy)
    }
}
