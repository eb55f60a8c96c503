import Dispatch
import Foundation
import Pagination

/// `--only find`: searching War and Peace (3.2 million characters), case and accents aside
/// (`BookSearch`): the book folded once (what the reader does when it first searches a book),
/// then a name and a phrase found in it. Target (issue 43): a search answers in ≤ 50 ms.
enum FindBenchmark {
    static func run(corpus: String) -> [String] {
        var lines = ["Find (War and Peace, case and accents aside):"]
        let path = corpus + "/en_tolstoy_war_and_peace.txt"
        guard let decoded = try? BenchBook.decode(BenchBook.bytes(path: path), path: path) else {
            return lines + ["  not measured: cannot read \(path)"]
        }
        let text = BookText(decoded: decoded)
        func ms(_ body: () -> Void) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        var search: BookSearch?
        let folding = (0..<5).map { _ in ms { search = BookSearch(text: text) } }.min() ?? 0
        guard let search else { return lines }
        lines.append(String(format: "  the book folded once: %.1f ms", folding))
        for query in ["Natasha", "prince andrew", "Bonaparte"] {
            var count = 0
            let time = (0..<5).map { _ in ms { count = (try? search.matches(of: query).count) ?? -1 } }.min() ?? 0
            lines.append("  \"\(query)\": " + String(format: "%d matches in %.1f ms, %.1f ms with the folding (target ≤ 50) ", count, time,
                                                      time + folding) + FrameBenchmark.verdict(time + folding <= 50))
        }
        return lines
    }
}
