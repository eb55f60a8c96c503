import PageTurner
import GestureScripts

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
    /// Which gesture each cost is: its source's index and its `expect` line, in one number.
    var gestureKeys: [Int]

    /// The counts of `outcomes` (one list per source, named by `names`) under `cost`.
    public init(outcomes: [[GestureOutcome]], names: [String], cost: ErrorCost, bootstrap: Bootstrap) {
        var total = LabSummary(), sources: [Source] = [], costs: [Double] = [], keys: [Int] = []
        for (k, (list, name)) in zip(outcomes, names).enumerated() {
            let summary = LabSummary(list)
            total.add(summary)
            sources.append(Source(name: name, summary: summary, cost: cost.cost(summary)))
            for o in list where o.intent != nil {
                costs.append(cost.cost(o.verdict))
                keys.append(k << 40 | (o.expectLine ?? o.line))
            }
        }
        gestureKeys = keys
        summary = total
        self.cost = cost.cost(total)
        interval = bootstrap.interval(ofSum: costs)
        self.sources = sources
        gestureCosts = costs
    }

    /// The 95% interval of (this − `other`)'s cost over the same gestures (a paired bootstrap,
    /// each gesture matched by its `expect` line, not by its place in the list: settings can
    /// move where gestures start); entirely below 0: this costs less beyond doubt. A gesture
    /// labelled under one and not the other is left out of both.
    public func against(_ other: CostedCounts, bootstrap: Bootstrap) -> ClosedRange<Double> {
        var theirs: [Int: Double] = [:]
        for (key, c) in zip(other.gestureKeys, other.gestureCosts) { theirs[key] = c }
        var a: [Double] = [], b: [Double] = []
        for (key, c) in zip(gestureKeys, gestureCosts) {
            guard let o = theirs[key] else { continue }
            a.append(c)
            b.append(o)
        }
        return bootstrap.interval(ofDifference: a, b)
    }
}
