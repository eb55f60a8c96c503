/// The page-turn state machine: pointer events, wheel steps and keys in; page turns, taps,
/// toolbar changes and the pose of the turning page out.
///
/// It has no clock. Time comes in with every input (`send(_:at:)`) and through
/// `advance(to:)`, which the window calls once a frame before it reads `pose`; both report the
/// events that happened up to that time, each stamped with the time it happened. Nothing here
/// sleeps or schedules, so a test is a list of inputs and their times.
///
/// The rules:
/// - A press inside the touch slop is a tap candidate; a drag that leaves the slop mostly
///   horizontally turns the page, in a direction fixed when it starts. Dragging back past the
///   start clamps the progress at 0.
/// - A press held inside the slop for `longPressTimeout` selects instead: it emits
///   `selectionStarted`, then `selectionChanged` as it moves (anywhere: it never turns a page)
///   and `selectionEnded` when it lets go. The machine knows points, not text: the reader
///   maps them to the words under them.
/// - On release the commit rule (`TurnConfig.policy`) decides; this project's commits a turn
///   that travelled `commitFraction · width` (the iOS tutorial's `width / 5`) or was flung
///   faster than `flingVelocity` in its direction, and cancels one flung as fast against it.
///   A drag towards a page that does not exist never commits: it stretches a rubber band (at
///   most a tenth of the width) and bounces back.
/// - After release the page settles (`SettleAnimation`). A press on a settling page stops it
///   where it is drawn; moving out of the slop drags it on from there, a still release lets it
///   go on settling where it was going. Keys, wheel steps and tap-zone turns run the same
///   animation from 0; a new one cuts the running one short (it lands at once).
/// - Held by the fold (`TurnGrip.fold`), a dragged page is drawn moving from the point where
///   the finger left the slop circle, so it does not jump by the slop when the drag begins (as
///   Android's ViewPager subtracts the slop); held by the edge (`TurnGrip.edge`), its free
///   edge is drawn under the pointer from the first move out of the slop on. Either way the
///   commit rule measures the pointer's travel from the press, so the grip changes the
///   picture only.
/// - A second pointer while one is down abandons the gesture: a dragged page settles back, a
///   held page (stopped while settling) goes on where it was going. A down for a pointer that is
///   already down cancels its old press first.
/// - Wheel steps: n steps move n pages in one turn, clamped to the book, with one boundary
///   event if they run past an end. Keys, wheel steps and tap turns are ignored while a pointer
///   holds the page.
/// - The page index changes exactly once per committed turn, when the page lands.
///
/// Robustness: the page size is clamped to 1…10⁹ px on each side (a minimised window may report
/// 0×0), times that are not finite or run backwards count as `now`, and every count is handled
/// without overflow, so any input sequence leaves the machine valid (`invariantViolations()`).
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

    /// The thresholds; a change reaches the recognizer (and its velocity tracker) at once.
    public var config: TurnConfig {
        didSet { recognizer.config = config }
    }
    /// The window's size: where pointers are, tap zones, the grab's height.
    public private(set) var pageSize: Size
    /// Whether the window shows spreads (`TurnMachine+Spread.swift`).
    public internal(set) var isSpread = false
    /// The number of pages, at least 1 (`setPageCount(_:page:)` changes it).
    public private(set) var pageCount: Int
    /// The page shown, 0…pageCount − 1. During a turn, the page the turn started from.
    public internal(set) var page: Int
    public private(set) var toolbarsShown = false
    /// The tap-zone layout.
    public var tapZones: TapZoneLayout
    /// The latest time the machine has been told.
    public private(set) var now: Double
    public internal(set) var motion: Motion?
    /// The last drag let go, and what the commit rule made of it (nil before the first).
    public internal(set) var lastRelease: Release? { didSet { judgements &+= 1 } }
    /// Why the last gesture that turned nothing did so (see `IgnoredGesture`).
    public internal(set) var lastIgnored: IgnoredGesture? { didSet { judgements &+= 1 } }
    /// A count that changes whenever `lastRelease` or `lastIgnored` is set: an observer that
    /// keeps it tells a new verdict from the one it saw without comparing them.
    public private(set) var judgements = 0
    /// A trackpad swipe under way (`TurnInput.scroll`): where its virtual pointer is and when
    /// its last delta came.
    var scrollRun: ScrollRun?
    public internal(set) var recognizer: GestureRecognizer
    /// The first pointer that went down and has not let go, and where it is now, whether the
    /// machine follows it or ignores it (a vertical drag, a second pointer's gesture); nil
    /// when none is down. A trackpad swipe has no pointer.
    public private(set) var pointer: (id: Int, at: Point)?
    /// The edge of the page a selecting pointer is at, once it has turned the page there
    /// (`turnAtSelectionEdge`): it turns again only after leaving that edge.
    var selectionEdge: TurnDirection?

    /// A machine showing `page` of a book of `pageCount` pages (at least 1) of `pageSize`
    /// (clamped to 1…10⁹ px on each side); with `spread`, pages are spreads in a window of
    /// `pageSize`.
    public init(pageSize: Size, pageCount: Int, page: Int = 0, config: TurnConfig = .standard,
                tapZones: TapZoneLayout = .default, spread: Bool = false, startTime: Double = 0) {
        self.pageSize = Self.usable(pageSize)
        self.isSpread = spread
        self.pageCount = max(pageCount, 1)
        self.page = 0
        self.config = config
        self.tapZones = tapZones
        self.now = startTime.isFinite ? startTime : 0
        recognizer = GestureRecognizer(config: config)
        self.page = shownPage(for: page)
    }

    /// `page` held to 0…count − 1 (`count` at least 1).
    static func clamp(_ page: Int, toBookOf count: Int) -> Int {
        min(max(page, 0), count - 1)
    }

    /// The largest page side the machine works with.
    static let maximumPageSide = 1e9

    /// `size` with each side clamped to 1…`maximumPageSide` (NaN counts as 1): a zero or
    /// sub-pixel page would divide by zero, an infinite one make every position infinite.
    static func usable(_ size: Size) -> Size {
        func side(_ v: Double) -> Double { v >= 1 ? min(v, maximumPageSide) : 1 }
        return Size(width: side(size.width), height: side(size.height))
    }

    /// Changes the page size (a window resize; clamped like the initial size). A page in
    /// motion keeps its progress. A dragged page goes on from there: its drawing is re-anchored
    /// at the pointer, so the next move does not recompute the progress from pixels travelled
    /// on the old width (a jump); the commit rule keeps its pixels, against the new width.
    public mutating func resize(to size: Size) {
        pageSize = Self.usable(size)
        if case .following(let turn, var f) = motion, let at = recognizer.primary?.last {
            f.anchor = at
            f.drawnBase = travel(showing: f.progress, of: turn)
            f.drawnTravel = f.drawnBase
            f.baseLift = f.lift
            motion = .following(turn, f)
        }
    }

    /// Shows `page` of a book now `count` pages long (at least 1; the page is clamped into it,
    /// as at init): the layout changed (its estimate of the page count, a new pass) or the
    /// reader jumps. A turn under way is dropped, the page lies flat, with no event; so is the
    /// gesture of any pointer that is down: it is forgotten, its further moves and its up do
    /// nothing, and the next down starts a new press. Everything else stays: the toolbars, the
    /// page size, the config, the tap zones and the time.
    public mutating func setPageCount(_ count: Int, page: Int) {
        pageCount = max(count, 1)
        self.page = shownPage(for: page)
        dropGesture()
    }

    /// Forgets the turn under way and every pointer's gesture: the page lies flat, and the
    /// next down starts a new press.
    mutating func dropGesture() {
        // A pointer still down loses its gesture: the HUD and the lab say why.
        if !recognizer.down.isEmpty { lastIgnored = IgnoredGesture(time: now, reason: .relaidOut) }
        motion = nil
        recognizer = GestureRecognizer(config: config)
        pointer = nil
    }

    /// Keeps `pointer`: the first pointer down, where it is, until it lets go.
    private mutating func trackPointer(_ input: TurnInput) {
        switch input {
        case .pointerDown(let id, let at) where pointer == nil || pointer?.id == id: pointer = (id, at)
        case .pointerMove(let id, let at) where pointer?.id == id: pointer = (id, at)
        case .pointerUp(let id, _) where pointer?.id == id, .pointerCancel(let id) where pointer?.id == id: pointer = nil
        default: break
        }
    }

    // MARK: - Feeding it

    /// Handles one input at `time` (ms). Time never runs backwards: an earlier time (or one that
    /// is not finite) counts as `now`. Returns the events up to and including this input, in
    /// time order.
    @discardableResult
    public mutating func send(_ input: TurnInput, at time: Double) -> [TimedEvent] {
        var out: [TimedEvent] = []
        advance(to: time, into: &out)
        if case .scroll(let dx, let dy) = input {
            scroll(dx: dx, dy: dy, into: &out)
            return out
        }
        // Anything else ends a swipe under way, as if its deltas had stopped now.
        if scrollRun != nil { endScroll(into: &out) }
        // A new press, key or wheel step begins a new gesture: the last one's reason for doing
        // nothing is no longer the news.
        switch input {
        case .pointerDown, .key, .wheel: lastIgnored = nil
        default: break
        }
        trackPointer(input)
        switch input {
        case .pointerDown(let id, let point):
            // A pointer that is already down lost its up: its old press is cancelled first.
            if recognizer.down.contains(id) { react(recognizer.pointerCancel(id: id), into: &out) }
            react(recognizer.pointerDown(id: id, at: point, time: now), into: &out)
        case .pointerMove(let id, let point):
            react(recognizer.pointerMove(id: id, at: point, time: now), into: &out)
        case .pointerUp(let id, let point):
            // An up where the pointer already is (SDL's release repeats the last position, as
            // Android's ACTION_UP does, which its VelocityTracker ignores) is no move: as a
            // sample it would tell the velocity fit the pointer stood still, and a quadratic
            // through fast moves then one still point extrapolates a reversal (a drag 60 %
            // across let go 36 ms after its last move read as a fling against it). A pointer
            // still for `velocityStopGap` is still judged stopped.
            if let point, !(recognizer.primary?.id == id && recognizer.primary?.last == point) {
                react(recognizer.pointerMove(id: id, at: point, time: now), into: &out)
            }
            react(recognizer.pointerUp(id: id, time: now), into: &out)
        case .pointerCancel(let id):
            react(recognizer.pointerCancel(id: id), into: &out)
        case .wheel(let steps):
            turnBySteps(steps, into: &out)
        case .scroll:
            break  // handled above
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
        let target = time.isFinite && time > now ? time : now
        while true {
            let longPress = recognizer.longPressDeadline.flatMap { $0 <= target ? $0 : nil }
            var landing: Double? = nil
            if case .settling(_, let a, _) = motion, a.end <= target { landing = a.end }
            let scrollEnd = scrollRun.map { $0.lastTime + config.scrollReleaseGap }.flatMap { $0 <= target ? $0 : nil }
            if let end = scrollEnd, end <= min(longPress ?? .infinity, landing ?? .infinity) {
                now = max(now, end)
                endScroll(into: &out)
            } else if let lp = longPress, lp <= (landing ?? .infinity) {
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

    mutating func react(_ gesture: GestureRecognizer.Gesture, into out: inout [TimedEvent]) {
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
        case .dragEnded(let origin, let point, let velocity, let held):
            follow(origin: origin, at: point)
            release(origin: origin, at: point, velocity: velocity, held: held, into: &out)
        case .tap(let origin, let release):
            resumeIfPaused(into: &out)
            // The zone is the press's; the event carries where the pointer let go (a toolbar
            // button is pressed where the pointer leaves it).
            let hit = tapZones.hit(origin, page: pageSize, toolbarsShown: toolbarsShown,
                                   rightToLeft: config.rightToLeft)
            emit(.tap(zone: hit.zone, action: hit.action, at: release), into: &out)
            switch hit.action {
            case .nextPage: turnByCommand(.next, into: &out)
            case .previousPage: turnByCommand(.previous, into: &out)
            case .toggleToolbars: setToolbars(!toolbarsShown, into: &out)
            case .showToolbars: setToolbars(true, into: &out)
            case .hideToolbars: setToolbars(false, into: &out)
            case .pressToolbar, .none: break
            }
        case .pressEnded:
            resumeIfPaused(into: &out)
        case .longPress(let point, let time):
            selectionEdge = selectionEdgeDirection(at: point)
            out.append(TimedEvent(time: time, event: .selectionStarted(at: point)))
        case .selectionMoved(let point):
            emit(.selectionChanged(at: point), into: &out)
            turnAtSelectionEdge(point, into: &out)
        case .selectionEnded(let point):
            emit(.selectionEnded(at: point), into: &out)
        case .ignored(let reason):
            lastIgnored = IgnoredGesture(time: now, reason: reason)
        case .abandoned:
            lastIgnored = IgnoredGesture(time: now, reason: .abandoned)
            // Only a drag is cancelled; a held page was settling on its own and goes on.
            switch motion {
            case .following(let turn, let f):
                settle(turn, from: f.progress, lift: f.lift, commit: false, announce: true, into: &out)
            case .paused:
                resumeIfPaused(into: &out)
            case .settling, nil:
                break
            }
        }
    }

    mutating func setToolbars(_ shown: Bool, into out: inout [TimedEvent]) {
        guard shown != toolbarsShown else { return }
        toolbarsShown = shown
        emit(.toolbars(shown: shown), into: &out)
    }

    func emit(_ event: TurnEvent, into out: inout [TimedEvent]) {
        out.append(TimedEvent(time: now, event: event))
    }
}
