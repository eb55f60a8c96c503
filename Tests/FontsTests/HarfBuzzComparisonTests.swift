import Foundation
import Testing
import Fonts
import Pagination

/// Compares line widths from the advance table with what HarfBuzz shapes the same lines
/// to, using Debian's `hb-shape` (package libharfbuzz-bin, installed by `make setup`).
/// A missing hb-shape is a failure, not a skip.
@Suite struct HarfBuzzComparisonTests {
    static let pixelSize: Float = 18

    @Test func hbShapeReportsFontUnits() throws {
        let hbShape = try HBShape.required()
        let face = try FontFace(path: TestFonts.dejaVuSans)
        // Without --font-size hb-shape scales to units per em: 'a' comes back as its hmtx value.
        let shaped = try hbShape.lineAdvances(font: TestFonts.dejaVuSans, lines: ["a"])
        #expect(shaped == [face.unscaledAdvance(of: "a")])
    }

    @Test func englishAndKerningLinesMeasureLikeHarfBuzz() throws {
        let lines = try TestLines.openingLines(20) + TestLines.kerningLines
        let differences = try Self.differences(lines)
        for (line, ours, harfBuzz) in differences {
            #expect(abs(ours - harfBuzz) < 0.5, "\(line.debugDescription): table \(ours) px, HarfBuzz \(harfBuzz) px")
        }
        let worst = differences.map { abs($0.ours - $0.harfBuzz) }.max() ?? 0
        print("hb-shape, \(lines.count) lines at \(Self.pixelSize) px: worst difference \(worst) px")
    }

    /// Every line of the book, ligatures included: after a ligature pair ("ff") the next
    /// pair is not kerned by the component's pairs (DejaVu kerns "f." but not "ff.").
    @Test func wholeBookMeasuresLikeHarfBuzz() throws {
        let table = try Self.table()
        let lines = try TestLines.allLines()
        let differences = try Self.differences(lines)
        for (line, ours, harfBuzz) in differences {
            #expect(abs(ours - harfBuzz) < 0.5, "\(line.debugDescription): table \(ours) px, HarfBuzz \(harfBuzz) px")
        }
        let mean = differences.map { abs($0.ours - $0.harfBuzz) }.reduce(0, +) / Float(max(1, lines.count))
        let afterLigature = lines.filter { TestLines.kernsAfterLigature($0, table) }.count
        print("hb-shape, whole book: \(lines.count) lines, mean difference \(mean) px, \(afterLigature) kern after a ligature")
        #expect(afterLigature > 0)  // the book does exercise the case
    }

    static func table() throws -> AdvanceTable {
        FontSet(primary: try FontFace(path: TestFonts.dejaVuSans)).advanceTable(pixelSize: pixelSize)
    }

    /// (line, table width, HarfBuzz width) in pixels for each line, shaped in DejaVu Sans.
    static func differences(_ lines: [String]) throws -> [(line: String, ours: Float, harfBuzz: Float)] {
        let hbShape = try HBShape.required()
        let face = try FontFace(path: TestFonts.dejaVuSans)
        let table = FontSet(primary: face).advanceTable(pixelSize: pixelSize)
        let shaped = try hbShape.lineAdvances(font: TestFonts.dejaVuSans, lines: lines)
        try #require(shaped.count == lines.count, "hb-shape returned \(shaped.count) results for \(lines.count) lines")
        return zip(lines, shaped).map { line, units in
            (line, table.measure(line), face.pixels(fromUnits: units, pixelSize: pixelSize))
        }
    }
}

extension AdvanceTable {
    /// The width of a line as the pagination core measures it: advances plus kerning.
    func measure(_ line: String) -> Float {
        var width: Float = 0
        var previous: UInt32?
        var afterLigature = false
        for scalar in line.unicodeScalars {
            if let previous { width += pairAdjustment(previous, scalar.value, afterLigature: &afterLigature) }
            width += advance(of: scalar.value)
            previous = scalar.value
        }
        return width
    }
}

/// Runs Debian's `hb-shape` and reads its JSON output.
struct HBShape {
    let executable: String

    /// hb-shape from PATH (or /usr/bin); a missing one fails the test with what to install.
    static func required() throws -> HBShape {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in path.split(separator: ":").map(String.init) + ["/usr/bin"] {
            let candidate = "\(dir)/hb-shape"
            if FileManager.default.isExecutableFile(atPath: candidate) { return HBShape(executable: candidate) }
        }
        throw HBShapeFailure(
            message: "hb-shape not found on PATH: install libharfbuzz-bin (`make setup` does) to compare with HarfBuzz")
    }

    private struct Glyph: Decodable { let ax: Int }

    /// The total x advance of each line in font units (hb-shape's default scale is the
    /// font's units per em, so nothing is rounded), shaped one line at a time with
    /// HarfBuzz's default features and its own (unhinted) font functions.
    func lineAdvances(font: String, lines: [String]) throws -> [Int] {
        let input = FileManager.default.temporaryDirectory
            .appendingPathComponent("pageturn-hb-\(UUID().uuidString).txt")
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--output-format=json", "--no-glyph-names", "--font-funcs=ot", "--text-file=\(input.path)", font,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HBShapeFailure(message: "hb-shape exited with status \(process.terminationStatus)")
        }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            try JSONDecoder().decode([Glyph].self, from: Data(line.utf8)).reduce(0) { $0 + $1.ax }
        }
    }
}

struct HBShapeFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
