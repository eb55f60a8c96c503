import Dispatch
import FileWriting
import FoundationEssentials
@preconcurrency import Glibc
import Synchronization
import GestureLab
import PageTurner
import GestureScripts

/// `simulate --sweep`: every combination of the swept settings replayed over every file, on
/// all cores; one row per combination with its cost and interval, each file's cost beside
/// the total, the best and today's marked, and whether the best beats today's beyond doubt.
struct SweepRun {
    let lab: LabOptions
    let sources: [LabSource]

    func run() throws {
        let sweep: Sweep
        do { sweep = try Sweep(axes: try lab.axes, base: sources[0].setup, cost: try lab.errorCost) } catch let e as SweepError {
            throw UserError("\(e)")
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let progress = SweepProgress(sweep: sweep, runs: sources)
        let rows = sweep.rows(runs: sources, rowDone: progress.rowDone)
        progress.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let today = Self.today(sweep, setups: sources.map(\.setup))
        lab.say(Self.table(sweep, rows: rows, today: today))
        let lead = Self.lead(sweep, rows: rows, today: today)
        lab.say(Self.verdict(sweep, rows: rows, today: today, lead: lead))
        let gestures = rows.first?.summary.gestures ?? 0
        let replays = Double(gestures * rows.count)
        StandardError.write(cFormat("pageturn: %ld combinations × %ld gestures = %.0f replays in %.2f s (%.0f a second)\n",
                                    rows.count, gestures, replays, seconds, replays / max(seconds, 1e-9)))
        if let json = lab.json { try LabReportRun.write(try Self.json(sweep, rows: rows, lead: lead), to: json) }
        if let dir = lab.plot {
            let plot: SVGDocument
            switch sweep.axes.count {
            case 1: plot = GesturePlot.lineChart(sweep, rows: rows, today: today)
            case 2: plot = GesturePlot.heatMap(sweep, rows: rows, today: today)
            default:
                note("no plot: a sweep over three keys has no picture (sweep one key for a line chart, two for a heat map)")
                return
            }
            let folder = try LabReportRun.newFolder(named: "sweep-" + sweep.axes.map(\.setting.name).joined(separator: "-"), in: dir)
            try LabReportRun.write(plot.text, named: "sweep.svg", in: folder)
            let keys = sweep.axes.map { "\($0.setting.name) \(TurnSettings.formatted($0.values.first!))…\(TurnSettings.formatted($0.values.last!))" }
            try LabReportRun.finishPlots(folder: folder, caption: "Sweep of " + keys.joined(separator: " and ") + " over "
                                         + sources.map(\.name).joined(separator: ", ") + ", ranked by cost (\(sweep.cost.spelling))",
                                         in: dir)
        }
    }

    /// Today's settings: each swept key's value before the sweep (each file's header, then
    /// --config and --set over it), when every file agrees; nil, with a note, when they do not.
    static func today(_ sweep: Sweep, setups: [ReplaySettings]) -> [Double]? {
        let values = setups.map { setup in sweep.axes.map { setup.settings.value(of: $0.setting.name)! } }
        if let first = values.first, values.allSatisfy({ $0 == first }) { return first }
        let keys = sweep.axes.map(\.setting.name).joined(separator: ", ")
        note("the files were made under different values of \(keys): no row is today's (--set one value for all)")
        return nil
    }

    private static func note(_ text: String) {
        StandardError.write("pageturn: \(text)\n")
    }

    private func note(_ text: String) { Self.note(text) }

    static func isToday(_ row: SweepRow, _ today: [Double]?) -> Bool {
        guard let today else { return false }
        return zip(row.values, today).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    /// The rows in columns: the settings, then gestures, missed, false, wrong (and, when any
    /// row confused selecting with turning, how many selections turned a page and how many
    /// turns selected), cost and its interval, each file's cost (several files); "best" by the
    /// cheapest rows, "today" by the row of the settings before the sweep.
    static func table(_ sweep: Sweep, rows: [SweepRow], today: [Double]?) -> String {
        let cheapest = rows.map(\.cost).min() ?? 0
        let names = LabVerdict.sourceColumns(rows.first?.counts)
        let confused = rows.contains { $0.summary.turnedInsteadOfSelecting + $0.summary.selectedInsteadOfTurning > 0 }
        let confusion = confused ? ["select→turn", "turn→select"] : []
        var cells = [sweep.axes.map(\.setting.name) + ["gestures", "missed", "false", "wrong"] + confusion + ["cost", "95% interval"]
                     + names + [""]]
        for row in rows {
            let s = row.summary
            var marks: [String] = []
            if row.cost == cheapest { marks.append("best") }
            if isToday(row, today) { marks.append("today") }
            cells.append(row.values.map(TurnSettings.formatted)
                         + [s.gestures, s.missed, s.falseTurns, s.wrongDirection].map(String.init)
                         + (confused ? [s.turnedInsteadOfSelecting, s.selectedInsteadOfTurning].map(String.init) : [])
                         + [LabVerdict.number(row.cost), LabVerdict.interval(row.counts.interval)]
                         + (names.isEmpty ? [] : row.counts.sources.map { LabVerdict.number($0.cost) })
                         + [marks.joined(separator: ", ")])
        }
        let n = sweep.axes.count
        return LabReportRun.columns(cells, rightAligned: Set(0..<(n + 6 + confusion.count + names.count)))
    }

    /// The cheapest combination, today's, and the 95% interval of their difference in cost
    /// (nil when no row is today's or today's is among the cheapest).
    struct Lead {
        var best: Int
        var today: Int?
        var difference: ClosedRange<Double>?
    }

    static func lead(_ sweep: Sweep, rows: [SweepRow], today: [Double]?) -> Lead? {
        guard let best = rows.indices.min(by: { rows[$0].cost < rows[$1].cost }) else { return nil }
        let mine = rows.firstIndex { isToday($0, today) }
        guard let mine, rows[mine].cost != rows[best].cost else { return Lead(best: best, today: mine) }
        return Lead(best: best, today: mine, difference: rows[best].counts.against(rows[mine].counts, bootstrap: Bootstrap()))
    }

    /// Whether the cheapest combination beats today's beyond the bootstrap's doubt.
    static func verdict(_ sweep: Sweep, rows: [SweepRow], today: [Double]?, lead: Lead?) -> String {
        guard let lead else { return "no combinations" }
        let best = rows[lead.best]
        func named(_ row: SweepRow) -> String {
            zip(sweep.axes, row.values).map { "\($0.setting.name)=\(TurnSettings.formatted($1))" }.joined(separator: ", ")
        }
        guard let t = lead.today else {
            return "best: \(named(best)), cost \(LabVerdict.number(best.cost)) (\(LabVerdict.interval(best.counts.interval))); "
                + "no row is today's (cost: \(sweep.cost.spelling))"
        }
        return LabVerdict.sentence(best: named(best), best.counts, today: named(rows[t]), lead.difference == nil ? nil : rows[t].counts,
                                   difference: lead.difference, cost: sweep.cost)
    }

    /// `[{"commitFraction":0.2,"cost":47,"costHigh":60,"costLow":35,"errors":32,"false":5,…,"sources":[…]}, …]`:
    /// each row's swept settings, its counts and cost, and each source's.
    /// The cheapest row, when today's is another, says whether it beats it beyond doubt
    /// (`"beatsToday"`).
    static func json(_ sweep: Sweep, rows: [SweepRow], lead: Lead?) throws -> String {
        try JSONDocument.encode(rows.enumerated().map { k, row in
            RowJSON(names: sweep.axes.map(\.setting.name), row: row,
                    beatsToday: k == lead?.best ? lead?.difference.map { $0.upperBound < 0 } : nil)
        })
    }

    /// A sweep row as a JSON object: the swept settings by name, then the counts and costs.
    struct RowJSON: Encodable {
        let names: [String]
        let row: SweepRow
        let beatsToday: Bool?

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            try CostedCountsJSON(counts: row.counts).encode(to: encoder)
            var c = encoder.container(keyedBy: Key.self)
            for (name, value) in zip(names, row.values) { try c.encode(value, forKey: Key(stringValue: name)) }
            if let beatsToday { try c.encode(beatsToday, forKey: Key(stringValue: "beatsToday")) }
        }
    }
}

/// Costed counts as JSON: the counts (`LabSummary`'s keys), `cost`, `costLow` and `costHigh`
/// (its 95% interval), and `sources`, each source's counts with its `source` name and `cost`.
struct CostedCountsJSON: Encodable {
    let counts: CostedCounts

    enum Keys: String, CodingKey { case cost, costLow, costHigh, sources }
    struct SourceJSON: Encodable {
        let source: CostedCounts.Source
        enum Keys: String, CodingKey { case source, cost }
        func encode(to encoder: any Encoder) throws {
            try source.summary.encode(to: encoder)
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(source.name, forKey: .source)
            try c.encode(source.cost, forKey: .cost)
        }
    }

    func encode(to encoder: any Encoder) throws {
        try counts.summary.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(counts.cost, forKey: .cost)
        try c.encode(counts.interval.lowerBound, forKey: .costLow)
        try c.encode(counts.interval.upperBound, forKey: .costHigh)
        try c.encode(counts.sources.map(SourceJSON.init), forKey: .sources)
    }
}

/// What a long sweep says while it runs: before it starts, how many replays it will make and
/// about how long they will take (from timing its first combination, shared among the
/// cores), when that is more than a couple of seconds; then, on a terminal, how far it has
/// got, on one line rewritten at most twice a second.
final class SweepProgress: Sendable {
    private let total: Int
    private let done = Atomic(0)
    private let lastShown = Atomic(UInt64(0))
    private let shows: Bool

    init(sweep: Sweep, runs: [LabSource]) {
        total = sweep.count
        let started = DispatchTime.now().uptimeNanoseconds
        let gestures = sweep.row(0, runs: runs).summary.gestures
        let one = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let estimate = one * Double(total) / Double(max(ProcessInfo.processInfo.activeProcessorCount, 1))
        shows = estimate >= 2
        if shows {
            Self.say("pageturn: \(total) combinations × \(gestures) gestures = \(total * gestures) replays; about "
                     + "\(Self.duration(estimate))\n")
        }
    }

    /// Counts a row; on a terminal, rewrites the progress line when half a second has passed.
    @Sendable func rowDone() {
        let n = done.add(1, ordering: .relaxed).newValue
        guard shows, isatty(2) != 0 else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let last = lastShown.load(ordering: .relaxed)
        guard now - last > 500_000_000, lastShown.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged else {
            return
        }
        Self.say(cFormat("\rpageturn: sweep %ld%% (%ld of %ld combinations)", n * 100 / max(total, 1), n, total))
    }

    /// Ends the progress line.
    func finish() {
        if shows, isatty(2) != 0, lastShown.load(ordering: .relaxed) != 0 { Self.say("\n") }
    }

    /// "40 s", "3 min", "2.5 h".
    static func duration(_ seconds: Double) -> String {
        if seconds < 90 { return cFormat("%.0f s", seconds) }
        if seconds < 5400 { return cFormat("%.0f min", seconds / 60) }
        return cFormat("%.1f h", seconds / 3600)
    }

    private static func say(_ text: String) { StandardError.write(text) }
}
