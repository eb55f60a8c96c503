#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import FileWriting
import FoundationEssentials
import GestureLab
import PageTurner
import TextDecoding
import GestureScripts

/// `simulate --report`: per gesture what the machine did, why, and what was meant; each
/// file's counts and the total, with what the errors cost and how sure that is.
struct LabReportRun {
    let lab: LabOptions
    let sources: [LabSource]

    func run() throws {
        let cost = try lab.errorCost
        var all: [[GestureOutcome]] = []
        for source in sources {
            if sources.count > 1 { lab.say("== \(PrintableText.escaped(source.name))") }
            let outcomes = LabReplay.run(source.file, setup: source.setup)
            lab.say(Self.table(outcomes))
            if sources.count > 1 {
                let kinds = KindTally.summaries(outcomes)
                if !kinds.isEmpty { lab.say(Self.kindTable(kinds, cost: cost)) }
                lab.say(Self.sentence(LabSummary(outcomes)))
            }
            all.append(outcomes)
        }
        let counts = CostedCounts(outcomes: all, names: sources.map(\.name), cost: cost, bootstrap: Bootstrap())
        let kinds = KindTally.summaries(all.flatMap { $0 })
        if sources.count > 1 { lab.say("== all") }
        if !kinds.isEmpty { lab.say(Self.kindTable(kinds, cost: cost)) }
        lab.say(Self.sentence(counts.summary) + "; cost \(LabVerdict.number(counts.cost)) "
              + "(95% interval \(LabVerdict.interval(counts.interval)); \(cost.spelling))")
        if let json = lab.json { try Self.write(try JSONDocument.encode(CostedCountsJSON(counts: counts)), to: json) }
        if let dir = lab.plot {
            let folder = try Self.newFolder(named: String(("report-" + sources.map { Self.fileName($0.name) }.joined(separator: "-")).prefix(120)),
                                            in: dir)
            for source in sources {
                try Self.plot(source.file, setup: source.setup, into: folder, prefix: sources.count > 1 ? Self.fileName(source.name) + "-" : "")
            }
            try Self.finishPlots(folder: folder, caption: "Report: each gesture's timeline, "
                                 + sources.map(\.name).joined(separator: ", ") + " (\(counts.summary.gestures) gestures)", in: dir)
        }
    }

    /// `name` made safe as part of a file name: letters, digits, '.', '_' and '-' kept, the
    /// rest '_', at most 40 of them.
    static func fileName(_ name: String) -> String {
        let kept = name.unicodeScalars.prefix(40).map { c -> Character in
            c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "." || c == "_" || c == "-" ? Character(c) : "_"
        }
        let s = String(kept)
        return s.isEmpty || s.hasPrefix(".") ? "_" + s : s
    }

    /// How each kind of gesture fared, and each thing real hands added (`KindTally`).
    static func kindTable(_ kinds: [(name: String, summary: LabSummary)], cost: ErrorCost) -> String {
        var rows = [["kind", "gestures", "agreed", "missed", "false", "wrong", "cost"]]
        for (name, s) in kinds {
            rows.append([PrintableText.escaped(name)] + [s.gestures, s.agreed, s.missed, s.falseTurns, s.wrongDirection].map(String.init)
                        + [LabVerdict.number(cost.cost(s))])
        }
        return columns(rows, rightAligned: Set(1...6))
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

    /// "500 gestures, 498 labelled: 451 agreed, 30 missed, 15 false, 2 wrong (47 errors)", and
    /// when selecting and turning were confused, "; of them 4 turned a page instead of
    /// selecting, 3 selected instead of turning".
    static func sentence(_ s: LabSummary) -> String {
        var text = "\(s.gestures) gestures, \(s.labelled) labelled: \(s.agreed) agreed, \(s.missed) missed, \(s.falseTurns) false, "
            + "\(s.wrongDirection) wrong (\(s.errors) errors)"
        if s.turnedInsteadOfSelecting + s.selectedInsteadOfTurning > 0 {
            text += "; of them \(s.turnedInsteadOfSelecting) turned a page instead of selecting, "
                + "\(s.selectedInsteadOfTurning) selected instead of turning"
        }
        return text
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
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }

    /// A timeline per gesture, `PREFIXgesture-0001.svg`, in `dir`.
    static func plot(_ file: LabelledScript, setup: ReplaySettings, into dir: String, prefix: String = "") throws {
        try makeFolder(dir)
        let (outcomes, traces) = LabReplay.runTracing(file, setup: setup)
        for (k, (o, trace)) in zip(outcomes, traces).enumerated() {
            let name = prefix + cFormat("gesture-%04ld.svg", k + 1)
            try write(GesturePlot.timeline(trace, outcome: o, setup: setup, index: k).text, named: name, in: dir)
        }
    }

    static func makeFolder(_ dir: String) throws {
        do { try OutputFolder.make(dir) } catch { throw UserError(error.description) }
    }

    /// Ends a run's pictures: writes its one-line `caption` into its `folder` and makes
    /// `dir/index.html` again from every run's folder in `dir` (`PlotIndex`), newest first.
    static func finishPlots(folder: String, caption: String, in dir: String) throws {
        try write(caption, named: PlotIndex.captionFile, in: folder)
        let manager = FileManager.default
        var runs: [(date: Date, run: PlotIndex.Run)] = []
        for name in (try? manager.contentsOfDirectory(atPath: dir)) ?? [] {
            let path = PathName.joined(dir, name)
            guard let text = Self.caption(in: path) else { continue }       // not a run's folder
            let pictures = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".svg") }.sorted()
            let date = (try? manager.attributesOfItem(atPath: path)[.creationDate] as? Date)
                ?? (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
            let caption = text.split(separator: "\n").first.map(String.init) ?? name
            runs.append((date, PlotIndex.Run(folder: name, caption: caption, pictures: pictures)))
        }
        runs.sort { ($0.date, $0.run.folder) > ($1.date, $1.run.folder) }
        try write(PlotIndex.html(runs.map(\.run)), named: "index.html", in: dir)
        StandardError.write("pageturn: pictures in \(PrintableText.escaped(folder)), all of them in \(PrintableText.escaped(dir))/index.html\n")
    }

    /// The caption a run left in `folder`: a regular file, not followed through a link, its
    /// first 4 KB; nil when there is none (not a run's folder) or it cannot be read.
    static func caption(in folder: String) -> String? {
        let fd = open(PathName.joined(folder, PlotIndex.captionFile), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = read(fd, &bytes, bytes.count)
        guard n > 0 else { return nil }
        return String(decoding: bytes[..<n], as: UTF8.self)
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
