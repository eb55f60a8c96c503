import Dispatch
import PageTurner

/// Every commit rule (`CommitRule`) replayed over the same labelled gestures, ranked by what
/// their errors cost (`ErrorCost`): what `pageturn simulate --compare-policies` prints. The
/// gestures and every other setting stay the same; only the rule changes.
public struct PolicyComparison: Sendable {
    /// One source of gestures: a file, by its `#@ source` name or its file name.
    public struct Source: Sendable {
        public var name: String
        public var file: LabelledScript
        public var setup: ReplaySettings

        public init(name: String, file: LabelledScript, setup: ReplaySettings) {
            self.name = name
            self.file = file
            self.setup = setup
        }
    }

    /// One source's counts under one rule.
    public struct SourceResult: Sendable, Equatable {
        public var name: String
        public var summary: LabSummary
        public var cost: Double
    }

    /// One rule's results: the counts, their cost with its 95% bootstrap interval, and each
    /// source's.
    public struct Row: Sendable {
        public var rule: CommitRule
        public var summary: LabSummary
        public var cost: Double
        public var interval: ClosedRange<Double>
        public var sources: [SourceResult]
        /// Each gesture's cost, all sources in order: what paired comparisons draw from.
        public var gestureCosts: [Double]
    }

    /// The rows, the cheapest first (a tie keeps `CommitRule`'s order).
    public var rows: [Row]
    /// The rule today's settings use (the first source's).
    public var today: CommitRule
    public var cost: ErrorCost
    /// The best row against today's: the 95% interval of (best − today)'s cost over the same
    /// gestures; nil when today's rule is the best.
    public var bestAgainstToday: ClosedRange<Double>?

    /// Whether the best rule costs less than today's beyond doubt: its whole interval of the
    /// difference lies below 0.
    public var bestBeatsToday: Bool { (bestAgainstToday?.upperBound ?? 0) < 0 }

    /// Replays `sources` under each of `rules` (on all cores) and ranks them.
    public init(sources: [Source], rules: [CommitRule] = CommitRule.allCases, cost: ErrorCost,
                bootstrap: Bootstrap = Bootstrap()) {
        let jobs = rules.count * sources.count
        let results = UnsafeMutableBufferPointer<[GestureOutcome]>.allocate(capacity: jobs)
        results.initialize(repeating: [])
        defer { results.deallocate() }
        nonisolated(unsafe) let out = results
        DispatchQueue.concurrentPerform(iterations: jobs) { k in
            let rule = rules[k / sources.count], source = sources[k % sources.count]
            var setup = source.setup
            setup.settings.turn.policy.rule = rule
            out[k] = LabReplay.run(source.file, setup: setup)
        }
        var rows: [Row] = []
        for (r, rule) in rules.enumerated() {
            var total = LabSummary(), perSource: [SourceResult] = [], costs: [Double] = []
            for (s, source) in sources.enumerated() {
                let outcomes = results[r * sources.count + s]
                let summary = LabSummary(outcomes)
                total.add(summary)
                perSource.append(SourceResult(name: source.name, summary: summary, cost: cost.cost(summary)))
                costs += outcomes.filter { $0.intent != nil }.map { cost.cost($0.verdict) }
            }
            rows.append(Row(rule: rule, summary: total, cost: cost.cost(total), interval: bootstrap.interval(ofSum: costs),
                            sources: perSource, gestureCosts: costs))
        }
        _ = results.baseAddress!.deinitialize(count: jobs)
        let order = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        rows.sort { ($0.cost, order[$0.rule]!) < ($1.cost, order[$1.rule]!) }
        self.rows = rows
        self.cost = cost
        today = sources.first?.setup.settings.turn.policy.rule ?? .pageturn
        if let best = rows.first, best.rule != today, let mine = rows.first(where: { $0.rule == today }) {
            bestAgainstToday = bootstrap.interval(ofDifference: best.gestureCosts, mine.gestureCosts)
        }
    }
}
