import PageTurner

/// One source of labelled gestures for the lab: a file, named by its `#@ source` line or its
/// file name, and the set-up it is replayed under.
public struct LabSource: Sendable {
    public var name: String
    public var file: LabelledScript
    public var setup: ReplaySettings

    public init(name: String, file: LabelledScript, setup: ReplaySettings) {
        self.name = name
        self.file = file
        self.setup = setup
    }
}

/// Labelled gestures' counts under one set-up (a commit rule, a sweep's combination), what
/// their errors cost with a 95% bootstrap interval, and each source's counts and cost apart,
/// so a person's own recordings are never lost among synthetic ones.
public struct CostedCounts: Sendable {
    /// One source's counts and their cost.
    public struct Source: Sendable, Equatable {
        public var name: String
        public var summary: LabSummary
        public var cost: Double
    }

    public var summary: LabSummary
    public var cost: Double
    /// The 95% interval of `cost` over other gestures like these (`Bootstrap`).
    public var interval: ClosedRange<Double>
    /// Each source's, in the order given.
    public var sources: [Source]
    /// Each labelled gesture's cost, the sources one after another: what intervals and paired
    /// comparisons draw from.
    public var gestureCosts: [Double]

    /// The counts of `outcomes` (one list per source, named by `names`) under `cost`.
    public init(outcomes: [[GestureOutcome]], names: [String], cost: ErrorCost, bootstrap: Bootstrap) {
        var total = LabSummary(), sources: [Source] = [], costs: [Double] = []
        for (list, name) in zip(outcomes, names) {
            let summary = LabSummary(list)
            total.add(summary)
            sources.append(Source(name: name, summary: summary, cost: cost.cost(summary)))
            for o in list where o.intent != nil { costs.append(cost.cost(o.verdict)) }
        }
        summary = total
        self.cost = cost.cost(total)
        interval = bootstrap.interval(ofSum: costs)
        self.sources = sources
        gestureCosts = costs
    }

    /// The 95% interval of (this − `other`)'s cost over the same gestures (a paired bootstrap);
    /// entirely below 0: this costs less beyond doubt.
    public func against(_ other: CostedCounts, bootstrap: Bootstrap) -> ClosedRange<Double> {
        bootstrap.interval(ofDifference: gestureCosts, other.gestureCosts)
    }
}
