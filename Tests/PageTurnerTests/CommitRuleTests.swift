import Testing
@testable import PageTurner

/// Commit or cancel: the iOS reader tutorial's distance rule (past W/5), extended with flings.
@Suite("Commit or cancel on release")
struct CommitRuleTests {
    // Page 800 px wide: the threshold is commitFraction · W = 800 / 5 = 160 px.

    @Test("a slow drag of exactly commitFraction·W commits; one pixel less cancels, one more commits",
          arguments: [(160.0, true), (159.0, false), (161.0, true)])
    func threshold(distance: Double, commits: Bool) {
        var r = Reader()
        #expect(TurnConfig.standard.commitFraction * r.width == 160)
        r.drag(from: 600, to: 600 - distance)
        r.settle()
        #expect(r.machine.page == (commits ? 1 : 0))
        #expect(r.names == ["turnStarted", "settling", commits ? "turnCommitted" : "turnCancelled"])
    }

    @Test("the threshold scales with the page width")
    func thresholdScales() {
        var narrow = Reader(width: 320)
        narrow.drag(from: 300, to: 300 - 64)          // 320 / 5
        narrow.settle()
        #expect(narrow.machine.page == 1)
        var justShort = Reader(width: 320)
        justShort.drag(from: 300, to: 300 - 63)
        justShort.settle()
        #expect(justShort.machine.page == 0)
    }

    @Test("a slow drag far past the threshold commits, even after a long pause before letting go")
    func slowDragPast() {
        var r = Reader()
        r.drag(from: 700, to: 200, speed: 150, holdBeforeUp: 400)
        r.settle()
        #expect(r.commits.map(\.to) == [1])
        #expect(r.machine.isAtRest)
    }

    @Test("a fling in the turn's direction commits below the distance threshold")
    func flingBelowThreshold() {
        var r = Reader()
        r.drag(from: 600, to: 520, speed: 2000)      // 80 px, 2000 px/s
        r.settle()
        #expect(r.machine.page == 1)
    }

    @Test("the same short drag without the speed cancels")
    func shortSlowDragCancels() {
        var r = Reader()
        r.drag(from: 600, to: 520, speed: 500)       // 500 px/s < 600 px/s
        r.settle()
        #expect(r.machine.page == 0)
        #expect(r.cancels == 1)
    }

    @Test("a flick that stopped before the release is no fling")
    func stoppedFlick() {
        var r = Reader()
        r.drag(from: 600, to: 520, speed: 2000, holdBeforeUp: 60)
        r.settle()
        #expect(r.machine.page == 0)
    }

    @Test("a fling against the turn cancels above the distance threshold")
    func flingAgainst() {
        var r = Reader()
        r.down(600, 500, at: 0)
        var t = r.slide(from: 600, to: 300, start: 0, speed: 200)      // 300 px: past 160
        t = r.slide(from: 300, to: 360, start: t, speed: 2000)         // flicked back 60 px
        r.up(at: t)
        r.settle()
        #expect(r.machine.page == 0)
        #expect(r.names.last == "turnCancelled")
    }

    @Test("dragging back past the start clamps the progress at 0 and keeps the direction")
    func reversalPastStart() {
        var r = Reader(page: 3)
        r.down(500, 500, at: 0)
        var t = r.slide(from: 500, to: 400, start: 0, speed: 200)
        #expect(r.machine.pose?.direction == .next)
        t = r.slide(from: 400, to: 700, start: t, speed: 200)
        #expect(r.machine.progress == 0)
        #expect(r.machine.pose?.direction == .next)
        r.up(at: t + 100)
        r.settle()
        #expect(r.machine.page == 3)
        #expect(r.names == ["turnStarted", "settling", "turnCancelled"])
        #expect(r.events.first?.event == .turnStarted(direction: .next, from: 3, to: 4))
    }

    @Test("towards the right is the previous page")
    func rightIsPrevious() {
        var r = Reader(page: 5)
        r.drag(from: 100, to: 400)
        r.settle()
        #expect(r.commits.map { [$0.from, $0.to] } == [[5, 4]])
    }

    @Test("right-to-left reading swaps the directions of drags")
    func rightToLeft() {
        var config = TurnConfig()
        config.rightToLeft = true
        var r = Reader(page: 5, config: config)
        r.drag(from: 100, to: 400)
        r.settle()
        #expect(r.machine.page == 6)
        var back = Reader(page: 5, config: config)
        back.drag(from: 600, to: 300)
        back.settle()
        #expect(back.machine.page == 4)
    }

    @Test("right-to-left: the same threshold, measured towards the right",
          arguments: [(160.0, true), (159.0, false)])
    func rightToLeftThreshold(distance: Double, commits: Bool) {
        var config = TurnConfig()
        config.rightToLeft = true
        var r = Reader(page: 5, config: config)
        r.drag(from: 200, to: 200 + distance)
        r.settle()
        #expect(r.machine.page == (commits ? 6 : 5))
    }

    @Test("right-to-left: a fling towards the left cancels a turn dragged past the threshold")
    func rightToLeftFlingAgainst() {
        var config = TurnConfig()
        config.rightToLeft = true
        var r = Reader(page: 5, config: config)
        r.down(200, 500, at: 0)
        var t = r.slide(from: 200, to: 500, start: 0, speed: 200)      // 300 px towards the next page
        t = r.slide(from: 500, to: 440, start: t, speed: 2000)         // flicked back 60 px
        r.up(at: t)
        r.settle()
        #expect(r.machine.page == 5)
        #expect(r.names == ["turnStarted", "settling", "turnCancelled"])
        // And a fling its own way commits below the threshold.
        var flung = Reader(page: 5, config: config)
        flung.drag(from: 200, to: 280, speed: 2000)
        flung.settle()
        #expect(flung.machine.page == 6)
    }

    /// Without the cut, a least-squares fit over the whole last 100 ms (fast samples, a gap,
    /// two slow ones) bends back and reads about +2900 px/s: a fling against the turn.
    @Test("a fast move, a pause, then a slow release: the pause cuts the fast part off, the slow part decides")
    func pauseCutsVelocity() {
        var r = Reader()
        r.down(600, 500, at: 0)
        var t = r.slide(from: 600, to: 420, start: 0, speed: 4500)     // 180 px in 40 ms
        t += 50                                                         // still for 50 ms (> 40 ms)
        t = r.slide(from: 420, to: 418, start: t, speed: 100)          // then 2 px slowly
        r.up(at: t)
        r.settle()
        #expect(r.machine.page == 1, "no fling either way: 182 px is past 160 px, so it commits")

        var short = Reader()
        short.down(600, 500, at: 0)
        t = short.slide(from: 600, to: 500, start: 0, speed: 2500)     // 100 px in 40 ms
        t += 50
        t = short.slide(from: 500, to: 498, start: t, speed: 100)
        short.up(at: t)
        short.settle()
        #expect(short.machine.page == 0, "no fling: 102 px is short of 160 px")

        // The fast move alone, released at once, flings.
        var fast = Reader()
        fast.down(600, 500, at: 0)
        fast.up(at: fast.slide(from: 600, to: 500, start: 0, speed: 2500))
        fast.settle()
        #expect(fast.machine.page == 1)
    }

    @Test("a mostly vertical drag turns no page", arguments: [70.0, 80.0, 90.0])
    func verticalDrag(angle: Double) {
        var r = Reader()
        let dx = -cosine(angle * Double.pi / 180) * 300, dy = sine(angle * Double.pi / 180) * 300
        r.down(400, 300, at: 0)
        for k in 1...30 { r.move(400 + dx * Double(k) / 30, 300 + dy * Double(k) / 30, at: Double(k) * 10) }
        r.up(at: 310)
        r.settle()
        #expect(r.events.isEmpty)
        #expect(r.machine.page == 0)
    }

    @Test("a drag under 60° from the horizontal turns the page", arguments: [0.0, 30.0, 55.0])
    func slantedDrag(angle: Double) {
        var r = Reader()
        let dx = -cosine(angle * Double.pi / 180) * 300, dy = sine(angle * Double.pi / 180) * 300
        r.down(600, 300, at: 0)
        for k in 1...30 { r.move(600 + dx * Double(k) / 30, 300 + dy * Double(k) / 30, at: Double(k) * 10) }
        r.up(at: 310)
        r.settle()
        #expect(r.machine.page == 1)
    }

    @Test("the page index changes once per committed turn, when the page lands")
    func indexChangesOnLanding() {
        var r = Reader()
        let up = r.drag(from: 700, to: 300)
        #expect(r.machine.page == 0)            // still settling
        r.advance(to: up + 1)
        #expect(r.machine.page == 0)
        r.settle()
        #expect(r.machine.page == 1)
        #expect(r.commits.count == 1)
    }
}
