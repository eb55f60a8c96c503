import PageTurner

extension GesturePlot {
    /// A sweep over one setting as a line chart: the setting's values across, the errors up,
    /// one line for all errors (black) and one for each kind (missed: blue, false: orange,
    /// wrong direction: purple); the best values get a black dot on the errors line, today's
    /// value (when every file agrees on it) a blue vertical line.
    public static func lineChart(_ sweep: Sweep, rows: [SweepRow], today: [Double]?) -> SVGDocument {
        precondition(sweep.axes.count == 1, "a line chart needs one axis")
        let axis = sweep.axes[0]
        let w = 720.0, h = 440.0, left = 70.0, right = 30.0, top = 84.0, bottom = 60.0
        var svg = SVGDocument(width: w, height: h)
        let xs = rows.map { $0.values[0] }
        let x0 = xs.first ?? 0, x1 = max(xs.last ?? 1, x0 + 1e-9)
        let most = max(rows.map(\.summary.errors).max() ?? 1, 1)
        let fewest = rows.map(\.summary.errors).min() ?? 0
        func x(_ v: Double) -> Double { xs.count == 1 ? (left + w - right) / 2 : left + (v - x0) / (x1 - x0) * (w - left - right) }
        func y(_ e: Int) -> Double { top + (1 - Double(e) / Double(most)) * (h - top - bottom) }

        let gestures = rows.first?.summary.gestures ?? 0
        svg.text("Errors by \(axis.setting.name) over \(gestures) gestures (fewest \(fewest), most \(most))", x: 12, y: 24, size: 15, bold: true)
        svg.text("black: all errors (dots: best), blue: missed, orange: false, purple: wrong direction; blue line: today's setting",
                 x: 12, y: 44, size: 12)
        svg.rect(x: left, y: top, width: w - left - right, height: h - top - bottom, fill: "none", stroke: "#999")
        for e in Set([0, most / 2, most]).sorted() {
            svg.line(x1: left, y1: y(e), x2: w - right, y2: y(e), stroke: "#e4e4e4")
            svg.text("\(e)", x: left - 6, y: y(e) + 4, size: 11, anchor: "end")
        }
        if let t = today?.first, t >= x0, t <= x1 {
            svg.line(x1: x(t), y1: top, x2: x(t), y2: h - bottom, stroke: "#2860aa", width: 2, dashed: true)
            svg.text("today \(TurnSettings.formatted(t))", x: x(t) + 4, y: top + 14, size: 11, fill: "#2860aa")
        }
        let kinds: [(KeyPath<LabSummary, Int>, String, Double)] = [
            (\.missed, "#2860aa", 1.5), (\.falseTurns, "#e08a1e", 1.5), (\.wrongDirection, "#7a3ea0", 1.5), (\.errors, "#111", 2.5),
        ]
        for (path, colour, width) in kinds {
            svg.polyline(rows.map { (x($0.values[0]), y($0.summary[keyPath: path])) }, stroke: colour, width: width)
        }
        for row in rows where row.summary.errors == fewest {
            svg.circle(x: x(row.values[0]), y: y(row.summary.errors), radius: 4, fill: "#111")
        }
        let labelEvery = max(1, xs.count / 8)
        for (k, v) in xs.enumerated() where k % labelEvery == 0 || k == xs.count - 1 {
            svg.text(TurnSettings.formatted(v), x: x(v), y: h - bottom + 16, size: 10, anchor: "middle")
        }
        svg.text("\(axis.setting.name) (\(axis.setting.unit))", x: left, y: h - 16, size: 12)
        svg.text("errors", x: 12, y: top - 10, size: 12)
        return svg
    }
}
