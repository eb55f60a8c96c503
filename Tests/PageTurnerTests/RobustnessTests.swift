import Testing
@testable import PageTurner
import GestureScripts

/// Inputs at the edges of what a window or a script can send: extreme wheel counts and books,
/// degenerate page sizes, lost ups, changed settings, late times.
@Suite("Extreme and lost inputs")
struct RobustnessTests {
    @Test("a wheel event of Int.min or Int.max steps turns once to the end and says boundary once",
          arguments: [(Int.min, 0, Boundary.first), (Int.max, 9, .last)])
    func extremeWheel(steps: Int, end: Int, boundary: Boundary) {
        var r = Reader(pages: 10, page: 4)
        r.send(.wheel(steps: steps), at: 0)
        #expect(r.names == ["turnStarted", "settling", "boundary"])
        #expect(r.boundaries == [boundary])
        r.settle()
        #expect(r.machine.page == end)
        #expect(r.commits.map { [$0.from, $0.to] } == [[4, end]])
        // Already at the end: the boundary alone, once.
        r.send(.wheel(steps: steps), at: r.now)
        #expect(r.boundaries == [boundary, boundary])
        #expect(r.machine.isAtRest)
    }

    @Test("a wheel step in a book of Int.max pages does not overflow")
    func hugeBook() {
        var m = TurnMachine(pageSize: Size(width: 800, height: 1000), pageCount: .max, page: .max - 2)
        var events = m.send(.wheel(steps: 1), at: 0)
        events += m.send(.wheel(steps: .max), at: 10)
        events += m.send(.wheel(steps: .max), at: 20)
        events += m.advance(to: 1000)
        #expect(m.page == .max - 1)
        #expect(events.map(\.event) == [
            .turnStarted(direction: .next, from: .max - 2, to: .max - 1), .settling(commit: true),
            .turnCommitted(from: .max - 2, to: .max - 1), .boundary(.last), .boundary(.last),
        ])
        #expect(m.invariantViolations() == [])
    }

    @Test("wheel steps that run past the end turn to the end, then say boundary")
    func wheelPastTheEnd() {
        var r = Reader(pages: 10, page: 8)
        r.send(.wheel(steps: 5), at: 0)
        #expect(r.events.map(\.event) == [.turnStarted(direction: .next, from: 8, to: 9), .settling(commit: true), .boundary(.last)])
    }

    @Test("a zero or sub-pixel page size is taken as 1×1: no division by zero, no NaN",
          arguments: [Size(width: 0, height: 0), Size(width: 0.3, height: 0.2), Size(width: -5, height: .nan)])
    func degenerateSize(size: Size) {
        var m = TurnMachine(pageSize: size, pageCount: 5, page: 2)
        #expect(m.pageSize == Size(width: 1, height: 1))
        m.send(.pointerDown(id: 0, at: Point(x: 0.9, y: 0.5)), at: 0)
        m.send(.pointerMove(id: 0, at: Point(x: -20, y: 0.5)), at: 10)
        #expect(m.phase == .dragging)
        #expect(m.progress == 1)
        #expect(m.invariantViolations() == [])
        for model in CurlModel.allCases {
            let frame = CurlRenderer(model: model).frame(page: m.pageSize, pose: m.pose!)
            if case .classic(let c) = frame { #expect(c.backPage.width.isFinite && c.edgeX.isFinite) }
        }
        m.resize(to: Size(width: 0, height: 0))                  // a minimised window
        #expect(m.pageSize == Size(width: 1, height: 1))
        #expect(m.invariantViolations() == [])
        m.resize(to: Size(width: 800, height: 1000))
        #expect(m.pageSize == Size(width: 800, height: 1000))
        m.send(.pointerUp(id: 0, at: nil), at: 20)
        m.advance(to: 1000)
        #expect(m.page == 3)
    }

    // MARK: - A lost up

    @Test("a second down for a dragging pointer cancels the drag; the new press takes the page where it is drawn")
    func repeatedDownWhileDragging() {
        var r = Reader()
        r.down(700, 500, at: 0)
        let t = r.slide(from: 700, to: 400, start: 0, speed: 300)
        let before = r.machine.pose!
        r.down(100, 500, at: t + 10)                    // the up of the first press was lost
        #expect(r.names == ["turnStarted", "settling"])
        #expect(r.events.last?.event == .settling(commit: false))
        #expect(r.machine.phase == .held, "the new press stopped the page settling back")
        let held = r.machine.pose!
        #expect(abs(held.pointer.x - before.pointer.x) < 1, "no jump: only 10 ms of settling")
        // Moves now belong to the new press: 4 px is inside its slop, whatever the old one was.
        r.move(96, 500, at: t + 20)
        #expect(r.machine.pose == held)
        r.move(80, 500, at: t + 30)                     // 20 px left of the new press
        #expect(r.machine.phase == .dragging)
        #expect(abs(r.machine.pose!.pointer.x - (held.pointer.x - 12)) < 1e-9)
        r.up(at: t + 200)
        r.settle()
        #expect(r.machine.invariantViolations() == [])
    }

    @Test("a second down for a pressed pointer starts a new press there: its slop and its tap")
    func repeatedDownWhilePressed() {
        var r = Reader()
        r.down(700, 500, at: 0)
        r.down(300, 500, at: 100)
        r.move(295, 500, at: 110)                      // 405 px from the old press, 5 from the new
        #expect(r.machine.phase == .pressed)
        r.up(at: 150)                                  // within the tap time of the new press
        #expect(r.events.first?.event == .tap(zone: "middle", action: .toggleToolbars, at: Point(x: 295, y: 500)))
        #expect(r.machine.phase == .idle)
    }

    // MARK: - Settings

    @Test("changing the config after init reaches the velocity tracker")
    func configAfterInit() {
        // An 80 px flick released 10 ms after its last move: a fling with the default 40 ms stop gap…
        var flung = Reader()
        flung.drag(from: 600, to: 520, speed: 2000, holdBeforeUp: 10)
        flung.settle()
        #expect(flung.machine.page == 1)
        // …but with a 5 ms stop gap, set after the machine was made, the pointer had stopped.
        var stopped = Reader()
        stopped.machine.config.velocityStopGap = 5
        #expect(stopped.machine.recognizer.tracker.stopGap == 5)
        stopped.drag(from: 600, to: 520, speed: 2000, holdBeforeUp: 10)
        stopped.settle()
        #expect(stopped.machine.page == 0)
        // And the horizon: a 20 ms horizon keeps only the last two samples.
        var short = Reader()
        short.machine.config.velocityHorizon = 20
        #expect(short.machine.recognizer.tracker.horizon == 20)
        // Thresholds of the recognizer itself take effect too.
        short.machine.config.touchSlop = 30
        short.down(400, 500, at: 0)
        short.move(380, 500, at: 10)
        #expect(short.machine.phase == .pressed)
    }

    @Test("a fling exactly at flingVelocity is not faster than it: the distance decides")
    func flingThresholdIsStrict() {
        func release(at v: Double) -> Int {
            var r = Reader()
            r.down(600, 500, at: 0)
            r.slide(from: 600, to: 520, start: 0, speed: 200)     // 80 px: short of the 160 px
            var out: [TimedEvent] = []
            r.machine.release(origin: Point(x: 600, y: 500), at: Point(x: 520, y: 500), velocity: Point(x: v, y: 0), held: 400,
                              into: &out)
            r.machine.advance(to: 10_000)
            return r.machine.page
        }
        #expect(release(at: -600) == 0)
        #expect(release(at: -600.001) == 1)
    }

    // MARK: - Time

    @Test("at times near the script limit (10⁹ ms) drags, long presses and settling work as at 0")
    func lateTimes() {
        let t0 = GestureScript.maximumTime - 100_000
        var r = Reader()
        let up = r.drag(from: 708, to: 300, start: t0)
        r.settle()
        #expect(r.commits.count == 1)
        #expect(r.time(of: "turnCommitted") == up + 150)
        r.down(300, 400, at: r.now + 10)
        let pressed = r.now
        r.advance(to: pressed + 2000)
        #expect(r.events.last == TimedEvent(time: pressed + 500, event: .selectionStarted(at: Point(x: 300, y: 400))))
    }

    @Test("a time that is not finite counts as now")
    func nonFiniteTime() {
        var m = TurnMachine(pageSize: Size(width: 800, height: 1000), pageCount: 5)
        m.send(.key(.next), at: 100)
        m.advance(to: .infinity)
        m.advance(to: .nan)
        #expect(m.now == 100)
        #expect(m.invariantViolations() == [])
    }
}
