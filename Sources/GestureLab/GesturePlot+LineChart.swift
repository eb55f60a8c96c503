import PageTurner
import FileWriting

extension GesturePlot {
    /// A sweep over one setting as a line chart: the setting's values across, the cost up, one
    /// line for the whole cost (black) and one for each kind's share (missed: blue, false:
    /// orange, wrong direction: purple), the 95% interval of the cost as a grey band; the best
    /// values get a black dot, today's value (when every file agrees on it) a blue line.
    public static func lineChart(_ sweep: Sweep, rows: [SweepRow], today: [Double]?) -> SVGDocument {
        precondition(sweep.axes.count == 1, "a line chart needs one axis")
        let axis = sweep.axes[0]
        let w = 720.0, h = 440.0, left = 70.0, right = 30.0, top = 84.0, bottom = 60.0
        var svg = SVGDocument(width: w, height: h)
        let xs = rows.map { $0.values[0] }
        let x0 = xs.first ?? 0, x1 = max(xs.last ?? 1, x0 + 1e-9)
        let most = max(rows.map { max($0.cost, $0.counts.interval.upperBound) }.max() ?? 1, 1)
        let cheapest = rows.map(\.cost).min() ?? 0
        func x(_ v: Double) -> Double { xs.count == 1 ? (left + w - right) / 2 : left + (v - x0) / (x1 - x0) * (w - left - right) }
        func y(_ c: Double) -> Double { top + (1 - c / most) * (h - top - bottom) }
        func n(_ v: Double) -> String { TurnSettings.formatted((v * 10).rounded() / 10) }

        let c = sweep.cost
        let gestures = rows.first?.summary.gestures ?? 0
        svg.text("Cost by \(axis.setting.name) over \(gestures) gestures (cheapest \(n(cheapest)))", x: 12, y: 24, size: 15, bold: true)
        svg.text("black: cost (\(c.spelling); dots: best; grey: 95% interval), blue: missed, orange: false, purple: wrong",
                 x: 12, y: 44, size: 12)
        svg.rect(x: left, y: top, width: w - left - right, height: h - top - bottom, fill: "none", stroke: "#999")
        for v in Set([0, (most / 2).rounded(), most.rounded()]).sorted() {
            svg.line(x1: left, y1: y(v), x2: w - right, y2: y(v), stroke: "#e4e4e4")
            svg.text(n(v), x: left - 6, y: y(v) + 4, size: 11, anchor: "end")
        }
        let band = rows.map { (x($0.values[0]), y($0.counts.interval.upperBound)) }
            + rows.reversed().map { (x($0.values[0]), y($0.counts.interval.lowerBound)) }
        svg.polygon(band, fill: "#ddd")
        if let t = today?.first, t >= x0, t <= x1 {
            svg.line(x1: x(t), y1: top, x2: x(t), y2: h - bottom, stroke: "#2860aa", width: 2, dashed: true)
            svg.text("today \(TurnSettings.formatted(t))", x: x(t) + 4, y: top + 14, size: 11, fill: "#2860aa")
        }
        let kinds: [((LabSummary) -> Double, String, Double)] = [
            ({ Double($0.missed) * c.missed }, "#2860aa", 1.5), ({ Double($0.falseTurns) * c.falseTurn }, "#e08a1e", 1.5),
            ({ Double($0.wrongDirection) * (c.wrong ?? c.falseTurn) }, "#7a3ea0", 1.5), ({ c.cost($0) }, "#111", 2.5),
        ]
        for (value, colour, width) in kinds {
            svg.polyline(rows.map { (x($0.values[0]), y(value($0.summary))) }, stroke: colour, width: width)
        }
        // Each source's cost, dashed, labelled at its right end (several sources).
        if let sources = rows.first?.counts.sources, sources.count > 1 {
            let greys = ["#555", "#888", "#aaa", "#777", "#999", "#666"]
            for k in sources.indices {
                let points = rows.map { (x: x($0.values[0]), y: y($0.counts.sources[k].cost)) }
                svg.polyline(points, stroke: greys[k % greys.count], width: 1.2)
                if let end = points.last {
                    svg.text(String(PrintableText.escaped(sources[k].name).prefix(14)), x: end.x - 4, y: end.y - 4, size: 10,
                             anchor: "end", fill: greys[k % greys.count])
                }
            }
        }
        for row in rows where row.cost == cheapest {
            svg.circle(x: x(row.values[0]), y: y(row.cost), radius: 4, fill: "#111")
        }
        let labelEvery = max(1, xs.count / 8)
        for (k, v) in xs.enumerated() where k % labelEvery == 0 || k == xs.count - 1 {
            svg.text(TurnSettings.formatted(v), x: x(v), y: h - bottom + 16, size: 10, anchor: "middle")
        }
        svg.text("\(axis.setting.name) (\(axis.setting.unit))", x: left, y: h - 16, size: 12)
        svg.text("cost", x: 12, y: top - 10, size: 12)
        return svg
    }
}
