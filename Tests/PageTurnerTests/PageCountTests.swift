import PropertyBased
import Testing
@testable import PageTurner

/// A book's page count changes under the machine (the full layout pass lands, the reader lays
/// the book out again, or jumps): `setPageCount(_:page:)`.
@Suite("Page count changes")
struct PageCountTests {
    @Test("the page is clamped into the new book exactly as a new machine clamps it")
    func clampedLikeInit() {
        let cases: [(count: Int, page: Int)] = [(5, 7), (5, 4), (300, 120), (0, 3), (-2, -1), (1, 0),
                                                (Int.max, Int.max), (Int.max, Int.min), (Int.min, 5)]
        for (count, page) in cases {
            var machine = TurnMachine(pageSize: Size(width: 800, height: 1000), pageCount: 10, page: 7)
            machine.setPageCount(count, page: page)
            let fresh = TurnMachine(pageSize: Size(width: 800, height: 1000), pageCount: count, page: page)
            #expect(machine.pageCount == fresh.pageCount && machine.page == fresh.page, "\(count) pages, page \(page)")
            #expect(machine.invariantViolations() == [])
        }
    }

    @Test("the toolbars, the page size, the config, the tap zones and the time stay")
    func restStays() {
        var config = TurnConfig(curl: .cylinder, rightToLeft: true)
        config.touchSlop = 12
        var r = Reader(pages: 10, page: 2, config: config, zones: .koreader)
        r.key(.toggleToolbars, at: 40)
        r.machine.resize(to: Size(width: 500, height: 700))
        r.machine.setPageCount(40, page: 30)
        #expect(r.machine.toolbarsShown)
        #expect(r.machine.pageSize == Size(width: 500, height: 700))
        #expect(r.machine.config == config && r.machine.recognizer.config == config)
        #expect(r.machine.tapZones == .koreader)
        #expect(r.machine.now == 40)
        #expect(r.machine.page == 30 && r.machine.pageCount == 40)
        // The toolbars are still shown as far as the machine's rules go: a toggle hides them.
        r.events = []
        r.key(.toggleToolbars, at: 50)
        #expect(r.events.map(\.event) == [.toolbars(shown: false)])
    }

    @Test("a dragged page is dropped: it lies flat, nothing lands later, the finger's moves and up do nothing")
    func draggedPageDropped() {
        var r = Reader(pages: 10, page: 4)
        r.down(700, 500, at: 0)
        r.slide(from: 700, to: 300, start: 0, speed: 2000)
        #expect(r.machine.phase == .dragging)
        r.events = []
        r.machine.setPageCount(12, page: 6)
        #expect(r.machine.isAtRest && r.machine.phase == .idle && r.machine.pose == nil)
        #expect(r.machine.invariantViolations() == [])
        r.move(100, 500, at: 300)
        r.up(at: 320)
        r.settle()
        #expect(r.events.isEmpty, "no turn, no tap: \(r.names)")
        #expect(r.machine.page == 6)
        // The next press is a new gesture.
        r.down(750, 500, at: r.now); r.up(at: r.now + 40)
        r.settle()
        #expect(r.commits.map(\.to) == [7])
    }

    @Test("a settling page is dropped before it lands: the turn never commits")
    func settlingPageDropped() {
        var r = Reader(pages: 10, page: 4)
        r.key(.next, at: 0)
        r.advance(to: 100)
        #expect(r.machine.phase == .settling)
        r.machine.setPageCount(10, page: 4)
        r.settle()
        #expect(r.commits.isEmpty && r.machine.page == 4 && r.machine.isAtRest)
    }

    @Test("a page held while settling is dropped, and so is the press that held it")
    func heldPageDropped() {
        var r = Reader(pages: 10, page: 4)
        r.key(.next, at: 0)
        r.down(400, 500, at: 100)
        #expect(r.machine.phase == .held)
        r.machine.setPageCount(8, page: 2)
        #expect(r.machine.phase == .idle && r.machine.invariantViolations() == [])
        r.up(at: 130)
        r.settle()
        #expect(r.commits.isEmpty && r.machine.page == 2 && !r.names.contains("tap"))
    }

    @Test("a press not yet a tap is forgotten: its up is no tap, its long press never comes")
    func pendingPressForgotten() {
        var r = Reader(pages: 10, page: 4)
        r.down(750, 500, at: 0)
        r.machine.setPageCount(10, page: 4)
        r.advance(to: 600)
        r.up(at: 650)
        r.settle()
        #expect(r.events.isEmpty, "\(r.names)")
    }

    @Test("random inputs with the page count changing in between: the machine stays valid and comes to rest")
    func randomPageCountChanges() async {
        // Per step: the machine's random input, and whether (0) and to what the page count changes.
        let change = zip(Gen.int(in: 0...5), Gen.int(in: 0...5), Gen.int(in: -2...40))
        await propertyCheck(count: 1500, input: zip(MachinePropertyTests.step, change).array(of: 1...60),
                            Gen.int(in: 0...4), Gen.bool) { steps, countIndex, rtl in
            var config = TurnConfig()
            config.rightToLeft = rtl
            var machine = TurnMachine(pageSize: Size(width: 800, height: 1000), pageCount: MachinePropertyTests.counts[countIndex],
                                      page: 3, config: config)
            var expectedPage = machine.page
            var t = 0.0
            func check(_ events: [TimedEvent]) {
                for e in events {
                    if case .turnCommitted(let from, let to) = e.event {
                        #expect(from == expectedPage && to != from && (0..<machine.pageCount).contains(to))
                        expectedPage = to
                    }
                    if case .turnCancelled(let page) = e.event { #expect(page == expectedPage) }
                }
                #expect(machine.page == expectedPage)
                #expect(machine.invariantViolations() == [])
            }
            for (raw, (changes, countChoice, page)) in steps {
                let s: MachinePropertyTests.RandomStep = raw
                t += s.dt
                if changes == 0 {
                    let count = [1, 2, 5, 30, Int.max, 0][countChoice]
                    let toolbars = machine.toolbarsShown, size = machine.pageSize
                    machine.setPageCount(count, page: page)
                    #expect(machine.pageCount == max(count, 1) && machine.page == min(max(page, 0), machine.pageCount - 1))
                    #expect(machine.isAtRest && machine.recognizer.down.isEmpty)
                    #expect(machine.toolbarsShown == toolbars && machine.pageSize == size)
                    expectedPage = machine.page
                    check([])
                }
                check(machine.advance(to: t))
                guard let input = MachinePropertyTests.input(s, page: machine.pageSize) else { continue }
                check(machine.send(input, at: t))
            }
            t = machine.now
            for id in machine.recognizer.down {
                t += 1
                check(machine.send(.pointerUp(id: id, at: nil), at: t))
            }
            check(machine.advance(to: t + config.turnDuration))
            #expect(machine.isAtRest && machine.phase == .idle)
        }
    }

    @Test("a press dropped by a new layout is no silent loss: the machine says why")
    func droppedPressIsExplained() {
        var r = Reader()
        r.down(400, 500, at: 0)
        r.machine.setPageCount(12, page: 0)
        r.up(at: 60)
        #expect(!r.names.contains("tap"))
        #expect(r.machine.lastIgnored?.reason == .relaidOut)
        #expect(r.machine.lastIgnored?.summary == "the pages were laid out again while it was down")

        var idle = Reader()
        idle.machine.setPageCount(12, page: 0)
        #expect(idle.machine.lastIgnored == nil, "no pointer down: nothing was dropped")
    }
}
