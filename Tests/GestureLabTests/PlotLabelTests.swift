import Foundation
import GestureLab
import PageTurner
import Testing
import GestureScripts

/// The lab's pictures keep their words apart: no two labels' boxes overlap, in every kind of
/// picture, for gestures of every kind and for several sources.
@Suite struct PlotLabelTests {
    /// A label's box, estimated from its font size: 0.6 em a character (0.66 in bold, as
    /// DejaVu Sans, the widest of the usual sans faces, runs), from 0.8 em above the baseline to
    /// 0.2 below.
    struct Box: CustomStringConvertible {
        var text: String, minX: Double, maxX: Double, minY: Double, maxY: Double
        var description: String { "'\(text)' [\(Int(minX))…\(Int(maxX)) × \(Int(minY))…\(Int(maxY))]" }
        func overlaps(_ o: Box) -> Bool { minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY }
    }

    static func boxes(_ svg: String) -> [Box] {
        let pattern = try! NSRegularExpression(pattern: #"<text x="([-0-9.]+)" y="([-0-9.]+)" font-size="([0-9.]+)" text-anchor="(\w+)"[^>]*?( font-weight="bold")?>([^<]*)</text>"#)
        let ns = svg as NSString
        return pattern.matches(in: svg, range: NSRange(location: 0, length: ns.length)).map { m in
            func group(_ k: Int) -> String { m.range(at: k).location == NSNotFound ? "" : ns.substring(with: m.range(at: k)) }
            let x = Double(group(1))!, y = Double(group(2))!, size = Double(group(3))!
            let text = group(6).replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            let width = Double(text.count) * size * (group(5).isEmpty ? 0.6 : 0.66)
            let minX: Double
            switch group(4) {
            case "middle": minX = x - width / 2
            case "end": minX = x - width
            default: minX = x
            }
            return Box(text: text, minX: minX, maxX: minX + width, minY: y - 0.8 * size, maxY: y + 0.2 * size)
        }
    }

    static func overlaps(_ svg: SVGDocument) -> [String] {
        let b = boxes(svg.text)
        #expect(b.count >= 6 && b.count == svg.text.components(separatedBy: "<text ").count - 1, "every label is read: \(b.count)")
        var out: [String] = []
        for i in b.indices { for j in b.indices where j > i && b[i].overlaps(b[j]) { out.append("\(b[i]) ~ \(b[j])") } }
        return out
    }

    static func sources() throws -> [LabSource] {
        let a = try LabelledScript.parse(GestureSynthesizer(seed: 11, count: 60).script())
        var wobbly = GestureSynthesizer(seed: 12, count: 40)
        wobbly.wobble = 12
        let b = try LabelledScript.parse(wobbly.script())
        return [LabSource(name: "synthetic-seed11", file: a, setup: ReplaySettings().applying(a.header)),
                LabSource(name: "my-own-recordings", file: b, setup: ReplaySettings().applying(b.header))]
    }

    @Test("the check itself: labels drawn over each other are caught, labels apart are not")
    func theCheckCatchesAClash() {
        var svg = SVGDocument(width: 400, height: 200)
        for k in 0..<6 { svg.text("label \(k)", x: 20, y: 20 + 30 * Double(k), size: 12) }
        #expect(Self.overlaps(svg).isEmpty)
        svg.text("commit 149 px", x: 300, y: 80, size: 11, anchor: "end")
        svg.text("release 812 px/s", x: 200, y: 84, size: 11)
        #expect(Self.overlaps(svg).count == 1)
    }

    @Test("every gesture's timeline")
    func timelines() throws {
        for source in try Self.sources() {
            let (outcomes, traces) = LabReplay.runTracing(source.file, setup: source.setup)
            for (k, (o, trace)) in zip(outcomes, traces).enumerated() {
                let clashes = Self.overlaps(GesturePlot.timeline(trace, outcome: o, setup: source.setup, index: k))
                #expect(clashes.isEmpty, "gesture \(k + 1): \(clashes)")
            }
        }
    }

    @Test("sweeps over one and two keys, and the comparison of commit rules, with two sources")
    func charts() throws {
        let sources = try Self.sources()
        let one = try Sweep(axes: [SweepAxis(parsing: "commitFraction=0.05:0.5:0.025")], base: sources[0].setup)
        #expect(Self.overlaps(GesturePlot.lineChart(one, rows: one.rows(runs: sources), today: [0.2])).isEmpty)
        let two = try Sweep(axes: [SweepAxis(parsing: "commitFraction=0.1:0.4:0.05"), SweepAxis(parsing: "flingVelocity=200:2000:200")],
                            base: sources[0].setup)
        let heat = Self.overlaps(GesturePlot.heatMap(two, rows: two.rows(runs: sources), today: [0.2, 600]))
        #expect(heat.isEmpty, "\(heat)")
        let bars = Self.overlaps(GesturePlot.policyBars(PolicyComparison(sources: sources, cost: ErrorCost())))
        #expect(bars.isEmpty, "\(bars)")
    }
}
