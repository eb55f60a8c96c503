import ArgumentParser
import Foundation
import PageTurner
import Reader
import Rendering

/// A window's size for the benchmark's children, `WxH` (`--window 1920x1080`).
struct BenchWindow: ExpressibleByArgument {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (160...8192).contains(w), (160...8192).contains(h) else {
            return nil
        }
        self.init(width: w, height: h)
    }

    var argument: String { "\(width)x\(height)" }
}

/// Spreads in a maximised window: a leaf's frames at 1920×1080 while a scripted
/// drag plays, on SDL's software renderer (in this process) and its accelerated one under
/// Xvfb (in children), and launch to the first frame of a spread against a single page in
/// the same window, cold page cache.
///
/// Targets: software median ≤ 10 ms for `classic` and ≤ 16 ms for `cylinder`; accelerated
/// median ≤ 8 ms; the spread's first frame at most 1.2× the single page's.
enum SpreadFrameBenchmark {
    static let window = BenchWindow(width: 1920, height: 1080)

    static func run(pageturn: String) -> [String] {
        var out = ["spreads (\(window.width)×\(window.height), a leaf dragged over the spine at 60 fps, then the landing):"]
        let book = FrameBenchmark.bookPath()
        out += software(book: book)
        let server = FrameBenchmark.startXvfb()
        defer { if let p = server.process { p.terminate(); p.waitUntilExit() } }
        guard let display = server.display else {
            return out + ["  accelerated renderer and first frames: not measured (\(server.problem))"]
        }
        out += accelerated(book: book, display: display)
        out += firstFrames(pageturn: pageturn, display: display)
        return out
    }

    static func software(book: String) -> [String] {
        do {
            try SDLRuntime.start(headless: true)
            let opened = try BenchBook.open(path: book)
            return try [(CurlModel.classic, 10.0), (.cylinder, 16.0)].map { curl, target in
                var start = ReaderStart()
                start.backgroundLayout = false
                start.preferences.curl = curl
                start.preferences.spreadMode = .spread
                start.position = opened.book.text.scalarCount / 2
                let canvas = try Canvas.offscreen(width: window.width, height: window.height)
                let session = ReaderSession(book: opened.book, fonts: opened.fonts, pageSize: canvas.logicalSize, start: start)
                let times = FrameTiming.dragFrameTimes(session: session, view: ReaderView(fonts: opened.fonts), canvas: canvas)
                let m = FrameBenchmark.median(times)
                return "  software renderer, \(curl.rawValue) leaf: \(FrameTiming.summary(times))  "
                    + "(target: median ≤ \(Int(target)) ms) \(FrameBenchmark.verdict(m <= target))"
            }
        } catch {
            return ["  software renderer: not measured (\(error))"]
        }
    }

    static func accelerated(book: String, display: String) -> [String] {
        ["classic", "cylinder"].map { curl in
            let (output, _) = FrameBenchmark.child("/proc/self/exe", ["drag-frames", book, "--curl", curl, "--layout", "spread",
                                                    "--window", window.argument], environment: ["DISPLAY": display])
            guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
                  let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let times = json["times"] as? [Double] else {
                return "  accelerated renderer, \(curl) leaf: not measured (\(output.prefix(200)))"
            }
            let renderer = json["renderer"] as? String ?? "?"
            let ok = FrameBenchmark.median(times) <= 8
            return "  \(renderer) under Xvfb, \(curl) leaf: \(FrameTiming.summary(times))  (target: median ≤ 8 ms) "
                + FrameBenchmark.verdict(ok)
        }
    }

    /// Launch to the first frame of War and Peace at its middle, cold page cache, a single page
    /// and a spread in the same window.
    static func firstFrames(pageturn: String, display: String) -> [String] {
        guard let corpus = FrameBenchmark.warAndPeace else { return ["  first frames: not measured (no War and Peace)"] }
        guard let folder = try? BenchScratch.folder() else { return ["  first frames: not measured (no scratch folder)"] }
        defer { try? FileManager.default.removeItem(at: folder) }
        do { try FrameBenchmark.saveMiddlePosition(of: corpus, in: folder) } catch { return ["  first frames: not measured (\(error))"] }
        var ms: [SpreadMode: Double] = [:]
        for layout in [SpreadMode.single, .spread] {
            // The median of five launches, each with a cache of its own (see `FrameBenchmark.firstFrame`).
            var times: [Double] = []
            for k in 0..<5 {
                let cache = folder.appendingPathComponent("cache-\(layout.rawValue)-\(k)")
                let launch = FrameBenchmark.firstFrameLaunch(
                    pageturn: pageturn, book: corpus,
                    arguments: ["--width", "\(window.width)", "--height", "\(window.height)", "--layout", layout.rawValue],
                    folder: folder, cache: cache, display: display, waitingForPages: false)
                guard let ms = launch.ms else { return ["  first frames: not measured (\(launch.what))"] }
                times.append(ms)
            }
            ms[layout] = FrameBenchmark.median(times)
        }
        let single = ms[.single] ?? 0, spread = ms[.spread] ?? 0
        let ratio = single > 0 ? spread / single : 0
        return [String(format: "  launch to first frame, cold page cache, median of 5: single page %.0f ms, spread %.0f ms (%.2f×; target ≤ 1.2×) ",
                       single, spread, ratio) + FrameBenchmark.verdict(ratio <= 1.2)]
    }
}
