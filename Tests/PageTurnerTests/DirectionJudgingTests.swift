import Testing
@testable import PageTurner

/// Direction judged on travel: a drag that leaves the slop steeply is judged
/// again on its whole displacement from the press once it has travelled `directionDistance`
/// (24 px); and every gesture that turns nothing says why, with its numbers.
@Suite("A drag's direction is judged on its travel, and a drag that does nothing says why")
struct DirectionJudgingTests {
    @Test("a drag whose first move wobbles 4 px left and 10 px down, then goes 300 px left, turns")
    func wobblyStartTurns() {
        var r = Reader()
        r.down(600, 500, at: 0)
        r.move(596, 510, at: 16)            // 10.8 px at 68°: out of the slop, steeper than 60°
        #expect(r.events.isEmpty)
        #expect(r.machine.phase == .pressed, "still being judged")
        r.slide(from: 596, to: 296, y: 510, start: 16, speed: 1000)
        r.up(at: 400)
        r.settle()
        #expect(r.names.first == "turnStarted")
        #expect(r.commits.map(\.to) == [1])
    }

    @Test("the page starts from where the direction was judged: it does not jump by the wobble")
    func noJumpWhenJudged() {
        var r = Reader()
        r.down(600, 500, at: 0)
        r.move(596, 510, at: 16)
        r.move(570, 512, at: 32)            // 31 px from the press at 19°: a drag now
        let drawn = (r.machine.pose?.progress ?? 0) * r.width
        // Drawn from where the pointer crossed the 24 px circle (x ≈ 578), not from the press
        // (30 px): only the ≈ 8 px it moved since.
        #expect(drawn > 4 && drawn < 12, "drawn \(drawn) px")
    }

    @Test("a plainly vertical drag does nothing, and says so with its angle", arguments: [0.0, 5, 12])
    func verticalDragIsIgnored(sideways: Double) {
        var r = Reader()
        r.down(400, 300, at: 0)
        for k in 1...30 { r.move(400 + sideways * Double(k) / 30, 300 + 10 * Double(k), at: 10 * Double(k)) }
        r.up(at: 400)
        r.settle()
        #expect(r.events.isEmpty)
        guard case .steep(let degrees, let travel, let limit)? = r.machine.lastIgnored?.reason else {
            Issue.record("no reason: \(String(describing: r.machine.lastIgnored))")
            return
        }
        #expect(degrees > 85 && degrees <= 90)
        #expect(travel >= 24 && travel < 40)
        #expect(limit == 60)
        #expect(r.machine.lastIgnored?.summary.hasPrefix("vertical: ") == true)
    }

    @Test("a steep start let go before it travelled 24 px does nothing and says it was not judged yet")
    func letGoUndecided() {
        var r = Reader()
        r.down(400, 500, at: 0)
        r.move(397, 512, at: 16)
        r.up(at: 60)
        #expect(r.events.isEmpty)
        #expect(r.machine.lastIgnored?.summary == "let go at 12 px, before the direction is judged at 24 px")
    }

    @Test("a press held past the tap time says so")
    func slowPressSaysWhy() {
        var r = Reader()
        r.down(400, 500, at: 0)
        r.up(at: 420)
        #expect(r.events.isEmpty)
        #expect(r.machine.lastIgnored?.summary == "held 420 ms, longer than a tap (250 ms)")
    }

    @Test("a direction distance no greater than the slop judges at the slop, as before")
    func judgedAtTheSlop() {
        var config = TurnConfig()
        config.directionDistance = 0
        var r = Reader(config: config)
        r.down(600, 500, at: 0)
        r.move(596, 510, at: 16)
        r.slide(from: 596, to: 296, y: 510, start: 16, speed: 1000)
        r.up(at: 400)
        r.settle()
        #expect(r.commits.isEmpty)
        #expect(r.machine.lastIgnored?.summary == "vertical: 68° over 11 px (limit 60°)")
    }

    @Test("the reasons' angle is the arctangent, to the degree and beyond")
    func angles() {
        #expect(atan2Degrees(0, 5) == 0)
        #expect(atan2Degrees(5, 0) == 90)
        #expect(abs(atan2Degrees(1, 1) - 45) < 1e-12)
        #expect(abs(atan2Degrees(3.0.squareRoot(), 1) - 60) < 1e-12)
        #expect(abs(atan2Degrees(10, 4) - 68.198_590_513_648_19) < 1e-9)
        #expect(atan2Degrees(0, 0) == 0)
    }
}
