import FileWriting
import Foundation
import GestureLab
import PageTurner

/// `simulate --report`: per gesture what the machine did, why, and what was meant; the counts.
struct LabReportRun {
    let lab: LabOptions
    let files: [(path: String, file: LabelledScript)]
    let setups: [ReplaySettings]

    func run() throws {
        var total = LabSummary()
        for (k, ((path, file), setup)) in zip(files, setups).enumerated() {
            if files.count > 1 { print("== \(path == "-" ? "standard input" : path)") }
            let outcomes = LabReplay.run(file, setup: setup)
            print(Self.table(outcomes))
            let summary = LabSummary(outcomes)
            if files.count > 1 { print(Self.sentence(summary)) }
            total.add(summary)
            if let dir = lab.plot { try Self.plot(file, setup: setup, into: dir, prefix: files.count > 1 ? "\(k + 1)-\(stem(path))-" : "") }
        }
        print(Self.sentence(total))
        if let json = lab.json { try Self.write(try JSONDocument.encode(total), to: json) }
    }

    private func stem(_ path: String) -> String {
        path == "-" ? "stdin" : ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// One row per gesture, in columns.
    static func table(_ outcomes: [GestureOutcome]) -> String {
        var rows = [["gesture", "time ms", "line", "did", "why", "expected", "verdict"]]
        for (k, o) in outcomes.enumerated() {
            rows.append([String(k + 1), String(Int(o.time.rounded())), String(o.line), o.action.rawValue, o.why,
                         o.intent?.rawValue ?? "-", o.intent == nil ? "-" : o.verdict.rawValue])
        }
        return columns(rows, rightAligned: [0, 1, 2])
    }

    /// "500 gestures, 498 labelled: 451 agreed, 30 missed, 15 false, 2 wrong (47 errors)".
    static func sentence(_ s: LabSummary) -> String {
        "\(s.gestures) gestures, \(s.labelled) labelled: \(s.agreed) agreed, \(s.missed) missed, \(s.falseTurns) false, "
            + "\(s.wrongDirection) wrong (\(s.errors) errors)"
    }

    /// Rows of cells as aligned columns, two spaces apart.
    static func columns(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        var widths: [Int] = []
        for row in rows {
            for (i, cell) in row.enumerated() {
                if i >= widths.count { widths.append(0) }
                widths[i] = max(widths[i], cell.count)
            }
        }
        return rows.map { row in
            row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return rightAligned.contains(i) ? pad + cell : (i == row.count - 1 ? cell : cell + pad)
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }.joined(separator: "\n")
    }

    /// A timeline per gesture, `PREFIXgesture-0001.svg`, in `dir`.
    static func plot(_ file: LabelledScript, setup: ReplaySettings, into dir: String, prefix: String = "") throws {
        try makeFolder(dir)
        let (outcomes, traces) = LabReplay.runTracing(file, setup: setup)
        for (k, (o, trace)) in zip(outcomes, traces).enumerated() {
            let name = prefix + String(format: "gesture-%04d.svg", k + 1)
            try write(GesturePlot.timeline(trace, outcome: o, setup: setup, index: k).text, named: name, in: dir)
        }
    }

    static func makeFolder(_ dir: String) throws {
        do { try OutputFolder.make(dir) } catch { throw UserError(error.description) }
    }

    /// A new folder for one run's pictures inside `dir` (made if missing): `name`, or
    /// `name-2`, `name-3`, … when that is taken, so that a run never writes over another's.
    static func newFolder(named name: String, in dir: String) throws -> String {
        try makeFolder(dir)
        do { return try OutputFolder.makeNew(named: name, in: dir) } catch { throw UserError(error.description) }
    }

    /// `text` and a line end as the file `name` in the folder `dir`, replacing the entry
    /// (`OutputFile.writeEntry`: a plot's name is ours, so a link there is not followed).
    static func write(_ text: String, named name: String, in dir: String) throws {
        do { try OutputFile.writeEntry(Data((text.hasSuffix("\n") ? text : text + "\n").utf8), named: name, in: dir) } catch {
            throw UserError(error.description)
        }
    }

    /// `text` and a line end to `path` (`OutputFile`: "-" is standard output).
    static func write(_ text: String, to path: String) throws {
        do { try OutputFile.write(text.hasSuffix("\n") ? text : text + "\n", to: path) } catch {
            throw UserError(error.description)
        }
    }
}
