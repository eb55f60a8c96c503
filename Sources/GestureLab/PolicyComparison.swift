import Dispatch
import PageTurner

/// Every commit rule (`CommitRule`) replayed over the same labelled gestures, ranked by what
/// their errors cost (`ErrorCost`): what `pageturn simulate --compare-policies` prints. The
/// gestures and every other setting stay the same; only the rule changes.
public struct PolicyComparison: Sendable {
    /// One rule's results.
    public struct Row: Sendable {
        public var rule: CommitRule
        public var counts: CostedCounts

        public var summary: LabSummary { counts.summary }
        public var cost: Double { counts.cost }
        public var interval: ClosedRange<Double> { counts.interval }
        public var sources: [CostedCounts.Source] { counts.sources }
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
    public init(sources: [LabSource], rules: [CommitRule] = CommitRule.allCases, cost: ErrorCost,
                bootstrap: Bootstrap = Bootstrap()) {
        // One job a rule: its replays and its interval, on all cores.
        let results = UnsafeMutableBufferPointer<Row>.allocate(capacity: rules.count)
        defer { results.deallocate() }
        nonisolated(unsafe) let out = results
        DispatchQueue.concurrentPerform(iterations: rules.count) { r in
            let outcomes = sources.map { source in
                var setup = source.setup
                setup.settings.turn.policy.rule = rules[r]
                return LabReplay.run(source.file, setup: setup)
            }
            (out.baseAddress! + r).initialize(to: Row(rule: rules[r], counts: CostedCounts(outcomes: outcomes, names: sources.map(\.name),
                                                                                        cost: cost, bootstrap: bootstrap)))
        }
        var rows = Array(results)
        _ = results.baseAddress!.deinitialize(count: rules.count)
        let order = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        rows.sort { ($0.cost, order[$0.rule]!) < ($1.cost, order[$1.rule]!) }
        self.rows = rows
        self.cost = cost
        today = sources.first?.setup.settings.turn.policy.rule ?? .pageturn
        if let best = rows.first, best.rule != today, let mine = rows.first(where: { $0.rule == today }) {
            bestAgainstToday = best.counts.against(mine.counts, bootstrap: bootstrap)
        }
    }
}
