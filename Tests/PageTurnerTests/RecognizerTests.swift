import Testing
@testable import PageTurner

/// Recognizer: touch slop, taps, long presses.
@Suite("Taps, long presses and the touch slop")
struct RecognizerTests {
    @Test("an up within 250 ms inside the slop is a tap", arguments: [0.0, 120, 250])
    func tap(after ms: Double) {
        var r = Reader()
        r.down(400, 500, at: 1000)
        r.up(at: 1000 + ms)
        #expect(r.events.first?.event == .tap(zone: "middle", action: .toggleToolbars, at: Point(x: 400, y: 500)))
    }

    @Test("an up after 250 ms is no tap")
    func slowUp() {
        var r = Reader()
        r.down(400, 500, at: 0)
        r.up(at: 251)
        #expect(r.events.isEmpty)
    }

    @Test("moving up to the slop (8 px) keeps the tap; one more pixel makes it a drag")
    func slop() {
        var inside = Reader()
        inside.down(400, 500, at: 0)
        inside.move(408, 500, at: 50)
        inside.up(at: 100)
        #expect(inside.names == ["tap", "toolbars"])

        var outside = Reader()
        outside.down(400, 500, at: 0)
        outside.move(391, 500, at: 50)
        #expect(outside.names == ["turnStarted"])
    }

    @Test("a press held still for 500 ms starts a selection, at 500 ms, and then no tap")
    func longPress() {
        var r = Reader()
        r.down(300, 400, at: 0)
        r.advance(to: 499)
        #expect(r.events.isEmpty)
        r.move(303, 402, at: 499.5)
        r.advance(to: 2000)
        #expect(r.events == [TimedEvent(time: 500, event: .selectionStarted(at: Point(x: 300, y: 400)))])
        r.up(at: 2100)
        #expect(r.names == ["selectionStarted", "selectionEnded"])
        #expect(r.events.last == TimedEvent(time: 2100, event: .selectionEnded(at: Point(x: 303, y: 402))))
    }

    @Test("the long press is reported even when the next event comes much later")
    func longPressLate() {
        var r = Reader()
        r.down(300, 400, at: 0)
        r.up(at: 900)
        #expect(r.events.first == TimedEvent(time: 500, event: .selectionStarted(at: Point(x: 300, y: 400))))
        #expect(r.names == ["selectionStarted", "selectionEnded"])
    }

    @Test("a press that leaves the slop makes no long press")
    func noLongPressWhenMoving() {
        var r = Reader()
        r.down(300, 400, at: 0)
        r.move(300, 450, at: 100)     // vertical: ignored
        r.advance(to: 1000)
        #expect(r.events.isEmpty)
    }

    @Test("all thresholds are configurable")
    func configurable() {
        var config = TurnConfig()
        config.touchSlop = 20
        config.tapTimeout = 100
        config.longPressTimeout = 300
        var r = Reader(config: config)
        r.down(400, 500, at: 0)
        r.move(385, 500, at: 10)       // 15 px: inside the wider slop
        r.up(at: 101)                  // too slow for this tap timeout
        #expect(r.events.isEmpty)
        r.down(400, 500, at: 200)
        r.advance(to: 500)
        #expect(r.names == ["selectionStarted"])
    }
}

/// "A second pointer while dragging cancels the drag (the page settles back); it
/// never jumps."
@Suite("More than one pointer")
struct MultiPointerTests {
    @Test("a second pointer cancels a drag, without a jump, and the page settles back")
    func secondPointer() {
        var r = Reader()
        r.down(700, 500, at: 0)
        let t = r.slide(from: 700, to: 400, start: 0, speed: 300)
        let before = r.machine.pose!
        r.down(200, 300, at: t, id: 1)
        #expect(r.machine.pose == before)
        #expect(r.events.last?.event == .settling(commit: false))
        r.move(100, 500, at: t + 20)              // the first pointer goes on: ignored
        r.move(150, 300, at: t + 20, id: 1)
        #expect(r.machine.progress < before.progress)
        r.up(at: t + 30)
        r.up(at: t + 40, id: 1)
        r.settle()
        #expect(r.machine.page == 0)
        #expect(r.names == ["turnStarted", "settling", "turnCancelled"])
        #expect(r.machine.phase == .idle)
    }

    @Test("a second pointer spoils a tap")
    func spoilsTap() {
        var r = Reader()
        r.down(700, 500, at: 0)
        r.down(100, 500, at: 20, id: 1)
        r.up(at: 40, id: 1)
        r.up(at: 60)
        #expect(r.events.isEmpty)
    }

    @Test("after all pointers are up, the next press works again")
    func recovers() {
        var r = Reader()
        r.down(700, 500, at: 0)
        r.down(100, 500, at: 20, id: 1)
        r.up(at: 40)
        r.down(700, 500, at: 50, id: 2)          // pointer 1 is still down: ignored
        r.up(at: 60, id: 2)
        r.up(at: 70, id: 1)
        #expect(r.events.isEmpty)
        r.drag(from: 700, to: 300, start: 100)
        r.settle()
        #expect(r.machine.page == 1)
    }

    @Test("a cancelled pointer abandons its drag like a second pointer")
    func pointerCancel() {
        var r = Reader()
        r.down(700, 500, at: 0)
        let t = r.slide(from: 700, to: 300, start: 0, speed: 300)
        r.send(.pointerCancel(id: 0), at: t)
        r.settle()
        #expect(r.machine.page == 0)
        #expect(r.names == ["turnStarted", "settling", "turnCancelled"])
        #expect(r.machine.phase == .idle)
    }

    /// Only a drag is cancelled by a second pointer: a page held while it settled on its own was
    /// not being turned by this press, so it goes on to where it was going.
    @Test("a second pointer on a held page lets it go on where it was going, without a jump")
    func secondOnHeld() {
        for (to, page) in [(300.0, 1), (620, 0)] {         // a committing and a cancelling release
            var r = Reader()
            let up = r.drag(from: 700, to: to)
            r.down(300, 500, at: up + 30)
            #expect(r.machine.phase == .held)
            let held = r.machine.pose
            r.down(500, 500, at: up + 40, id: 1)
            #expect(r.machine.pose == held)
            #expect(r.machine.phase == .settling)
            r.move(100, 500, at: up + 45)                  // the first pointer goes on: ignored
            r.up(at: up + 50)
            r.up(at: up + 50, id: 1)
            r.settle()
            #expect(r.machine.page == page)
            #expect(r.names.filter { $0 == "settling" }.count == 1, "no second decision")
        }
    }
}
