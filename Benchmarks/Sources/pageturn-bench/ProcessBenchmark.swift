import Fonts
import Foundation
import Pagination
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Whole-process start-up for `--only launch`: the release `pageturn` run as a person runs
/// it, timed from `posix_spawn` to its exit, the median of several runs (output to /dev/null). Targets: `pageturn --help` ≤ 8 ms; `paginate` of a one-line book ≤ 15 ms;
/// `paginate` of War and Peace and of 红楼梦 (the `plain` preset, page cache off) at least 20×
/// faster than Pango's layout alone on the same book, and of the Persian and Bengali books at
/// least 5× (shaping every word), measured in the same run (our best of 10 against Pango's
/// best of 3; the median is printed too).
///
/// The font caches (`FontLocationCache`, `AdvanceTableCache`) are warm: one untimed run
/// before each series fills them, as any earlier command has.
enum ProcessBenchmark {
    static let runs = 20, bookRuns = 10

    static func run(pageturn me: String, corpus: String, pango: String, noPango: Bool, layout: BenchLayout) -> [String] {
        var lines = ["whole process (median of \(runs) runs; font caches warm; paginate lays a large book out on two threads):"]
        let help = median(me, ["--help"], runs: runs)
        lines.append(String(format: "  pageturn --help: %.1f ms (target ≤ 8 ms) ", help) + FrameBenchmark.verdict(help <= 8))

        let scratch = try? BenchScratch.folder()
        defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
        if let oneLine = scratch?.appendingPathComponent("one-line.txt"), (try? Data("A book of one line.\n".utf8).write(to: oneLine)) != nil {
            let ms = median(me, ["paginate", "--no-cache", oneLine.path], runs: runs)
            lines.append(String(format: "  pageturn paginate, a one-line book: %.1f ms (target ≤ 15 ms) ", ms) + FrameBenchmark.verdict(ms <= 15))
        }

        let targets: [(name: String, times: Double)] = [
            ("en_tolstoy_war_and_peace.txt", 20), ("zh_cao_xueqin_hongloumeng.txt", 20),
            ("fa_saadi_golestan.txt", 5), ("bn_tagore_bou-thakuranir-haat.txt", 5),
        ]
        for (name, target) in targets {
            let book = corpus + "/" + name
            guard FileManager.default.fileExists(atPath: book) else {
                lines.append("  pageturn paginate \(name): not measured (not in \(corpus))")
                continue
            }
            let times = series(me, ["paginate", "--no-cache", book] + layout.childArguments(preset: .plain), runs: bookRuns)
            let ours = times.min() ?? .infinity
            var line = String(format: "  pageturn paginate %@ (plain, no page cache): best of %d %.1f ms, median %.1f ms",
                              name, bookRuns, ours, FrameBenchmark.median(times))
            if !noPango, let theirs = pangoMilliseconds(book: book, script: pango, layout: layout) {
                // Best against best: Pango's script reports its best of 3.
                let ratio = theirs / ours
                line += String(format: "; Pango's layout alone %.0f ms: %.1f× faster (target ≥ %.0f×) ", theirs, ratio, target)
                    + FrameBenchmark.verdict(ratio >= target)
            } else {
                line += " (Pango not run)"
            }
            lines.append(line)
        }
        return lines
    }

    /// Pango's best layout time on `book` (UTF-8 and GB18030 books; the encoding ours detects).
    static func pangoMilliseconds(book: String, script: String, layout: BenchLayout) -> Double? {
        guard let decoded = try? BenchBook.decode(BenchBook.bytes(path: book), path: book) else { return nil }
        guard let fonts = try? BenchBook.faces(layout.faces, for: BookText(decoded: decoded)) else { return nil }
        return PangoPeer(script: script).bestMilliseconds(book: book, encoding: decoded.encoding,
                                                          font: PangoPeer.font(of: fonts.set.faces), layout: layout)
    }

    /// The median wall time of `runs` runs of `executable arguments`, after one untimed run.
    static func median(_ executable: String, _ arguments: [String], runs: Int) -> Double {
        FrameBenchmark.median(series(executable, arguments, runs: runs))
    }

    /// The wall times of `runs` runs, after one untimed run.
    static func series(_ executable: String, _ arguments: [String], runs: Int) -> [Double] {
        _ = spawnAndWait(executable, arguments)
        return (0..<runs).map { _ in spawnAndWait(executable, arguments) }
    }

    /// Milliseconds from `posix_spawn` to the child's exit, its output discarded; infinity if
    /// it failed (exit status not 0).
    static func spawnAndWait(_ executable: String, _ arguments: [String]) -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let start = DispatchTime.now().uptimeNanoseconds
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return .infinity }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        // A run that failed is no time at all: infinity, which a best or a median then shows.
        return status == 0 ? ms : .infinity
    }
}
