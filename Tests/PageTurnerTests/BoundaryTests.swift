import Testing
@testable import PageTurner

/// "a drag towards a page that does not exist never commits; it follows the pointer
/// with resistance (a rubber band, at most a tenth of the width), settles back, and the machine
/// emits boundary(first|last)".
@Suite("The first and the last page")
struct BoundaryTests {
    @Test("dragging past the last page stretches a rubber band, never commits and says so")
    func lastPage() {
        var r = Reader(pages: 3, page: 2)
        r.down(700, 500, at: 0)
        var shown: [Double] = []
        var t = 0.0
        for x in stride(from: 690.0, through: 0, by: -10) {
            t += 10
            r.move(x, 500, at: t)
            shown.append(r.machine.progress)
        }
        #expect(r.boundaries == [.last])
        #expect(shown.allSatisfy { $0 > 0 && $0 < 0.1 })
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 }, "follows the pointer, with resistance")
        #expect(shown[0] < 10 / r.width, "resists from the first pixel")
        r.up(at: t)
        r.settle()
        #expect(r.machine.page == 2)
        #expect(r.machine.isAtRest)
        #expect(!r.names.contains("turnStarted") && !r.names.contains("turnCommitted"))
    }

    @Test("dragging before the first page does the same at the other end")
    func firstPage() {
        var r = Reader(pages: 3, page: 0)
        r.drag(from: 100, to: 700, speed: 400)
        #expect(r.boundaries == [.first])
        r.settle()
        #expect(r.machine.page == 0)
        #expect(r.machine.isAtRest)
    }

    @Test("a fling towards a missing page does not commit either")
    func flingAtTheEnd() {
        var r = Reader(pages: 3, page: 2)
        r.drag(from: 700, to: 400, speed: 5000)
        r.settle()
        #expect(r.machine.page == 2)
        #expect(r.commits.isEmpty)
    }

    @Test("right-to-left: the last page's boundary is towards the right")
    func rightToLeftLastPage() {
        var config = TurnConfig()
        config.rightToLeft = true
        var r = Reader(pages: 3, page: 2, config: config)
        r.drag(from: 100, to: 600)
        #expect(r.boundaries == [.last])
        r.settle()
        #expect(r.machine.page == 2)
    }

    @Test("keys and wheel steps at the ends say boundary and do not move",
          arguments: [(KeyCommand.next, 2, Boundary.last), (.last, 2, .last), (.previous, 0, .first), (.first, 0, .first)])
    func keysAtTheEnds(key: KeyCommand, page: Int, boundary: Boundary) {
        var r = Reader(pages: 3, page: page)
        r.key(key, at: 0)
        #expect(r.boundaries == [boundary])
        #expect(r.machine.isAtRest)
        r.send(.wheel(steps: boundary == .last ? 1 : -1), at: 10)
        #expect(r.boundaries == [boundary, boundary])
    }

    @Test("a one-page book has two ends")
    func onePage() {
        var r = Reader(pages: 1)
        r.drag(from: 600, to: 100)
        r.drag(from: 100, to: 600, start: 5000)
        r.settle()
        #expect(r.boundaries == [.last, .first])
        #expect(r.machine.page == 0)
    }

    @Test("the rubber band: slope c at the start, below its limit, and inverted exactly")
    func rubberBand() {
        let band = RubberBand(limit: 80, stiffness: 0.55)
        #expect(abs(band.displayed(0.001) / 0.001 - 0.55) < 1e-4)
        for d in stride(from: 0.0, through: 5000, by: 37) {
            #expect(band.displayed(d) < 80)
            #expect(abs(band.pulled(band.displayed(d)) - d) < 1e-6 * max(d, 1))
        }
    }
}
