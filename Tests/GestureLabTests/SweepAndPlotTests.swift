import Foundation
import GestureLab
import PageTurner
import Testing
import TestSupport
import GestureScripts

/// Sweeps agree with single replays, and the plots are pictures.
@Suite struct SweepAndPlotTests {
    static func synthetic(seed: UInt64 = 5, count: Int = 120) throws -> LabelledScript {
        try LabelledScript.parse(GestureSynthesizer(seed: seed, count: count).script())
    }

    @Test func everySweepRowIsWhatASingleReplayWithThoseSettingsSays() throws {
        let file = try Self.synthetic()
        let sweep = try Sweep(axes: [try SweepAxis(parsing: "commitFraction=0.1:0.3:0.1"),
                                     try SweepAxis(parsing: "flingVelocity=300:900:300")], base: ReplaySettings())
        #expect(sweep.count == 9)
        for k in 0..<sweep.count {
            let row = sweep.row(k, files: [file])
            var setup = ReplaySettings().applying(file.header)
            try setup.settings.set("commitFraction", to: row.values[0])
            try setup.settings.set("flingVelocity", to: row.values[1])
            #expect(row.summary == LabSummary(LabReplay.run(file, setup: setup)), "\(row.values)")
        }
        #expect(sweep.values(at: 0) == [0.1, 300] && sweep.values(at: 8).last == 900)
        let errors = (0..<sweep.count).map { sweep.row($0, files: [file]).summary.errors }
        #expect(Set(errors).count > 1, "the settings make a difference on these gestures: \(errors)")
    }

    @Test(arguments: [
        ("comitFraction=0.1:0.3:0.1", "unknown setting 'comitFraction'"),
        ("commitFraction=0.1:0.3", "takes FROM:TO:STEP"),
        ("commitFraction=0.3:0.1:0.1", "STEP must be positive and TO at least FROM"),
        ("commitFraction=0:0.3:0.1", "0 is out of range; commitFraction must be between 0.01 and 1"),
        ("touchSlop=0:200:0.01", "more than 1000"),
        ("touchSlop", "expected --sweep KEY=FROM:TO:STEP"),
    ])
    func aBadSweepIsRefusedInOneLine(text: String, message: String) {
        do {
            _ = try SweepAxis(parsing: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    /// The PNG rsvg-convert makes of `svg`.
    static func rendered(_ svg: SVGDocument) throws -> PNGImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svgPath = folder.appendingPathComponent("plot.svg").path, pngPath = folder.appendingPathComponent("plot.png").path
        try svg.text.write(toFile: svgPath, atomically: true, encoding: .utf8)
        let tool = ["/usr/bin/rsvg-convert", "/bin/rsvg-convert"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let rsvg = try #require(tool, "rsvg-convert is missing: `make test` installs it (librsvg2-bin)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: rsvg)
        process.arguments = ["-o", pngPath, svgPath]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "rsvg-convert read the SVG")
        return try PNGImage(contentsOf: pngPath)
    }

    /// How many pixels are neither white nor nearly so.
    static func inked(_ png: PNGImage) -> Int {
        png.pixels.count { p in
            let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
            return r < 200 || g < 200 || b < 200
        }
    }

    @Test func aGesturesTimelineRendersWithItsCurvesAndLines() throws {
        let file = try Self.synthetic(count: 10)
        let setup = ReplaySettings().applying(file.header)
        let (outcomes, traces) = LabReplay.runTracing(file, setup: setup)
        #expect(outcomes.count == traces.count)
        let k = try #require(traces.indices.first { traces[$0].release != nil }, "a drag among the gestures")
        let svg = GesturePlot.timeline(traces[k], outcome: outcomes[k], setup: setup, index: k)
        #expect(svg.text.contains("<polyline") && svg.text.contains("commit 160 px"))
        let png = try Self.rendered(svg)
        #expect(png.width == 720 && png.height == 420)
        #expect(Self.inked(png) > 2000, "curves, axes and text were drawn")
    }

    @Test func aTwoKeySweepsHeatMapRenders() throws {
        let file = try Self.synthetic(count: 40)
        let sweep = try Sweep(axes: [try SweepAxis(parsing: "commitFraction=0.1:0.4:0.05"),
                                     try SweepAxis(parsing: "flingVelocity=200:1200:200")], base: ReplaySettings())
        let rows = (0..<sweep.count).map { sweep.row($0, files: [file]) }
        let png = try Self.rendered(GesturePlot.heatMap(sweep, rows: rows, today: [0.2, 600]))
        #expect(Self.inked(png) > 2000)
    }

    @Test func aOneKeySweepsLineChartRenders() throws {
        let file = try Self.synthetic(count: 40)
        let sweep = try Sweep(axes: [try SweepAxis(parsing: "commitFraction=0.05:0.6:0.05")], base: ReplaySettings())
        let rows = (0..<sweep.count).map { sweep.row($0, files: [file]) }
        let svg = GesturePlot.lineChart(sweep, rows: rows, today: [0.2])
        #expect(svg.text.contains("today 0.2") && svg.text.components(separatedBy: "<polyline").count == 5,
                "four lines and today's setting")
        let png = try Self.rendered(svg)
        #expect(Self.inked(png) > 2000)
    }
}
