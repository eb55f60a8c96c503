import Testing
@testable import PageTurner

/// "A press held still past `longPressTimeout` starts a selection; moving then extends it;
/// release ends it. A press that moves past the slop before the timeout is a turn drag."
@Suite("Selection by a long press")
struct SelectionGestureTests {
    @Test("held, then dragged across the page: the selection follows and no page turns")
    func longPressThenDrag() {
        var r = Reader()
        r.down(600, 500, at: 0)
        r.advance(to: 600)
        r.slide(from: 600, to: 100, start: 600, speed: 2000)
        r.up(at: r.now + 10)
        r.settle()
        #expect(r.names.first == "selectionStarted")
        #expect(r.names.last == "selectionEnded")
        #expect(Set(r.names) == ["selectionStarted", "selectionChanged", "selectionEnded"])
        #expect(r.machine.page == 0)
        #expect(r.events.last?.event == .selectionEnded(at: Point(x: 100, y: 500)))
    }

    @Test("the same drag begun before the timeout turns the page and selects nothing")
    func quickDragTurns() {
        var r = Reader()
        r.drag(from: 600, to: 100, start: 0, speed: 2000)
        r.settle()
        #expect(r.commits.count == 1)
        #expect(!r.names.contains("selectionStarted"))
    }

    @Test("a drift inside the slop while holding still does not stop the long press; one past it does")
    func slopDecides() {
        var still = Reader()
        still.down(300, 400, at: 0)
        still.move(305, 403, at: 200)       // 5.8 px: inside the 8 px slop
        still.advance(to: 600)
        #expect(still.names == ["selectionStarted"])

        var moved = Reader()
        moved.down(300, 400, at: 0)
        moved.move(300, 412, at: 200)       // 12 px down: out of the slop, steep
        moved.advance(to: 600)
        #expect(!moved.names.contains("selectionStarted"))
    }

    @Test("the phase says selecting while the pointer selects, idle after")
    func phase() {
        var r = Reader()
        r.down(300, 400, at: 0)
        #expect(r.machine.phase == .pressed)
        r.advance(to: 500)
        #expect(r.machine.phase == .selecting)
        #expect(r.machine.invariantViolations().isEmpty)
        r.up(at: 700)
        #expect(r.machine.phase == .idle)
    }

    @Test("a second pointer ends the selection where it was, and is ignored")
    func secondPointerEndsIt() {
        var r = Reader()
        r.down(300, 400, at: 0)
        r.advance(to: 500)
        r.move(350, 400, at: 550)
        r.down(600, 400, at: 600, id: 1)
        r.move(100, 400, at: 700, id: 1)
        r.up(at: 710, id: 1)
        r.up(at: 720)
        r.settle()
        #expect(r.names == ["selectionStarted", "selectionChanged", "selectionEnded"])
        #expect(r.events.last?.event == .selectionEnded(at: Point(x: 350, y: 400)))
        #expect(r.machine.page == 0)
    }

    @Test("a press that stopped a settling page never selects, however long it is held")
    func grabbedPressNeverSelects() {
        var r = Reader()
        r.drag(from: 700, to: 300, start: 0, speed: 4000)
        r.down(400, 500, at: r.now + 20)
        r.advance(to: r.now + 2000)
        #expect(!r.names.contains("selectionStarted"))
    }

    @Test("a trackpad swipe that stays in the slop for a second never selects")
    func swipeNeverSelects() {
        var r = Reader()
        for k in 0..<100 { r.send(.scroll(dx: k % 2 == 0 ? 0.5 : -0.5, dy: 0), at: Double(k) * 10) }
        r.settle()
        #expect(!r.names.contains("selectionStarted"))
    }

    @Test("a shorter longPressTimeout catches a slow-starting drag as a selection")
    func timeoutIsASetting() {
        var config = TurnConfig()
        config.longPressTimeout = 100
        var r = Reader(config: config)
        r.down(600, 500, at: 0)
        r.move(598, 500, at: 90)
        r.slide(from: 598, to: 200, start: 150, speed: 1000)
        r.up(at: r.now + 10)
        r.settle()
        #expect(r.names.first == "selectionStarted")
        #expect(r.commits.isEmpty)
    }

    @Test("a selection dragged to the page's right edge turns to the next page once, and again after leaving it")
    func edgeTurnsThePage() {
        var r = Reader()
        r.down(400, 500, at: 0)
        r.advance(to: 600)
        r.move(790, 520, at: 700)           // the outer 4% (32 px) of 800
        r.move(795, 540, at: 750)
        r.settle()
        #expect(r.commits.map(\.to) == [1])
        #expect(r.machine.phase == .selecting, "the pointer still selects on the new page")
        r.move(500, 540, at: r.now + 10)
        r.move(792, 560, at: r.now + 10)
        r.settle()
        #expect(r.commits.map(\.to) == [1, 2])
        r.move(5, 560, at: r.now + 10)      // the left edge: back a page
        r.up(at: r.now + 10)
        r.settle()
        #expect(r.commits.map(\.to) == [1, 2, 1])
        #expect(r.names.last == "turnCommitted" || r.names.contains("selectionEnded"))
    }

    @Test("in a right-to-left book the left edge leads to the next page")
    func edgeFollowsTheProgression() {
        var config = TurnConfig()
        config.rightToLeft = true
        var r = Reader(config: config)
        r.down(400, 500, at: 0)
        r.advance(to: 600)
        r.move(8, 500, at: 700)
        r.settle()
        #expect(r.commits.map(\.to) == [1])
    }
}
