import Fonts
import Foundation

/// What Pango measured on a book, and how its line starts compare with ours.
struct PangoFigures {
    var pages: Int
    var lines: Int
    var bestMs: Double
    /// Fraction of our plain line starts that Pango also starts a line at.
    var agreement: Double?
}

/// Runs `../shared/bench/pango_paginate.py` with /usr/bin/python3 on the same book, faces,
/// size, width, line height and the `plain` preset.
struct PangoPeer {
    let script: String

    /// The peer's `--font`: our faces' families as one Pango family list, in the order we try
    /// them ("Noto Serif,Noto Serif CJK SC,Noto Naskh Arabic"), so that Pango sets each
    /// character in the face we set it in instead of fontconfig's own fallback.
    static func font(of faces: [FontFace]) -> String {
        faces.map(\.familyName).joined(separator: ",")
    }

    func run(book: String, encoding: String, figures: BookFigures, layout: BenchLayout, ourLinesFile: String) -> PangoFigures? {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-pango-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: json) }
        guard let fields = summary(book: book, encoding: encoding, font: figures.pangoFont, layout: layout, json: json)
        else { return nil }
        var figuresOut = PangoFigures(pages: Int(fields["pages"] ?? 0), lines: Int(fields["lines"] ?? 0),
                                      bestMs: fields["best_ms"] ?? 0, agreement: nil)
        // Pango's logical line starts (`scripts/pango_line_starts.py`): the peer's own starts are
        // each line's leftmost character, a right-to-left line's end.
        let logical = json + ".logical"
        defer { try? FileManager.default.removeItem(atPath: logical) }
        let starts = Self.logicalStarts(peer: script, book: book, encoding: encoding, font: figures.pangoFont,
                                        layout: layout, out: logical) ? (logical, nil) : (json, "lines")
        if let theirs = Self.lineStarts(json: starts.0, key: starts.1), let ours = Self.lineStarts(json: ourLinesFile, key: nil),
           !ours.isEmpty {
            let theirSet = Set(theirs)
            figuresOut.agreement = Double(ours.filter(theirSet.contains).count) / Double(max(ours.count, theirs.count))
        }
        return figuresOut
    }

    /// Runs `scripts/pango_line_starts.py` (found beside the working folder or the
    /// executable's package) to write Pango's logical line starts to `out`; false when it
    /// cannot.
    static func logicalStarts(peer: String, book: String, encoding: String, font: String, layout: BenchLayout,
                              out: String) -> Bool {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = ["scripts/pango_line_starts.py",
                          executable.deletingLastPathComponent().appendingPathComponent("../../../scripts/pango_line_starts.py")
                            .standardizedFileURL.path]
        guard let script = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return false }
        let arguments = [script, peer, book, "--out", out, "--encoding", pythonCodec(encoding), "--font", font,
                         "--size", "\(layout.size)", "--width", "\(layout.width)", "--margin", "\(layout.margin)"]
        guard let result = try? ChildProcess.run("/usr/bin/python3", arguments) else { return false }
        return result.status == 0
    }

    /// Pango's best time of 3 on `book`, in ms (no line starts written).
    func bestMilliseconds(book: String, encoding: String, font: String, layout: BenchLayout) -> Double? {
        summary(book: book, encoding: encoding, font: font, layout: layout, json: nil)?["best_ms"]
    }

    /// The fields of the script's `pango:` summary line (pages, lines, best_ms, …).
    private func summary(book: String, encoding: String, font: String, layout: BenchLayout, json: String?) -> [String: Double]? {
        guard FileManager.default.fileExists(atPath: script) else { return nil }
        let lineHeight = layout.lineHeight ?? (layout.size * 1.5).rounded()
        let arguments = [script, book, "--encoding", Self.pythonCodec(encoding), "--font", font,
                         "--size", "\(layout.size)", "--width", "\(layout.width)", "--height", "\(layout.height)",
                         "--margin", "\(layout.margin)", "--line-height", "\(lineHeight)", "--runs", "3"]
            + (json.map { ["--json", $0] } ?? [])
        guard let result = try? ChildProcess.run("/usr/bin/python3", arguments), result.status == 0,
              let summary = result.output.split(separator: "\n").last(where: { $0.hasPrefix("pango:") })
        else { return nil }
        var fields: [String: Double] = [:]
        for field in summary.split(separator: " ").dropFirst() {
            let parts = field.split(separator: "=")
            if parts.count == 2, let value = Double(parts[1]) { fields[String(parts[0])] = value }
        }
        return fields
    }

    /// Python's codec name for an encoding name `TextDecoding` reports.
    static func pythonCodec(_ encoding: String) -> String {
        switch encoding.uppercased() {
        case "GB18030", "GBK": return "gb18030"
        case "BIG5": return "big5"
        case "SHIFT_JIS", "CP932": return "cp932"
        case "EUC-JP": return "euc_jp"
        case "UTF-16LE": return "utf-16-le"
        case "UTF-16BE": return "utf-16-be"
        default: return "utf-8"
        }
    }

    static func lineStarts(json path: String, key: String?) -> [Int]? {
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) else { return nil }
        if let key, let dict = object as? [String: Any] { return dict[key] as? [Int] }
        return object as? [Int]
    }
}

/// The table `bench` prints.
enum BenchReport {
    static let header = "book | chars | encoding | pages plain/book | full pass plain (best of 5) | first pass (words shaped anew) | of which decoding | M chars/s | book preset | middle page cold | peak MB | Pango | × faster (best; first) | same line starts"

    static func row(book: String, _ f: BookFigures, _ p: PangoFigures?) -> String {
        let rate = Double(f.chars) / f.bestMsPlain / 1000
        var cells = [
            book, "\(f.chars)", f.encoding, "\(f.pagesPlain)/\(f.pagesBook)", String(format: "%.2f ms", f.bestMsPlain),
            String(format: "%.2f ms", f.firstMsPlain), String(format: "%.2f ms", f.decodeMs),
            String(format: "%.1f", rate), String(format: "%.2f ms", f.bestMsBook), String(format: "%.2f ms", f.middlePageMs),
            String(format: "%.1f", f.peakMB),
        ]
        if let p {
            cells.append(String(format: "%.1f ms (%d pages)", p.bestMs, p.pages))
            cells.append(String(format: "%.1f×; %.1f×", p.bestMs / f.bestMsPlain, p.bestMs / f.firstMsPlain))
            cells.append(p.agreement.map { String(format: "%.1f%%", $0 * 100) } ?? "-")
        } else {
            cells += ["-", "-", "-"]
        }
        return cells.joined(separator: " | ")
    }

    /// The page at the middle offset from a cold start, against its target (`StartTarget`).
    static func start(book: String, _ f: BookFigures) -> String {
        let target = StartTarget.milliseconds(encoding: f.encoding)
        return "start: \(book): the page at the middle offset in " + String(format: "%.2f ms (target ≤ %.0f ms) ", f.middlePageMs, target)
            + (f.middlePageMs <= target ? "ok" : "SLOWER THAN TARGET")
    }
}
