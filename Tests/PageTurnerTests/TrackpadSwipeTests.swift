import PropertyBased
import Testing
@testable import PageTurner
import GestureScripts

/// Two-finger swipes on a trackpad (`TurnInput.scroll`) turn pages by the same thresholds as
/// drags: the commit distance, the fling velocity; they let go when the deltas stop.
@Suite struct TrackpadSwipeTests {
    static let page = Size(width: 800, height: 1000)

    /// A machine on page 5 of 10 with `settings`, after a swipe of `total` px (negative:
    /// leftwards, towards the next page) in `count` equal deltas `interval` ms apart, and then
    /// long enough for it to let go and land.
    static func swiped(_ total: Double, count: Int, interval: Double, settings: TurnSettings = TurnSettings(),
                       vertical: Double = 0) -> (TurnMachine, [TimedEvent]) {
        var m = TurnMachine(pageSize: page, pageCount: 10, page: 5, config: settings.turn)
        var events: [TimedEvent] = []
        for k in 1...count {
            events += m.send(.scroll(dx: total / Double(count), dy: vertical / Double(count)), at: 1000 + Double(k) * interval)
        }
        events += m.advance(to: 5000)
        return (m, events)
    }

    @Test("a slow swipe of a quarter of the width commits at the default and not at commitFraction 0.3",
          arguments: [(0.2, 6), (0.3, 5)])
    func aSlowSwipeIsDecidedByTheCommitDistance(fraction: Double, page: Int) throws {
        var settings = TurnSettings()
        try settings.set("commitFraction", to: fraction)
        // 200 px over 40 deltas 16 ms apart, the last ones as slow as the first: 312 px/s, no fling.
        let (m, _) = Self.swiped(-200, count: 40, interval: 16, settings: settings)
        #expect(m.page == page)
        #expect(m.lastRelease?.reason == (page == 6 ? .distance : .belowThreshold))
        #expect(!m.isScrolling && m.isAtRest)
    }

    @Test("a short fast swipe is a fling: it commits at flingVelocity 400 and not at 2000", arguments: [(400.0, 6), (2000.0, 5)])
    func aShortFastSwipeFlings(velocity: Double, page: Int) throws {
        var settings = TurnSettings()
        try settings.set("flingVelocity", to: velocity)
        // 80 px in 8 deltas 10 ms apart: 1000 px/s, a tenth of the width.
        let (m, _) = Self.swiped(-80, count: 8, interval: 10, settings: settings)
        #expect(m.page == page)
    }

    @Test func aRightwardsSwipeGoesBack() {
        let (m, _) = Self.swiped(300, count: 20, interval: 16)
        #expect(m.page == 4)
    }

    @Test func itLetsGoOnlyWhenTheDeltasHaveStoppedForTheGap() {
        var m = TurnMachine(pageSize: Self.page, pageCount: 10, page: 5)
        for k in 1...10 { _ = m.send(.scroll(dx: -30, dy: 0), at: Double(k) * 16) }
        _ = m.advance(to: 160 + 79)
        #expect(m.isScrolling && m.phase == .dragging, "79 ms after the last delta it still follows the fingers")
        let events = m.advance(to: 160 + 80)
        #expect(!m.isScrolling)
        #expect(events.contains { $0.event == .settling(commit: true) && $0.time == 240 })
    }

    @Test func verticalScrollingAndTinySwipesDoNothing() {
        let (vertical, events) = Self.swiped(-10, count: 10, interval: 16, vertical: 300)
        #expect(vertical.page == 5 && events.isEmpty)
        let (tiny, tinyEvents) = Self.swiped(-4, count: 2, interval: 16)
        #expect(tiny.page == 5 && !tiny.toolbarsShown, "inside the touch slop: not a tap in the middle")
        #expect(tinyEvents.isEmpty)
    }

    @Test func aPointerOrAKeyEndsASwipeAndASwipeWaitsForPointersToLift() {
        var m = TurnMachine(pageSize: Self.page, pageCount: 10, page: 5)
        for k in 1...10 { _ = m.send(.scroll(dx: -30, dy: 0), at: Double(k) * 16) }
        _ = m.send(.key(.toggleToolbars), at: 170)
        #expect(!m.isScrolling)
        _ = m.advance(to: 2000)
        #expect(m.page == 6)
        _ = m.send(.pointerDown(id: 0, at: Point(x: 400, y: 500)), at: 3000)
        _ = m.send(.scroll(dx: -50, dy: 0), at: 3010)
        #expect(!m.isScrolling, "fingers on the trackpad while the mouse button is down are ignored")
        #expect(m.invariantViolations().isEmpty)
    }

    @Test func scriptsCarryScrollSteps() throws {
        let script = try GestureScript.parse("scroll -12.5 0.5 @10\n")
        #expect(script.steps.first?.input == .scroll(dx: -12.5, dy: 0.5))
        #expect(throws: GestureScriptError.self) { try GestureScript.parse("scroll 1 @10\n") }
        #expect(throws: GestureScriptError.self) { try GestureScript.parse("scroll 1 nan @10\n") }
    }

    @Test("swipes mixed with random inputs keep the machine valid and bring it to rest")
    func randomSwipesKeepTheMachineValid() async {
        await propertyCheck(count: 1000, input: MachinePropertyTests.step.array(of: 1...50)) { steps in
            var m = TurnMachine(pageSize: Self.page, pageCount: 5, page: 2)
            var t = 0.0
            for s in steps {
                t += s.3
                let input: TurnInput? = s.0 % 3 == 0 ? .scroll(dx: (s.1 - 0.5) * 80, dy: (s.2 - 0.5) * 20)
                    : MachinePropertyTests.input((kind: s.0, x: s.1, y: s.2, dt: s.3, id: s.4), page: Self.page)
                if let input { _ = m.send(input, at: t) }
                #expect(m.invariantViolations().isEmpty, "\(m.invariantViolations())")
            }
            for id in 0...2 { _ = m.send(.pointerUp(id: id, at: nil), at: t + 1) }
            _ = m.advance(to: t + 100_000)
            #expect(m.isAtRest && !m.isScrolling)
        }
    }
}
