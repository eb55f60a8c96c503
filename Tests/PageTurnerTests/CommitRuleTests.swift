import Testing
@testable import PageTurner

/// Each peer's commit rule, at the edges of its own numbers: a release just short of what the
/// source asks springs back, one just past it turns.
@Suite("Commit rules")
struct CommitRuleTests {
    /// A release on an 800 px portrait page: forward unless told, slow, 300 ms after the press.
    static func facts(_ direction: TurnDirection = .next, travel: Double = 300, velocity: Double = 0, reach: Double = 0.4,
                      duration: Double = 300, drift: Double = 0, spread: Bool = false) -> ReleaseFacts {
        ReleaseFacts(direction: direction, travel: travel, velocity: velocity, reach: reach, duration: duration, drift: drift,
                     width: 800, landscape: false, spread: spread)
    }

    static func commits(_ rule: CommitRule, _ f: ReleaseFacts, adjust: (inout TurnPolicy) -> Void = { _ in }) -> Bool {
        var policy = TurnPolicy(rule: rule)
        adjust(&policy)
        return policy.decide(f, commitFraction: 0.2, flingVelocity: 600).commit
    }

    @Test("pageturn: a fifth of the width, or a fling either way")
    func pageturn() {
        #expect(Self.commits(.pageturn, Self.facts(travel: 161)))
        #expect(!Self.commits(.pageturn, Self.facts(travel: 159)))
        #expect(Self.commits(.pageturn, Self.facts(travel: 20, velocity: 700)))
        #expect(!Self.commits(.pageturn, Self.facts(travel: 400, velocity: -700)))
    }

    @Test("Leaves and harism: let go past the middle; Leaves wants 10 px of movement forward; harism the spine on a spread")
    func middleOfThePage() {
        for rule in [CommitRule.leaves, .harism] {
            #expect(Self.commits(rule, Self.facts(reach: 0.51)))
            #expect(!Self.commits(rule, Self.facts(reach: 0.49)))
            #expect(Self.commits(rule, Self.facts(.previous, reach: 0.51)))
            #expect(!Self.commits(rule, Self.facts(velocity: 5000, reach: 0.3)), "\(rule) never looks at the speed")
        }
        #expect(!Self.commits(.leaves, Self.facts(travel: 9, reach: 0.6)), "a press past the middle that hardly moved")
        #expect(!Self.commits(.harism, Self.facts(reach: 0.9, spread: true)))
        #expect(Self.commits(.harism, Self.facts(reach: 1.01, spread: true)))
    }

    @Test("eschao: forward past 0.4 of the width, backward past 0.5")
    func eschao() {
        #expect(Self.commits(.eschao, Self.facts(reach: 0.41)))
        #expect(!Self.commits(.eschao, Self.facts(reach: 0.39)))
        #expect(!Self.commits(.eschao, Self.facts(.previous, reach: 0.45)))
        #expect(Self.commits(.eschao, Self.facts(.previous, reach: 0.51)))
    }

    @Test("StPageFlip: a quick straight swipe, or the corner past the spine; backward on a single page always")
    func stpageflip() {
        #expect(Self.commits(.stpageflip, Self.facts(travel: 40, reach: 0.1, duration: 200, drift: 10)))
        #expect(!Self.commits(.stpageflip, Self.facts(travel: 40, reach: 0.1, duration: 260, drift: 10)), "too slow")
        #expect(!Self.commits(.stpageflip, Self.facts(travel: 40, reach: 0.1, duration: 200, drift: 70)), "drifted")
        #expect(!Self.commits(.stpageflip, Self.facts(travel: 25, reach: 0.1, duration: 100)), "too short")
        #expect(!Self.commits(.stpageflip, Self.facts(reach: 0.9)))
        #expect(Self.commits(.stpageflip, Self.facts(reach: 1)))
        #expect(Self.commits(.stpageflip, Self.facts(.previous, travel: 50, reach: 0.1)))
        #expect(!Self.commits(.stpageflip, Self.facts(.previous, travel: 50, reach: 0.1, spread: true)))
    }

    @Test("FBReader: a third of a portrait width, a quarter of a landscape one, at most half an inch")
    func fbreader() {
        #expect(Self.commits(.fbreader, Self.facts(travel: 81)), "160 dpi: half an inch is 80 px")
        #expect(!Self.commits(.fbreader, Self.facts(travel: 79)))
        var wide = Self.facts(travel: 210)
        wide.landscape = true
        #expect(Self.commits(.fbreader, wide) { $0.fbreaderDPI = 1000 }, "a quarter of 800 is 200")
        #expect(!Self.commits(.fbreader, Self.facts(travel: 210)) { $0.fbreaderDPI = 1000 }, "a third is 267")
    }

    @Test("turn.js: within 200 ms of the press, or past the middle (the spine of a spread)")
    func turnjs() {
        #expect(Self.commits(.turnjs, Self.facts(reach: 0.1, duration: 150)))
        #expect(!Self.commits(.turnjs, Self.facts(reach: 0.4, duration: 250)))
        #expect(Self.commits(.turnjs, Self.facts(reach: 0.6, duration: 250)))
        #expect(!Self.commits(.turnjs, Self.facts(reach: 0.6, duration: 250, spread: true)))
    }

    @Test("Readest: the page's place plus 240 ms of the release velocity past the middle")
    func readest() {
        // 240 px of 800 is 0.3; 0.2 more needs 160 px in 240 ms: 667 px/s.
        #expect(Self.commits(.readest, Self.facts(travel: 240, velocity: 700)))
        #expect(!Self.commits(.readest, Self.facts(travel: 240, velocity: 600)))
        #expect(!Self.commits(.readest, Self.facts(travel: 500, velocity: -900)), "flung back")
    }

    @Test("Android's spline decay glides as far as the framework's formula says")
    func splineDecay() {
        // Figures computed from the framework's constants (FlingCalculator.kt).
        #expect(abs(SplineDecay(friction: 0.015, density: 1).distance(velocity: 1000) - 194) < 1)
        #expect(abs(SplineDecay(friction: 0.015, density: 3).distance(velocity: 1000) - 86) < 1)
        #expect(abs(SplineDecay(friction: 0.015, density: 3).distance(velocity: -3000) + 583) < 1)
        #expect(SplineDecay(friction: 0.015, density: 1).distance(velocity: 0) == 0)
    }

    @Test("Compose pagecurl: the release point carried by the fling's glide, past the middle")
    func compose() {
        // Let go at 0.3; a 1000 px/s fling glides 194 px, 0.24 of 800: 0.54 turns.
        #expect(Self.commits(.compose, Self.facts(velocity: 1000, reach: 0.3)))
        #expect(!Self.commits(.compose, Self.facts(velocity: 500, reach: 0.3)))
        #expect(!Self.commits(.compose, Self.facts(velocity: -1000, reach: 0.7)))
    }

    @Test("the machine judges a release by the rule it is given, and says so in the rule's words")
    func inTheMachine() throws {
        var config = TurnConfig()
        config.policy.rule = .leaves
        var r = Reader(config: config)
        r.drag(from: 760, to: 440, speed: 300)       // let go at 0.45 of the width: short of the middle
        r.settle()
        #expect(r.machine.page == 0)
        let short = try #require(r.machine.lastRelease)
        #expect(short.summary == "leaves: let go at 0.45 of the width < 0.5")
        r.drag(from: 760, to: 360, start: 5000, speed: 300)
        r.settle()
        #expect(r.machine.page == 1, "past the middle")
        // The same first drag commits under today's rule: it travelled 320 px, more than 160.
        var today = Reader()
        today.drag(from: 760, to: 440, speed: 300)
        today.settle()
        #expect(today.machine.page == 1)
    }

    @Test("the HUD's gauge says what the rule would decide were the pointer let go now, and the release does that",
          arguments: CommitRule.allCases)
    func gaugeForetellsTheRelease(rule: CommitRule) {
        for (to, speed) in [(440.0, 300.0), (300, 300), (700, 2000), (560, 150)] {
            var config = TurnConfig()
            config.policy.rule = rule
            var r = Reader(config: config)
            r.down(760, 500, at: 0)
            let end = r.slide(from: 760, to: to, start: 0, speed: speed)
            let foretold = r.machine.dragGauge?.ifLetGo
            r.up(at: end)
            #expect(foretold?.commit == r.machine.lastRelease?.commit, "\(rule) to \(to) at \(speed) px/s")
            #expect(foretold?.explanation == r.machine.lastRelease?.summary)
        }
    }
}
