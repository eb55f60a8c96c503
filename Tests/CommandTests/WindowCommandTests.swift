import Foundation
import Testing
import TestSupport

/// The window's renderer (SDL's accelerated one: OpenGL, on Mesa's llvmpipe under Xvfb) shows
/// what the headless software renderer draws: every frame of a scripted session, compared.
/// This is the only place the GL path is drawn in tests; `make test` installs Xvfb for it.
@Suite("Reader window", .serialized)
struct WindowCommandTests {
    static let script = """
        down 560 500 @100
        move 420 505 @150
        move 200 510 @200
        up @250
        key next @1200
        resize 500 700 @2200
        press g @3000
        type 4 @3100
        press Return @3200
        press plus @4000
        press b @5000
        press Escape @5400
        """

    @Test("a scripted session in a window under Xvfb draws the frames the headless renderer draws")
    func windowMatchesHeadless() throws {
        let server = try VirtualDisplay.start()
        defer { server.stop() }
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["read", "assets/books/alice-excerpt.txt", "--script", "-", "--width", "600", "--height", "800",
                      "--curl", "classic", "--fps", "20"]
        let window = try Pageturn.run(common + ["--window", "--frames", folder.appendingPathComponent("window").path],
                                      stdin: Self.script, environment: server.environment)
        #expect(window.status == 0, "window run: \(window.stderr)")
        let headless = try Pageturn.run(common + ["--headless", "--frames", folder.appendingPathComponent("headless").path],
                                        stdin: Self.script)
        #expect(headless.status == 0, "headless run: \(headless.stderr)")
        #expect(window.stdout == headless.stdout, "the same session: page, font size, frames")
        #expect(try readSummary(window.stdout)["page"] as? Int == 4, "go to page 4 happened: \(window.stdout)")

        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("headless").path).sorted()
        #expect(names.count > 80)
        var worst = (share: 0.0, name: "")
        var identical = 0
        for name in names {
            let shownPath = folder.appendingPathComponent("window/\(name)").path
            let drawnPath = folder.appendingPathComponent("headless/\(name)").path
            if FileManager.default.contentsEqual(atPath: shownPath, andPath: drawnPath) {
                identical += 1  // most frames: the same bytes (a page copied pixel for pixel)
                continue
            }
            let shown = try PNGImage(contentsOf: folder.appendingPathComponent("window/\(name)").path)
            let drawn = try PNGImage(contentsOf: folder.appendingPathComponent("headless/\(name)").path)
            #expect(shown.width == drawn.width && shown.height == drawn.height, "\(name): the window's size")
            let share = shown.differingShare(from: drawn, tolerance: 24)
            if share > worst.share { worst = (share, name) }
            // A blank page (the text missing) or a missing curl layer differs in far more.
            #expect(share < 0.01, "\(name): \(Int(share * 1000)) ‰ of pixels differ")
            #expect(abs(shown.inkCount - drawn.inkCount) <= max(200, drawn.inkCount / 50), "\(name): the same ink")
        }
        #expect(identical > names.count / 2, "still pages are exact copies: \(identical) of \(names.count) identical")
        print("window vs headless: \(identical) of \(names.count) frames identical; worst frame \(worst.name), \(String(format: "%.2f", worst.share * 100)) % of pixels differ")
    }

    /// Drags that commit and cancel, a fling, a tap, a resize of the window, a key, the wheel
    /// and a trackpad swipe.
    static let recordedScript = """
        down 560 500 @100
        move 420 505 @150
        move 200 510 @200
        up @250
        down 500 500 @1200
        move 480 500 @1400
        move 460 500 @1700
        up @1900
        down 300 500 @3000
        move 330 500 @3020
        move 360 500 @3040
        up @3041
        down 580 400 @4200
        up @4260
        resize 500 700 @4800
        key next @5200
        wheel -1 @6000
        scroll -40 0 @7000
        scroll -80 0 @7016
        scroll -80 0 @7032
        """

    @Test("a session recorded in a window under Xvfb replays with the same commits, cancels and final page")
    func aRecordingReplaysWhatTheWindowDid() throws {
        let server = try VirtualDisplay.start()
        defer { server.stop() }
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = folder.appendingPathComponent("recording.txt").path
        let window = try Pageturn.run(["read", "assets/books/alice-excerpt.txt", "--script", "-", "--window", "--width", "600",
                                       "--height", "800", "--record", recording],
                                      stdin: Self.recordedScript, environment: server.environment)
        #expect(window.status == 0, "window run: \(window.stderr)")
        let shownPage = try #require(try readSummary(window.stdout)["page"] as? Int)
        let replay = try Pageturn.run(["simulate", recording])
        #expect(replay.status == 0, "\(replay.stderr)")
        let lines = replay.stdout.split(separator: "\n")
        let commits = lines.filter { $0.contains("\"turnCommitted\"") }.count
        let cancels = lines.filter { $0.contains("\"turnCancelled\"") }.count
        #expect(commits == 6 && cancels == 1, "the drag, fling, tap, key, wheel and swipe turned; the short drag did not")
        let pages = try #require(try readSummary(window.stdout)["pages"] as? Int)
        #expect(lines.last == "{\"cancels\":\(cancels),\"page\":\(shownPage - 1),\"pages\":\(pages),\"turns\":\(commits)}",
                "the window ended on page \(shownPage) (from 1); the replay says \(lines.last ?? "")")
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(text.contains("#@ width 600") && text.contains("#@ set commitFraction=0.2") && text.contains("scroll -80 0 @")
                && text.contains("\nresize 500 700 @") && text.contains("\npages "))
    }
}

/// Xvfb on a display number it picks itself (`-displayfd`), ready once it has written it.
final class VirtualDisplay {
    let process = Process()
    let display: String

    /// A server on this machine's Xvfb; the test fails, saying how to install it, without one.
    static func start() throws -> VirtualDisplay {
        let xvfb = try #require(["/usr/bin/Xvfb", "/bin/Xvfb"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "Xvfb is missing: `make test` installs it (apt-get install xvfb)")
        return try VirtualDisplay(xvfb: xvfb)
    }

    init(xvfb: String) throws {
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var number = Data()
        while !number.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            number.append(chunk)
        }
        let text = String(decoding: number, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let n = Int(text) else {
            process.terminate()
            throw XvfbFailure(description: "Xvfb did not start (it said '\(text)')")
        }
        display = ":\(n)"
    }

    /// What a child process needs to draw on it: the display, and SDL's X11 driver named (the
    /// rendering tests set SDL_VIDEODRIVER=dummy in this process, which children inherit).
    var environment: [String: String] { ["DISPLAY": display, "SDL_VIDEODRIVER": "x11"] }

    /// Ends the server. SIGKILL, not SIGTERM: the server inherits the test runner's signal
    /// mask, which may block SIGTERM, and a server left running outlives the tests.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

struct XvfbFailure: Error, CustomStringConvertible {
    let description: String
}
