import Foundation
import Testing
import TestSupport

/// `--plot DIR`: every run in a folder of its own, and `DIR/index.html` showing them all, as a
/// browser shows it (headless Chromium, which `make test` installs).
@Suite("pageturn simulate --plot: the index", .serialized)
struct PlotIndexCommandTests {
    @Test func runsKeepTheirPicturesAndTheIndexShowsThemInABrowser() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try GestureLabCommandTests.gestures(count: 30, in: folder)
        let plots = folder.appendingPathComponent("plots").path
        for arguments in [["--compare-policies"], ["--sweep", "commitFraction=0.1:0.4:0.1"], ["--sweep", "commitFraction=0.1:0.4:0.1"]] {
            let run = try Pageturn.run(["simulate"] + arguments + ["--plot", plots, path])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: plots).sorted()
        #expect(folders == ["index.html", "policies", "sweep-commitFraction", "sweep-commitFraction-2"], "\(folders)")
        let html = try String(contentsOfFile: plots + "/index.html", encoding: .utf8)
        #expect(html.contains("Commit rules compared over gestures") && html.contains("Sweep of commitFraction 0.1…0.4"))
        let links = html.components(separatedBy: "src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(links.count == 3)
        for link in links { #expect(FileManager.default.fileExists(atPath: plots + "/" + link), "\(link)") }

        let shot = folder.appendingPathComponent("index.png").path
        let browser = try Self.chromium(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                         "--user-data-dir=" + folder.appendingPathComponent("profile").path,
                                         "--screenshot=" + shot, "--window-size=1000,3000", "file://" + plots + "/index.html"])
        #expect(browser == 0)
        let image = try PNGImage(contentsOf: shot)
        #expect(image.width == 1000 && image.height == 3000)
        // The pictures were drawn, not left as broken images: the bar chart's red and blue bars
        // are there, below the two sweeps' charts (the newest run comes first).
        func count(_ test: (UInt32, UInt32, UInt32) -> Bool) -> Int {
            image.pixels.count { p in test(p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF) }
        }
        #expect(count { r, g, b in r > 150 && g < 70 && b < 70 } > 500, "red bars")
        #expect(count { r, g, b in b > 140 && r < 80 && g < 130 } > 500, "blue bars")
    }

    /// Runs Chromium (Debian's `chromium`) with `arguments`; gives it a minute.
    static func chromium(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        if ended.wait(timeout: .now() + 60) == .timedOut {
            process.terminate()
            process.waitUntilExit()
        }
        return process.terminationStatus
    }
}
