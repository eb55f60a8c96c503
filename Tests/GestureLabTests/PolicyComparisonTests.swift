import GestureLab
import PageTurner
import Testing
import GestureScripts

/// Comparing commit rules: errors weighed as a reader feels them, an interval that says how
/// sure a cost is, each source apart.
@Suite struct PolicyComparisonTests {
    @Test("--cost reads its pairs and refuses anything else in one line", arguments: [
        ("missed=1,false=3", ErrorCost(missed: 1, falseTurn: 3)),
        ("false=5", ErrorCost(missed: 1, falseTurn: 5)),
        ("missed=2, false=2,wrong=10", ErrorCost(missed: 2, falseTurn: 2, wrong: 10)),
    ])
    func costsParse(text: String, cost: ErrorCost) throws {
        #expect(try ErrorCost(parsing: text) == cost)
    }

    @Test(arguments: [("missed=-1", "must be a number from 0 to 1000000"), ("false=1e308", "must be a number from 0 to 1000000"), ("lost=2", "knows missed, false and wrong"),
                      ("missed", "KEY=N pairs"), ("false=nan", "must be a number")])
    func badCosts(text: String, message: String) {
        #expect(throws: CostError.self) { try ErrorCost(parsing: text) }
        do { _ = try ErrorCost(parsing: text) } catch { #expect(error.description.contains(message), "\(error)") }
    }

    @Test("a false turn costs three missed ones by default; a wrong one as a false one unless told")
    func weights() {
        var s = LabSummary()
        s.missed = 4; s.falseTurns = 2; s.wrongDirection = 1
        #expect(ErrorCost().cost(s) == 4 + 6 + 3)
        #expect(ErrorCost(missed: 1, falseTurn: 3, wrong: 0).cost(s) == 10)
        #expect(ErrorCost().cost(.agreed) == 0 && ErrorCost().cost(.unlabelled) == 0)
    }

    @Test("the bootstrap's interval holds the total, and is the same every run")
    func bootstrapInterval() {
        let costs = (0..<300).map { Double($0 % 7 == 0 ? 3 : ($0 % 5 == 0 ? 1 : 0)) }
        let total = costs.reduce(0, +)
        let interval = Bootstrap().interval(ofSum: costs)
        #expect(interval.contains(total))
        #expect(interval.lowerBound < total && interval.upperBound > total, "gestures vary: the interval has width")
        #expect(Bootstrap().interval(ofSum: costs) == interval)
        #expect(Bootstrap().interval(ofSum: [Double](repeating: 2, count: 50)) == 100...100, "no variation, no doubt")
    }

    @Test("paired: a rule that is never worse and often better beats the other beyond doubt; equal rules do not")
    func bootstrapDifference() {
        let a = (0..<200).map { Double($0 % 4 == 0 ? 1 : 0) }
        let b = (0..<200).map { Double($0 % 2 == 0 ? 1 : 0) }
        #expect(Bootstrap().interval(ofDifference: a, b).upperBound < 0)
        #expect(Bootstrap().interval(ofDifference: b, b) == 0...0)
        let c = (0..<200).map { Double($0 % 4 == 1 ? 1 : 0) }
        let d = Bootstrap().interval(ofDifference: a, c)
        #expect(d.contains(0), "as many errors, on other gestures: no winner")
    }

    /// Two sources: the same gestures under two names, one of them made under a stricter rule.
    static func sources() throws -> [LabSource] {
        let script = GestureSynthesizer(seed: 5, count: 120).script()
        let file = try LabelledScript.parse(script)
        let setup = ReplaySettings().applying(file.header)
        return [.init(name: "synth", file: file, setup: setup), .init(name: "again", file: file, setup: setup)]
    }

    @Test("every rule once, the cheapest first; each source's counts add up to the total; today's rule is pageturn")
    func comparison() throws {
        let c = PolicyComparison(sources: try Self.sources(), cost: ErrorCost())
        #expect(c.rows.map(\.rule).sorted { $0.rawValue < $1.rawValue } == CommitRule.allCases.sorted { $0.rawValue < $1.rawValue })
        #expect(c.rows.map(\.cost) == c.rows.map(\.cost).sorted())
        #expect(c.today == .pageturn)
        for row in c.rows {
            var sum = LabSummary()
            for s in row.sources { sum.add(s.summary) }
            #expect(sum == row.summary)
            #expect(row.sources.map(\.name) == ["synth", "again"])
            #expect(row.sources[0].summary == row.sources[1].summary, "the same gestures fare the same")
            #expect(row.interval.contains(row.cost))
            #expect(row.cost == ErrorCost().cost(row.summary))
        }
        if c.rows[0].rule == .pageturn { #expect(c.bestAgainstToday == nil) } else { #expect(c.bestAgainstToday != nil) }
    }

    @Test("a rule's row is what a replay under that rule says")
    func rowsAreReplays() throws {
        let sources = try Self.sources()
        let c = PolicyComparison(sources: [sources[0]], rules: [.leaves, .fbreader], cost: ErrorCost())
        for row in c.rows {
            var setup = sources[0].setup
            setup.settings.turn.policy.rule = row.rule
            #expect(row.summary == LabSummary(LabReplay.run(sources[0].file, setup: setup)))
        }
        #expect(c.rows[0].summary != c.rows[1].summary, "the rules decide differently on these gestures")
    }

    @Test("weighing false turns more can change which rule is best")
    func costsRank() throws {
        let sources = try Self.sources()
        let byMissed = PolicyComparison(sources: sources, cost: ErrorCost(missed: 1, falseTurn: 0))
        let byFalse = PolicyComparison(sources: sources, cost: ErrorCost(missed: 0, falseTurn: 1))
        #expect(byMissed.rows.map(\.rule) != byFalse.rows.map(\.rule))
        #expect(byFalse.rows[0].summary.falseTurns + byFalse.rows[0].summary.wrongDirection
                == byFalse.rows.map { $0.summary.falseTurns + $0.summary.wrongDirection }.min())
    }
}
