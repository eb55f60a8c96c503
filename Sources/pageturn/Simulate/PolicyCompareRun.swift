import Dispatch
import FileWriting
import FoundationEssentials
import GestureLab
import PageTurner

/// `simulate --compare-policies`: every commit rule over the same labelled gestures, one row
/// per rule, the cheapest first; each source's cost beside the total when there are several;
/// whether the best beats today's rule beyond doubt.
struct PolicyCompareRun {
    let lab: LabOptions
    let sources: [LabSource]

    func run() throws {
        let cost = try lab.errorCost
        let started = DispatchTime.now().uptimeNanoseconds
        let comparison = PolicyComparison(sources: sources, cost: cost)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        lab.say(Self.table(comparison))
        lab.say(Self.verdict(comparison))
        let replays = Double((comparison.rows.first?.summary.gestures ?? 0) * comparison.rows.count)
        StandardError.write(cFormat("pageturn: %ld rules × %.0f gestures replayed in %.2f s (%.0f a second)\n",
                                    comparison.rows.count, replays / Double(max(comparison.rows.count, 1)),
                                    seconds, replays / max(seconds, 1e-9)))
        if let json = lab.json {
            let lines = try comparison.rows.map { try JSONDocument.encode(RowJSON(row: $0, comparison: comparison)) }
            try LabReportRun.write(lines.joined(separator: "\n"), to: json)
        }
        if let dir = lab.plot {
            let folder = try LabReportRun.newFolder(named: "policies", in: dir)
            try LabReportRun.write(GesturePlot.policyBars(comparison).text, named: "policies.svg", in: folder)
            try LabReportRun.finishPlots(folder: folder, caption: "Commit rules compared over "
                                         + sources.map(\.name).joined(separator: ", ") + " (\(cost.spelling))", in: dir)
        }
    }

    /// One row per rule: counts, cost, its interval, each source's cost (several sources).
    static func table(_ c: PolicyComparison) -> String {
        let names = LabVerdict.sourceColumns(c.rows.first?.counts)
        var cells = [["policy", "agreed", "missed", "false", "wrong", "cost", "95% interval"] + names + [""]]
        for row in c.rows {
            let s = row.summary
            var marks: [String] = []
            if row.cost == c.rows[0].cost { marks.append("best") }
            if row.rule == c.today { marks.append("today") }
            cells.append([row.rule.rawValue] + [s.agreed, s.missed, s.falseTurns, s.wrongDirection].map(String.init)
                         + [LabVerdict.number(row.cost), LabVerdict.interval(row.interval)]
                         + (names.isEmpty ? [] : row.sources.map { LabVerdict.number($0.cost) }) + [marks.joined(separator: ", ")])
        }
        return LabReportRun.columns(cells, rightAligned: Set(1..<(7 + names.count)))
    }

    /// Whether the best rule's lead over today's is beyond the bootstrap's doubt, in a sentence.
    static func verdict(_ c: PolicyComparison) -> String {
        guard let best = c.rows.first else { return "no gestures" }
        let mine = c.rows.first { $0.rule == c.today }
        return LabVerdict.sentence(best: best.rule.rawValue, best.counts, today: c.today.rawValue,
                                   best.rule == c.today ? nil : mine?.counts, difference: c.bestAgainstToday, cost: c.cost)
    }

    /// A row as a JSON line: its counts and costs (`CostedCountsJSON`), `"policy"`, and
    /// `"best": true` on the cheapest, `"today": true` on today's rule; the first row, when it
    /// is not today's, says whether it costs less beyond doubt (`"beatsToday"`).
    struct RowJSON: Encodable {
        let row: PolicyComparison.Row
        let comparison: PolicyComparison

        enum Keys: String, CodingKey { case policy, best, today, beatsToday }

        func encode(to encoder: any Encoder) throws {
            try CostedCountsJSON(counts: row.counts).encode(to: encoder)
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(row.rule.rawValue, forKey: .policy)
            if row.cost == comparison.rows.first?.cost { try c.encode(true, forKey: .best) }
            if row.rule == comparison.today { try c.encode(true, forKey: .today) }
            // The best row, when it is not today's: whether it beats today's beyond doubt.
            if row.rule == comparison.rows.first?.rule, comparison.bestAgainstToday != nil {
                try c.encode(comparison.bestBeatsToday, forKey: .beatsToday)
            }
        }
    }
}
