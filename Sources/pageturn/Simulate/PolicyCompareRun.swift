import Foundation
import GestureLab
import PageTurner

/// `simulate --compare-policies`: every commit rule over the same labelled gestures, one row
/// per rule, the cheapest first; each source's cost beside the total when there are several;
/// whether the best beats today's rule beyond doubt.
struct PolicyCompareRun {
    let lab: LabOptions
    let files: [(path: String, file: LabelledScript)]
    let setups: [ReplaySettings]

    func run() throws {
        let cost = try lab.errorCost
        let sources = zip(files, setups).map { PolicyComparison.Source(name: Self.name(of: $0.0), file: $0.0.file, setup: $0.1) }
        let started = DispatchTime.now().uptimeNanoseconds
        let comparison = PolicyComparison(sources: sources, cost: cost)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        print(Self.table(comparison))
        print(Self.verdict(comparison))
        let replays = Double((comparison.rows.first?.summary.gestures ?? 0) * comparison.rows.count)
        FileHandle.standardError.write(Data(String(format: "pageturn: %d rules × %.0f gestures replayed in %.2f s (%.0f a second)\n",
                                                   comparison.rows.count, replays / Double(max(comparison.rows.count, 1)),
                                                   seconds, replays / max(seconds, 1e-9)).utf8))
        if let json = lab.json {
            let lines = try comparison.rows.map { try JSONDocument.encode(RowJSON(row: $0, comparison: comparison)) }
            try LabReportRun.write(lines.joined(separator: "\n"), to: json)
        }
        if let dir = lab.plot {
            let folder = try LabReportRun.newFolder(named: "policies", in: dir)
            try LabReportRun.write(GesturePlot.policyBars(comparison).text, named: "policies.svg", in: folder)
            FileHandle.standardError.write(Data("pageturn: wrote \(PrintableText.escaped(folder))/policies.svg\n".utf8))
        }
    }

    /// A file's name in the tables: its `#@ source`, or its file name without the extension.
    static func name(of file: (path: String, file: LabelledScript)) -> String {
        if let source = file.file.header.source { return source }
        if file.path == "-" { return "stdin" }
        return ((file.path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// One row per rule: counts, cost, its interval, each source's cost (several sources).
    static func table(_ c: PolicyComparison) -> String {
        let names = c.rows.first.map { $0.sources.count > 1 ? $0.sources.map { PrintableText.escaped($0.name) } : [] } ?? []
        var cells = [["policy", "agreed", "missed", "false", "wrong", "cost", "95% interval"] + names + [""]]
        for row in c.rows {
            let s = row.summary
            var marks: [String] = []
            if row.cost == c.rows[0].cost { marks.append("best") }
            if row.rule == c.today { marks.append("today") }
            cells.append([row.rule.rawValue] + [s.agreed, s.missed, s.falseTurns, s.wrongDirection].map(String.init)
                         + [number(row.cost), "\(number(row.interval.lowerBound))–\(number(row.interval.upperBound))"]
                         + (names.isEmpty ? [] : row.sources.map { number($0.cost) }) + [marks.joined(separator: ", ")])
        }
        return LabReportRun.columns(cells, rightAligned: Set(1..<(7 + names.count)))
    }

    /// Whether the best rule's lead over today's is beyond the bootstrap's doubt, in a sentence.
    static func verdict(_ c: PolicyComparison) -> String {
        let costs = "cost: \(c.cost.spelling)"
        guard let best = c.rows.first else { return "no gestures (\(costs))" }
        guard let difference = c.bestAgainstToday, let mine = c.rows.first(where: { $0.rule == c.today }) else {
            return "today's rule, \(c.today.rawValue), costs least (\(costs))"
        }
        let lead = "\(best.rule.rawValue) costs \(number(best.cost)) against \(number(mine.cost)) for today's \(c.today.rawValue)"
        let interval = "95% interval of the difference \(number(difference.lowerBound))…\(number(difference.upperBound))"
        return c.bestBeatsToday ? "\(lead): less beyond doubt (\(interval); \(costs))"
            : "\(lead), within doubt (\(interval) includes 0; \(costs))"
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v)
    }

    /// A row as a JSON line: `{"agreed":…,"cost":…,"costHigh":…,"costLow":…,"policy":"leaves",
    /// "sources":[{"cost":…,"source":"mine",…}],…}`; the best row has `"best":true`, today's
    /// `"today":true`.
    struct RowJSON: Encodable {
        let row: PolicyComparison.Row
        let comparison: PolicyComparison

        enum Keys: String, CodingKey { case policy, counts, cost, costLow, costHigh, sources, best, today }
        struct SourceJSON: Encodable {
            let source: PolicyComparison.SourceResult
            enum Keys: String, CodingKey { case source, cost }
            func encode(to encoder: any Encoder) throws {
                try source.summary.encode(to: encoder)
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(source.name, forKey: .source)
                try c.encode(source.cost, forKey: .cost)
            }
        }

        func encode(to encoder: any Encoder) throws {
            try row.summary.encode(to: encoder)
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(row.rule.rawValue, forKey: .policy)
            try c.encode(row.cost, forKey: .cost)
            try c.encode(row.interval.lowerBound, forKey: .costLow)
            try c.encode(row.interval.upperBound, forKey: .costHigh)
            try c.encode(row.sources.map(SourceJSON.init), forKey: .sources)
            if row.cost == comparison.rows.first?.cost { try c.encode(true, forKey: .best) }
            if row.rule == comparison.today { try c.encode(true, forKey: .today) }
        }
    }
}
