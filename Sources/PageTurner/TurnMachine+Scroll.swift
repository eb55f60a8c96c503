/// A trackpad swipe, `TurnInput.scroll`: a run of precise scroll deltas drives a virtual
/// pointer that the recognizer sees as any other, so the touch slop, the drag angle, the commit
/// distance and the fling velocity decide a swipe exactly as they decide a drag.
struct ScrollRun: Sendable, Hashable {
    /// Where the virtual pointer is: the page's centre plus every delta so far.
    var position: Point
    /// When the last delta came (ms).
    var lastTime: Double
}

extension TurnMachine {
    /// The id of the virtual pointer a swipe drives (script pointer ids are never negative).
    static let scrollPointer = -1

    /// Whether a trackpad swipe is under way.
    public var isScrolling: Bool { scrollRun != nil }

    /// One scroll delta at `now`: starts a run (when no pointer is down and it is mostly
    /// horizontal) or moves the run's virtual pointer on.
    mutating func scroll(dx: Double, dy: Double, into out: inout [TimedEvent]) {
        guard dx.isFinite, dy.isFinite else { return }
        if var run = scrollRun {
            run.position = Point(x: run.position.x + dx, y: run.position.y + dy)
            run.lastTime = now
            scrollRun = run
            react(recognizer.pointerMove(id: Self.scrollPointer, at: run.position, time: now), into: &out)
            return
        }
        guard recognizer.down.isEmpty, abs(dx) > abs(dy) else { return }
        let start = Point(x: pageSize.width / 2, y: pageSize.height / 2)
        let run = ScrollRun(position: Point(x: start.x + dx, y: start.y + dy), lastTime: now)
        scrollRun = run
        react(recognizer.pointerDown(id: Self.scrollPointer, at: start, time: now), into: &out)
        recognizer.forbidLongPress()
        react(recognizer.pointerMove(id: Self.scrollPointer, at: run.position, time: now), into: &out)
    }

    /// The deltas stopped: the virtual pointer lets go, with the velocity of the last deltas
    /// (measured at the last delta's time, not now, when it has been still for the gap). A
    /// run that never left the touch slop is dropped, not taken for a tap.
    mutating func endScroll(into out: inout [TimedEvent]) {
        guard let run = scrollRun else { return }
        scrollRun = nil
        if case .pressed = recognizer.state {
            react(recognizer.pointerCancel(id: Self.scrollPointer), into: &out)
        } else {
            react(recognizer.pointerUp(id: Self.scrollPointer, time: run.lastTime), into: &out)
        }
    }
}
