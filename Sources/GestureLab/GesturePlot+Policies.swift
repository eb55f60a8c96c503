import PageTurner
import FileWriting

extension GesturePlot {
    /// A comparison of commit rules as horizontal bars, the cheapest on top: each bar is the
    /// cost of its missed turns (blue) and of its false and wrong ones (red), with the 95%
    /// interval of the cost as a whisker; today's rule is named in bold. With several sources,
    /// each source's cost follows the bar as a number, in the sources' order.
    public static func policyBars(_ comparison: PolicyComparison) -> SVGDocument {
        let rows = comparison.rows
        let names = rows.first.map { $0.sources.count > 1 ? $0.sources.map { PrintableText.escaped($0.name) } : [] } ?? []
        // Each source's column as wide as its longest name at 11 px (about 6.5 px a letter).
        let column = max(60, 6.5 * Double(names.map(\.count).max() ?? 0) + 14)
        let left = 110.0, right = 40.0 + column * Double(names.count)
        let top = 84.0, band = 30.0, chart = 460.0
        let w = left + chart + right, h = top + band * Double(rows.count) + 56
        var svg = SVGDocument(width: w, height: h)
        let most = max(rows.map(\.interval.upperBound).max() ?? 1, rows.map(\.cost).max() ?? 1, 1)
        func x(_ cost: Double) -> Double { left + cost / most * chart }
        let c = comparison.cost
        svg.text("Commit rules on the same \(rows.first?.summary.labelled ?? 0) labelled gestures", x: 16, y: 26, size: 16, bold: true)
        svg.text("cost: missed × \(TurnSettings.formatted(c.missed)), false × \(TurnSettings.formatted(c.falseTurn)), "
                 + "wrong × \(TurnSettings.formatted(c.wrong ?? c.falseTurn)); whiskers: 95% bootstrap interval",
                 x: 16, y: 46, size: 12, fill: "#444")
        svg.text("missed", x: 16, y: 66, size: 11, fill: "#2860aa")
        svg.text("false and wrong", x: 70, y: 66, size: 11, fill: "#b22222")
        for (k, name) in names.enumerated() {
            svg.text(name, x: left + chart + 40 + column * Double(k + 1), y: 66, size: 11, anchor: "end")
        }
        for (k, row) in rows.enumerated() {
            let y = top + band * Double(k)
            let missed = Double(row.summary.missed) * c.missed
            svg.text(row.rule.rawValue, x: left - 8, y: y + 18, size: 12, anchor: "end", bold: row.rule == comparison.today)
            svg.rect(x: left, y: y + 6, width: x(missed) - left, height: band - 12, fill: "#2860aa")
            svg.rect(x: x(missed), y: y + 6, width: x(row.cost) - x(missed), height: band - 12, fill: "#b22222")
            svg.line(x1: x(row.interval.lowerBound), y1: y + band / 2, x2: x(row.interval.upperBound), y2: y + band / 2,
                     stroke: "#111", width: 1.5)
            for end in [row.interval.lowerBound, row.interval.upperBound] {
                svg.line(x1: x(end), y1: y + 9, x2: x(end), y2: y + band - 9, stroke: "#111", width: 1.5)
            }
            svg.text(TurnSettings.formatted(row.cost), x: x(max(row.cost, row.interval.upperBound)) + 6, y: y + 19, size: 11)
            if !names.isEmpty {
                for (s, source) in row.sources.enumerated() {
                    svg.text(TurnSettings.formatted(source.cost), x: left + chart + 40 + column * Double(s + 1), y: y + 19, size: 11,
                             anchor: "end")
                }
            }
        }
        svg.line(x1: left, y1: top - 4, x2: left, y2: top + band * Double(rows.count) + 4, stroke: "#999")
        svg.text("0", x: left, y: h - 24, size: 11, anchor: "middle")
        svg.text(TurnSettings.formatted(most.rounded()), x: x(most), y: h - 24, size: 11, anchor: "middle")
        return svg
    }
}
