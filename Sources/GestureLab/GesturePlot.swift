import PageTurner
import GestureScripts
import FileWriting

/// Pictures of the lab, as SVG: a gesture's timeline, a sweep's heat map (two settings) or line
/// chart (one, in `GesturePlot+LineChart.swift`).
public enum GesturePlot {
    /// A gesture over time: the pointer's travel from its press (blue) and the page's progress
    /// (orange), both in px towards the next page; the commit distance ±`commitFraction·W`
    /// (dashed), the release (a grey line, with its velocity against `flingVelocity`) and the
    /// settling after it. The title gives the outcome, the cause and the expectation.
    public static func timeline(_ trace: GestureTrace, outcome: GestureOutcome, setup: ReplaySettings, index: Int) -> SVGDocument {
        let w = 720.0, h = 420.0, left = 70.0, right = 20.0, top = 70.0, bottom = 50.0
        var svg = SVGDocument(width: w, height: h)
        let times = trace.pointer.map(\.t) + trace.page.map(\.t) + [trace.release?.time ?? trace.start]
        let t0 = trace.start, t1 = max((times.max() ?? t0) + 150, t0 + 300)
        let commit = setup.settings.turn.commitFraction * setup.pageSize.width
        let values = trace.pointer.map(\.travel) + trace.page.map(\.travel) + [commit, -commit]
        let span = max(values.map(abs).max() ?? 1, 1) * 1.1
        func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * (w - left - right) }
        func y(_ v: Double) -> Double { top + (span - v) / (2 * span) * (h - top - bottom) }

        let verdict = outcome.intent.map { "expected \($0.rawValue): \(outcome.verdict.rawValue)" } ?? "no expectation"
        svg.text("Gesture \(index + 1) at \(Int(trace.start)) ms (line \(outcome.line)): \(outcome.action.rawValue)",
                 x: left, y: 24, size: 16, bold: true)
        svg.text("\(outcome.why) — \(verdict)", x: left, y: 46, size: 13,
                 fill: outcome.verdict == .agreed || outcome.verdict == .unlabelled ? "#2a7a2a" : "#b22222")
        svg.rect(x: left, y: top, width: w - left - right, height: h - top - bottom, fill: "none", stroke: "#999")
        svg.line(x1: left, y1: y(0), x2: w - right, y2: y(0), stroke: "#bbb")
        for c in [commit, -commit] {
            svg.line(x1: left, y1: y(c), x2: w - right, y2: y(c), stroke: "#b22222", dashed: true)
        }
        svg.text("commit \(Int(commit.rounded())) px", x: w - right - 4, y: y(commit) - 4, size: 11, anchor: "end", fill: "#b22222")
        svg.text("\(Int(span.rounded())) px", x: left - 6, y: top + 10, size: 11, anchor: "end")
        svg.text("−\(Int(span.rounded())) px", x: left - 6, y: h - bottom, size: 11, anchor: "end")
        svg.text("0 ms", x: left, y: h - bottom + 18, size: 11)
        svg.text("\(Int((t1 - t0).rounded())) ms", x: w - right, y: h - bottom + 18, size: 11, anchor: "end")
        svg.polyline(trace.page.map { (x($0.t), y($0.travel)) }, stroke: "#e08a1e", width: 2.5)
        svg.polyline(trace.pointer.map { (x($0.t), y($0.travel)) }, stroke: "#2860aa", width: 2)
        for p in trace.pointer { svg.circle(x: x(p.t), y: y(p.travel), radius: 2, fill: "#2860aa") }
        if let r = trace.release {
            svg.line(x1: x(r.time), y1: top, x2: x(r.time), y2: h - bottom, stroke: "#666", dashed: true)
            let speed = "release \(Int(r.velocity.rounded())) px/s (fling at ±\(Int(r.flingVelocity.rounded())))"
            let nearTheEnd = x(r.time) > w / 2
            svg.text(speed, x: x(r.time) + (nearTheEnd ? -4 : 4), y: top + 14, size: 11, anchor: nearTheEnd ? "end" : "start",
                     fill: "#444")
        }
        svg.text("pointer travel", x: left + 8, y: h - 12, size: 11, fill: "#2860aa")
        svg.text("page progress", x: left + 120, y: h - 12, size: 11, fill: "#e08a1e")
        return svg
    }

    /// A sweep over two settings as a grid: each cell's colour is its cost (white: the
    /// cheapest, red: the dearest), its number the cost; the best cells are outlined in black,
    /// today's settings (when every file agrees on them) in blue. With several sources, a small
    /// grid for each follows, coloured by that source's own cost, so a person's recordings are
    /// seen apart from synthetic ones.
    public static func heatMap(_ sweep: Sweep, rows: [SweepRow], today: [Double]?) -> SVGDocument {
        precondition(sweep.axes.count == 2, "a heat map needs two axes")
        let xs = sweep.axes[1].values, ys = sweep.axes[0].values
        let cell = max(12, min(48, 560 / Double(max(xs.count, ys.count))))
        let left = 110.0, top = 84.0
        let names = (rows.first?.counts.sources.count ?? 0) > 1 ? rows.first!.counts.sources.map(\.name) : []
        let small = max(4, min(16, 200 / Double(max(xs.count, ys.count))))
        let smallWidth = max(small * Double(xs.count), 90) + 24
        let w = left + cell * Double(xs.count) + 30 + smallWidth * Double(names.count)
        let h = max(top + cell * Double(ys.count) + 60, top + small * Double(ys.count) + 60)
        var svg = SVGDocument(width: max(w, 680), height: h)
        for (k, name) in names.enumerated() {
            let x0 = left + cell * Double(xs.count) + 30 + smallWidth * Double(k)
            let costs = rows.map { $0.counts.sources[k].cost }
            let lo = costs.min() ?? 0, hi = max(costs.max() ?? 1, lo + 1)
            svg.text(String(PrintableText.escaped(name).prefix(14)), x: x0, y: top - 10, size: 11, bold: true)
            for (r, c) in costs.enumerated() {
                let g = Int((255 * (1 - (c - lo) / (hi - lo))).rounded())
                svg.rect(x: x0 + Double(r % xs.count) * small, y: top + Double(r / xs.count) * small, width: small, height: small,
                         fill: "rgb(255,\(g),\(g))")
            }
            svg.text("\(TurnSettings.formatted(lo))–\(TurnSettings.formatted(costs.max() ?? 0))", x: x0, y: top + small * Double(ys.count) + 14,
                     size: 10)
        }
        let costs = rows.map(\.cost)
        let lo = costs.min() ?? 0, hi = max(costs.max() ?? 1, lo + 1)
        func n(_ v: Double) -> String { TurnSettings.formatted((v * 10).rounded() / 10) }
        svg.text("Cost by \(sweep.axes[0].setting.name) and \(sweep.axes[1].setting.name) (cheapest \(n(lo)), dearest \(n(costs.max() ?? 0)))",
                 x: 12, y: 24, size: 15, bold: true)
        svg.text("cost: \(sweep.cost.spelling); white: cheapest, red: dearest; black outline: best; blue: today's settings",
                 x: 12, y: 44, size: 12)
        for (k, row) in rows.enumerated() {
            let i = k / xs.count, j = k % xs.count
            let f = (row.cost - lo) / (hi - lo)
            let g = Int((255 * (1 - f)).rounded())
            let colour = "rgb(255,\(g),\(g))"
            let cx = left + Double(j) * cell, cy = top + Double(i) * cell
            svg.rect(x: cx, y: cy, width: cell, height: cell, fill: colour, stroke: "#eee", strokeWidth: 0.5)
            if cell >= 24 { svg.text(n(row.cost), x: cx + cell / 2, y: cy + cell / 2 + 4, size: 10, anchor: "middle") }
        }
        for (k, row) in rows.enumerated() where row.cost == lo {
            svg.rect(x: left + Double(k % xs.count) * cell + 1, y: top + Double(k / xs.count) * cell + 1,
                     width: cell - 2, height: cell - 2, fill: "none", stroke: "black", strokeWidth: 2)
        }
        if let today, let j = xs.firstIndex(where: { abs($0 - today[1]) < 1e-9 }),
           let i = ys.firstIndex(where: { abs($0 - today[0]) < 1e-9 }) {
            svg.rect(x: left + Double(j) * cell + 3, y: top + Double(i) * cell + 3, width: cell - 6, height: cell - 6,
                     fill: "none", stroke: "#2860aa", strokeWidth: 2)
        }
        for (j, v) in xs.enumerated() where j % max(1, xs.count / 8) == 0 {
            svg.text(TurnSettings.formatted(v), x: left + (Double(j) + 0.5) * cell, y: top + cell * Double(ys.count) + 16,
                     size: 10, anchor: "middle")
        }
        for (i, v) in ys.enumerated() where i % max(1, ys.count / 8) == 0 {
            svg.text(TurnSettings.formatted(v), x: left - 6, y: top + (Double(i) + 0.5) * cell + 4, size: 10, anchor: "end")
        }
        svg.text(sweep.axes[1].setting.name + " (\(sweep.axes[1].setting.unit))", x: left, y: h - 14, size: 12)
        svg.text(sweep.axes[0].setting.name + " (\(sweep.axes[0].setting.unit))", x: 12, y: top - 10, size: 12)
        return svg
    }
}
