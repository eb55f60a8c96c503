import ArgumentParser
import Fonts
import Foundation
import Pagination

/// `pageturn-bench`: what `make bench` runs. For every book of a corpus, in a child process
/// of its own (so peak memory is the book's), it times full pagination (best of 5) and the
/// page at the middle offset from a cold start, then runs Pango on the same book with the
/// same font, size, width and line height in the `plain` preset and prints the ratio and
/// how many line starts agree. Then the turn machine, the reader's frames, and the release
/// `pageturn` as a whole process.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pageturn-bench",
        abstract: "Times pagination of every corpus book against Pango, the gesture machine, the reader's frames and launch.",
        subcommands: [DragFramesCommand.self])

    @Option(help: "Folder of .txt books.") var corpus: String = "../shared/corpus"
    @Option(help: "Folder of EPUB books (--only epub).") var epubBooks: String = "../shared/epub/books"
    @Option(help: "Pango's peer script (run with /usr/bin/python3).") var pango: String = "../shared/bench/pango_paginate.py"
    @Option(help: "The pageturn executable timed as a whole process (a release build).")
    var pageturn: String = ".build/release/pageturn"
    @Flag(help: "Skip Pango.") var noPango = false
    @Option(help: ArgumentHelp("Benchmark one book in this process and print its figures as JSON (the benchmark's own child).",
                               visibility: .hidden))
    var single: String?
    @Option(help: ArgumentHelp("With --single: write the plain preset's line starts to this JSON file.", visibility: .hidden))
    var linesOut: String?
    @Option(help: BenchGroup.help) var only: [BenchGroup] = []
    @OptionGroup var layout: BenchLayout

    func run() throws {
        if let single {
            try BookBenchmark(path: single, layout: layout, linesOut: linesOut).run()
            return
        }
        try runCorpus()
    }

    func runCorpus() throws {
        let groups = BenchGroup.selected(only)
        if groups.contains(.launch) || groups.contains(.frames) || groups.contains(.spreads) || groups.contains(.epub) {
            guard FileManager.default.isExecutableFile(atPath: pageturn) else {
                throw BenchError("no pageturn executable at \(pageturn): build it first (swift build -c release) or pass --pageturn PATH")
            }
        }
        if groups.contains(.books) || groups.contains(.start) {
            try runBooks(table: groups.contains(.books), start: groups.contains(.start))
        }
        if groups.contains(.gestures) {
            print("")
            for line in GestureBenchmark.run() { print(line) }
        }
        if groups.contains(.launch) {
            print("")
            for line in ProcessBenchmark.run(pageturn: pageturn, corpus: corpus, pango: pango, noPango: noPango, layout: layout) {
                print(line)
            }
        }
        if groups.contains(.frames) || groups.contains(.launch) {
            print("")
            for line in FrameBenchmark.run(pageturn: pageturn, frames: groups.contains(.frames), launch: groups.contains(.launch)) {
                print(line)
            }
        }
        if groups.contains(.spreads) {
            print("")
            for line in SpreadFrameBenchmark.run(pageturn: pageturn) { print(line) }
        }
        if groups.contains(.epub) {
            print("")
            for line in EPUBBenchmark.run(pageturn: pageturn, books: epubBooks) { print(line) }
        }
        if groups.contains(.find) {
            print("")
            for line in FindBenchmark.run(corpus: corpus) { print(line) }
        }
        if groups.contains(.shelf) {
            print("")
            for line in ShelfBenchmark.run(pageturn: pageturn) { print(line) }
        }
    }

    /// Every corpus book in a child process: the table against Pango (and the glyph atlas) when
    /// `table`, the page at the middle offset against its target when `start`.
    func runBooks(table: Bool, start: Bool) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: corpus, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BenchError("no corpus folder at \(corpus)")
        }
        let books = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".txt") }.sorted()
        let settings = try layout.validatedSettings()
        print("pageturn-bench: \(Int(settings.pageWidth))×\(Int(settings.pageHeight)) page, margin \(Int(settings.margin)), "
              + "\(settings.fontSize) px, line height \(settings.lineHeight); release build, one thread")
        if table { print(BenchReport.header) }
        var starts: [String] = [], fits: [String] = []
        let scratch = try BenchScratch.folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for book in books {
            let path = corpus + "/" + book
            let linesFile = scratch.appendingPathComponent("lines.json").path
            let arguments = ["--single", path, "--lines-out", linesFile] + layout.childArguments()
            let ours = try ChildProcess.run("/proc/self/exe", arguments)
            guard ours.status == 0, let figures = try? JSONDecoder().decode(BookFigures.self, from: Data(ours.output.utf8)) else {
                print("\(book): failed: \(ours.errorOutput.split(separator: "\n").first ?? "")")
                continue
            }
            starts.append(BenchReport.start(book: book, figures))
            for fit in figures.fits { fits.append("  \(book) \(fit.summary)") }
            guard table else { continue }
            var peer: PangoFigures?
            if !noPango {
                peer = PangoPeer(script: pango).run(book: path, encoding: figures.encoding, figures: figures, layout: layout,
                                                    ourLinesFile: linesFile)
            }
            try? FileManager.default.removeItem(atPath: linesFile)
            print(BenchReport.row(book: book, figures, peer))
        }
        if table, let fonts = try? BookFonts.openSet(layout.faces, coverage: nil, language: nil).set {
            print("")
            for line in AtlasBenchmark.run(fonts: fonts) { print(line) }
        }
        if table && !fits.isEmpty {
            print("")
            print("line fit in book (justified; r: how far word spaces stretch, 1 = half a space more):")
            for line in fits { print(line) }
        }
        if start {
            print("")
            for line in starts { print(line) }
        }
    }
}

/// What one book's child process measured.
struct BookFigures: Codable {
    var chars: Int
    var encoding: String
    /// The faces as the Pango peer's `--font` (`PangoPeer.font(of:)`).
    var pangoFont: String
    var pagesPlain: Int
    var linesPlain: Int
    var pagesBook: Int
    var bestMsPlain: Double
    /// The first plain pass, every word shaped anew (the later ones find them in `ShapeCaches`).
    var firstMsPlain: Double
    var bestMsBook: Double
    var middlePageMs: Double
    var fontTableMs: Double
    var decodeMs: Double
    var peakMB: Double
    /// The `book` preset's line fit, greedy then optimal (none for a CJK book).
    var fits: [FitFigures] = []
}

/// How evenly one way of breaking lines set a book (`LineFit`).
struct FitFigures: Codable {
    var breaking: String
    var meanRatio: Float
    var ratio95: Float
    var looserThanOne: Float
    var hyphensPer100Lines: Float
    var pages: Int
    var ms: Double

    init(_ breaking: LineBreaking, _ fit: LineFit, pages: Int, ms: Double) {
        self.breaking = breaking.rawValue
        meanRatio = fit.meanAbsoluteRatio
        ratio95 = fit.absoluteRatio95
        looserThanOne = fit.shareLooserThanOne
        hyphensPer100Lines = fit.hyphensPer100Lines
        self.pages = pages
        self.ms = ms
    }

    /// "greedy: mean |r| 0.52, 95th 1.71, 14.2% past r = 1, 3.1 hyphens/100 lines, 1660 pages, 46 ms".
    var summary: String {
        String(format: "%@: mean |r| %.2f, 95th %.2f, %.1f%% past r = 1, %.1f hyphens/100 lines, %d pages, %.0f ms",
               breaking, meanRatio, ratio95, 100 * looserThanOne, hyphensPer100Lines, pages, ms)
    }
}

/// Runs a command and collects its output.
enum ChildProcess {
    struct Result {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try ProcessStart.run(process)
        // Read both pipes at once so that a child filling one never blocks.
        nonisolated(unsafe) var errorOutput = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorOutput = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                      errorOutput: String(decoding: errorOutput, as: UTF8.self))
    }
}
