import Testing
@testable import PageTurner

/// Settling animation.
@Suite("Settling")
struct SettlingTests {
    @Test("the page settles in time proportional to the distance left, easing out")
    func proportionalTime() {
        var r = Reader()
        let up = r.drag(from: 708, to: 300)           // 400 px beyond the slop: progress 0.5, commits
        #expect(r.machine.progress == 0.5)
        r.advance(to: up + 75)                         // half of 300·0.5 ms
        #expect(abs(r.machine.progress - (0.5 + 0.5 * easeOutCubic(0.5))) < 1e-12)
        r.settle()
        #expect(r.time(of: "turnCommitted") == up + 150)
    }

    @Test("a short way back takes the minimum time, 80 ms")
    func minimumTime() {
        var r = Reader()
        let up = r.drag(from: 600, to: 580)           // 20 px: 20 ms by proportion
        r.settle()
        #expect(r.time(of: "turnCancelled") == up + 80)
    }

    @Test("a key turn runs the whole animation from 0")
    func keyTurn() {
        var r = Reader()
        r.key(.next, at: 100)
        #expect(r.machine.phase == .settling)
        #expect(r.machine.progress == 0)
        r.settle()
        #expect(r.time(of: "turnCommitted") == 400)
        #expect(r.machine.page == 1)
    }

    @Test("a second key during a turn lands the first at once and starts the next")
    func secondKey() {
        var r = Reader()
        r.key(.next, at: 0)
        r.key(.next, at: 100)
        #expect(r.commits.map { [$0.from, $0.to] } == [[0, 1]])
        #expect(r.time(of: "turnCommitted") == 100)
        #expect(r.machine.progress == 0)
        r.settle()
        #expect(r.commits.map { [$0.from, $0.to] } == [[0, 1], [1, 2]])
        #expect(r.machine.page == 2)
    }

    @Test("wheel steps move one page each, all in one turn; first and last jump in one turn")
    func wheelAndJumps() {
        var r = Reader(pages: 10, page: 4)
        r.send(.wheel(steps: 3), at: 0)
        #expect(r.events.first?.event == .turnStarted(direction: .next, from: 4, to: 7))
        r.settle()
        #expect(r.machine.page == 7)
        r.send(.wheel(steps: -2), at: r.now)
        r.settle()
        #expect(r.machine.page == 5)
        r.key(.first, at: r.now)
        r.settle()
        #expect(r.machine.page == 0)
        r.key(.last, at: r.now)
        r.settle()
        #expect(r.machine.page == 9)
        #expect(r.commits.map { [$0.from, $0.to] } == [[4, 7], [7, 5], [5, 0], [0, 9]])
        #expect(r.boundaries.isEmpty)
    }

    @Test("keys are ignored while a finger holds the page")
    func keysWhileDragging() {
        var r = Reader()
        r.down(600, 500, at: 0)
        r.slide(from: 600, to: 500, start: 0, speed: 200)
        r.key(.next, at: 600)
        #expect(r.names == ["turnStarted"])
        #expect(r.machine.phase == .dragging)
    }

    @Test("a key during a press: the page turns; a drag then takes it where it is drawn, and the commit rule decides")
    func keyDuringPress() {
        for (to, page) in [(250.0, 1), (650, 0)] {
            var r = Reader()
            r.down(400, 500, at: 0)
            r.key(.next, at: 50)
            #expect(r.machine.phase == .settling)
            r.advance(to: 100)
            let before = r.machine.pose!
            r.move(390, 500, at: 100)                        // out of the slop: 2 px beyond it
            #expect(r.machine.phase == .dragging)
            #expect(abs(r.machine.pose!.pointer.x - (before.pointer.x - 2)) < 1e-9, "taken where it is drawn")
            r.slide(from: 390, to: to, start: 100, speed: 300)
            r.up(at: 2000)
            r.settle()
            #expect(r.machine.page == page)
            #expect(r.machine.invariantViolations() == [])
        }
        // A vertical move does not take it: the page goes on turning.
        var r = Reader()
        r.down(400, 500, at: 0)
        r.key(.next, at: 50)
        r.move(400, 560, at: 100)
        #expect(r.machine.phase == .settling)
        r.up(at: 150)
        r.settle()
        #expect(r.machine.page == 1)
    }

    @Test("without animation (the none model) a turn lands the moment it is released")
    func notAnimated() {
        let config = TurnConfig(curl: .none)
        #expect(!config.animated && CurlModel.allCases.filter { TurnConfig(curl: $0).animated } == [.classic, .cylinder, .slide])
        var r = Reader(config: config)
        let up = r.drag(from: 600, to: 300)
        #expect(r.machine.isAtRest)
        #expect(r.machine.page == 1)
        #expect(r.time(of: "turnCommitted") == up)
        r.key(.next, at: up + 1)
        #expect(r.machine.page == 2)
    }
}

/// "A press during the animation grabs the page where it is drawn and continues the
/// drag from there, with no jump".
@Suite("A press on a settling page")
struct GrabTests {
    /// Releases a half-turned page, then presses on it 40 ms later at (x, 500).
    func grabbed(at x: Double) -> (Reader, before: TurnPose) {
        var r = Reader()
        let up = r.drag(from: 700, to: 300)
        r.advance(to: up + 40)
        let before = r.machine.pose!
        r.down(x, 500, at: up + 40)
        return (r, before)
    }

    @Test("the press stops the page where it is drawn")
    func stops() {
        var (r, before) = grabbed(at: 200)
        #expect(r.machine.phase == .held)
        #expect(r.machine.pose == before)
        r.advance(to: r.now + 500)
        #expect(r.machine.pose == before, "held while the finger rests")
        r.move(205, 503, at: r.now + 10)               // inside the slop
        #expect(r.machine.pose == before)
    }

    /// The turning edge moves exactly as far as the pointer; what is drawn from it moves at most
    /// a small multiple of that (in the tutorial's formula the back page's edge moves up to 3× as
    /// fast as the turning edge; the cylinder's flat back moves about twice as fast as its fold).
    @Test("moving on drags the page from there: the geometry moves with the pointer, no jump",
          arguments: CurlModel.allCases)
    func noJump(model: CurlModel) {
        var (r, before) = grabbed(at: 200)
        let renderer = CurlRenderer(model: model)
        var previousFrame = renderer.frame(page: r.machine.pageSize, pose: before)
        var previousPose = before
        var previousX = 200.0
        var t = r.now
        for x in stride(from: 210.0, through: 600, by: 10) {
            t += 10
            r.move(x, 500, at: t)
            let pose = r.machine.pose!
            let frame = renderer.frame(page: r.machine.pageSize, pose: pose)
            #expect(abs(pose.pointer.x - previousPose.pointer.x) <= abs(x - previousX) + 1e-9)
            #expect(distance(previousFrame, frame) <= abs(x - previousX) * 4 + 1e-9)
            previousFrame = frame
            previousPose = pose
            previousX = x
        }
        #expect(r.machine.phase == .dragging)
    }

    @Test("the grabbed page follows the pointer's own movement exactly, from where it left the slop")
    func followsExactly() {
        var (r, before) = grabbed(at: 200)
        r.move(150, 500, at: r.now + 20)              // 50 px further left: 42 beyond the slop
        #expect(abs(r.machine.progress - (before.progress + 42 / r.width)) < 1e-12)
        r.move(450, 500, at: r.now + 300)             // 300 px back right
        #expect(abs(r.machine.progress - (before.progress - 258 / r.width)) < 1e-12)
    }

    @Test("pulled back and released, the grabbed page cancels; turned on, it commits")
    func decidesAgain() {
        var (back, _) = grabbed(at: 200)
        back.slide(from: 200, to: 780, start: back.now, speed: 300)
        back.up(at: back.now + 50)
        back.settle()
        #expect(back.machine.page == 0)
        #expect(back.names.last == "turnCancelled")

        var on = grabbed(at: 200).0
        on.slide(from: 200, to: 100, start: on.now, speed: 300)
        on.up(at: on.now)
        on.settle()
        #expect(on.machine.page == 1)
        #expect(on.commits.count == 1)
    }

    @Test("let go without moving, the page goes on where it was going")
    func stillRelease() {
        var (r, _) = grabbed(at: 200)
        r.up(at: r.now + 600)                          // no tap: too long
        r.settle()
        #expect(r.machine.page == 1)
        #expect(r.commits.count == 1)
        #expect(!r.names.contains("tap"))
    }

    @Test("a tap on a page turned by a tap lands it and turns the next one")
    func tapTap() {
        var r = Reader()
        r.down(750, 500, at: 0)
        r.up(at: 50)                                   // right quarter: next page
        #expect(r.machine.phase == .settling)
        r.down(750, 500, at: 150)                      // grabs the settling page…
        #expect(r.machine.phase == .held)
        r.up(at: 200)                                  // …but it is a tap: next again
        r.settle()
        #expect(r.machine.page == 2)
        #expect(r.commits.map { [$0.from, $0.to] } == [[0, 1], [1, 2]])
    }

    @Test("no jump when settling starts: the pose at the release is the pose just after it")
    func releaseIsContinuous() {
        var r = Reader()
        r.down(700, 500, at: 0)
        let t = r.slide(from: 700, to: 380, start: 0, speed: 300)
        let before = r.machine.pose!
        r.up(at: t)
        #expect(r.machine.pose == before)
        r.advance(to: t + 1)
        #expect(abs(r.machine.progress - before.progress) < 0.01)
    }
}

/// The largest movement of anything a frame draws, in pixels.
func distance(_ a: TurnFrame, _ b: TurnFrame) -> Double {
    switch (a, b) {
    case (.classic(let x), .classic(let y)):
        return max(abs(x.edgeX - y.edgeX), x.clip.maxEdgeDistance(to: y.clip), x.backPage.maxEdgeDistance(to: y.backPage),
                   x.shadowBand.rect.maxEdgeDistance(to: y.shadowBand.rect),
                   x.marginBand.rect.maxEdgeDistance(to: y.marginBand.rect))
    case (.cylinder(let x), .cylinder(let y)):
        var worst = 0.0
        for i in 0...8 {
            for j in 0...8 {
                let p = Point(x: Double(i) * x.pageSize.width / 8, y: Double(j) * x.pageSize.height / 8)
                let (u, v) = (x.surfacePoint(of: p).position, y.surfacePoint(of: p).position)
                worst = max(worst, abs(u.x - v.x), abs(u.y - v.y), abs(u.z - v.z))
            }
        }
        return worst
    case (.slide(let x), .slide(let y)):
        return max(abs(x.currentOffset - y.currentOffset), abs(x.incomingOffset - y.incomingOffset))
    case (.none, .none):
        return 0
    default:
        return .infinity
    }
}
