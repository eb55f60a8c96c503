import GestureLab
import PageTurner
import FileWriting

/// The words the lab's tables share: costs, their intervals, and whether the best row beats
/// today's beyond the bootstrap's doubt.
enum LabVerdict {
    /// A cost to one decimal, whole when it is (`NumberText`).
    static func number(_ v: Double) -> String { NumberText.format(v, decimals: 1) }

    /// "25–62".
    static func interval(_ r: ClosedRange<Double>) -> String { "\(number(r.lowerBound))–\(number(r.upperBound))" }

    /// The best row's lead over today's, in a sentence: "X costs 30 against 42 for today's Y:
    /// less beyond doubt (95% interval of the difference −19…−4; cost: missed=1,false=3)", or
    /// "…, within doubt (… includes 0 …)", or that today's costs least.
    static func sentence(best: String, _ bestCounts: CostedCounts, today: String, _ todayCounts: CostedCounts?,
                         difference: ClosedRange<Double>?, cost: ErrorCost) -> String {
        let costs = "cost: \(cost.spelling)"
        guard let todayCounts, let difference else { return "today's \(today) costs least (\(costs))" }
        let lead = "\(best) costs \(number(bestCounts.cost)) against \(number(todayCounts.cost)) for today's \(today)"
        let range = "95% interval of the difference \(number(difference.lowerBound))…\(number(difference.upperBound))"
        return difference.upperBound < 0 ? "\(lead): less beyond doubt (\(range); \(costs))"
            : "\(lead), within doubt (\(range) includes 0; \(costs))"
    }

    /// The sources' names as column headings, escaped; none for a single source.
    static func sourceColumns(_ counts: CostedCounts?) -> [String] {
        guard let counts, counts.sources.count > 1 else { return [] }
        return counts.sources.map { PrintableText.escaped($0.name) }
    }
}
