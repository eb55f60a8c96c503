import EPUB
import Foundation
import Pagination

/// `--only epub`: Sherlock Holmes from Standard Ebooks against a TXT made of the same text
/// (its blocks, a blank line between them, written by the benchmark from the EPUB), in the
/// same run. Targets (issue 38): the release `pageturn paginate` of the EPUB within 1.5× the
/// TXT's, its first page (`layout --page 1`) within 1.3×, and the EPUB opened and its middle
/// page laid out in this process within 10 ms. The whole processes read the book from the
/// book cache (`EPUBCache`: the untimed first run fills it), as every open after the first
/// does; the book read from its file, cold, is timed in this process beside it.
enum EPUBBenchmark {
    static let runs = 10

    static func run(pageturn me: String, books: String) -> [String] {
        let epub = books + "/sherlock-holmes.epub"
        var lines = ["EPUB (Sherlock Holmes, Standard Ebooks) against a TXT of the same text, whole processes, median of \(runs):"]
        guard FileManager.default.fileExists(atPath: epub) else { return lines + ["  not measured: no \(epub)"] }
        guard let scratch = try? BenchScratch.folder() else { return lines + ["  not measured: no scratch folder"] }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let txt = scratch.appendingPathComponent("sherlock-holmes.txt")
        let book: EPUBBook
        do {
            book = try EPUBBook.open(path: epub)
            let text = book.text.string(0..<book.text.scalarCount).replacingOccurrences(of: "\n", with: "\n\n")
            try Data(text.utf8).write(to: txt)
        } catch {
            return lines + ["  not measured: \(error)"]
        }
        func compare(_ what: String, _ arguments: [String], target: Double) {
            let ours = ProcessBenchmark.median(me, arguments + [epub], runs: runs)
            let plain = ProcessBenchmark.median(me, arguments + [txt.path], runs: runs)
            let ratio = ours / plain
            lines.append(String(format: "  %@: EPUB %.1f ms, TXT %.1f ms: %.2f× (target ≤ %.1f×) ", what, ours, plain, ratio, target)
                + FrameBenchmark.verdict(ratio <= target))
        }
        compare("paginate", ["paginate", "--no-cache"], target: 1.5)
        compare("first page (layout --page 1)", ["layout", "--page", "1", "--json", "/dev/null"], target: 1.3)

        // The middle page from cold, in this process: the book opened and the page at its
        // middle offset laid out (the advance table alone measures, as for the corpus' start),
        // from the book cache and from the file itself.
        let cache = EPUBCache(directory: scratch.appendingPathComponent("books"))
        _ = try? EPUBBook.open(path: epub, cache: cache)
        for (what, from) in [("from the book cache", Optional(cache)), ("read from the file", nil)] {
            let best = middlePage(epub, cache: from)
            lines.append(String(format: "  opened %@ and the middle page laid out, in process: best %.1f ms (target ≤ 10 ms) ",
                                what, best) + FrameBenchmark.verdict(best <= 10))
        }
        return lines + PictureBenchmark.run(pageturn: me, books: books, scratch: scratch)
            + PictureMemoryBenchmark.run(pageturn: me, scratch: scratch)
    }

    /// The best of `runs` times to open `epub` (through `cache`, if given) and lay out the page
    /// at its middle offset.
    static func middlePage(_ epub: String, cache: EPUBCache?) -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            guard let opened = try? (cache.map { try EPUBBook.open(path: epub, cache: $0) } ?? EPUBBook.open(path: epub))
            else { break }
            let settings = LayoutSettings(pageWidth: 800, pageHeight: 1000, margin: 40, fontSize: 18)
            let advances = AdvanceTable.monospaced(pixelSize: 18, narrow: 9, wide: 18)
            let paginator = Paginator(text: opened.text, settings: settings, advances: advances, structure: opened.structure)
            _ = paginator.page(at: opened.text.scalarCount / 2)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return best
    }
}
