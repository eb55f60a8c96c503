import Foundation
import Testing

@Suite("pageturn read and render")
struct ReaderCommandTests {
    let sample = "assets/books/alice-excerpt.txt"

    @Test("read with $DISPLAY naming a display nobody serves writes frames instead of hanging")
    func unreachableDisplay() throws {
        let dir = try Pageturn.temporaryFolder()
        let frames = dir.appendingPathComponent("frames")
        let result = try Pageturn.run(["read", sample, "--frames", frames.path], environment: [
            "DISPLAY": ":99", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "",
            "XDG_STATE_HOME": dir.appendingPathComponent("state").path,
            "XDG_RUNTIME_DIR": dir.path,
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("no display"), "stdout: \(result.stdout)")
        #expect(result.stdout.contains("wrote"), "stdout: \(result.stdout)")
        let written = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasSuffix(".png") }
        #expect(!written.isEmpty)
    }

    @Test("the font chosen with --font is saved with the book; one no longer installed falls back to the book faces")
    func fontSavedWithTheBook() throws {
        let dir = try Pageturn.temporaryFolder()
        let script = dir.appendingPathComponent("script.txt")
        try Data("tick @100\n".utf8).write(to: script)
        let state = dir.appendingPathComponent("state")
        func read(_ options: [String]) throws -> String {
            let result = try Pageturn.run(["read", sample, "--headless", "--script", script.path, "--state-dir", state.path] + options)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            return result.stdout
        }
        #expect(try read([]).contains(#""font":"auto""#))
        #expect(try read(["--font", "DejaVu Serif"]).contains(#""font":"DejaVu Serif""#))
        #expect(try read([]).contains(#""font":"DejaVu Serif""#), "the saved font is used again")
        #expect(try read(["--font", "auto"]).contains(#""font":"auto""#), "--font auto goes back to the book faces")
        #expect(try read([]).contains(#""font":"auto""#))
        #expect(try read(["--font", "DejaVu Serif"]).contains(#""font":"DejaVu Serif""#))
        let states = try FileManager.default.contentsOfDirectory(atPath: state.path)
        let file = state.appendingPathComponent(try #require(states.first { $0.hasSuffix(".json") }))
        let saved = try String(contentsOf: file, encoding: .utf8)
        try Data(saved.replacingOccurrences(of: "DejaVu Serif", with: "No Such Family 9").utf8).write(to: file)
        #expect(try read([]).contains(#""font":"auto""#), "a family gone is forgotten")
    }

    @Test("a family chosen in the font panel is saved with the book, and the place is kept")
    func fontChosenInThePanel() throws {
        let dir = try Pageturn.temporaryFolder()
        let state = dir.appendingPathComponent("state")
        func read(_ steps: String) throws -> String {
            let script = dir.appendingPathComponent("script.txt")
            try Data(steps.utf8).write(to: script)
            let result = try Pageturn.run(["read", sample, "--headless", "--script", script.path, "--state-dir", state.path])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            return result.stdout
        }
        func value(_ key: String, _ summary: String) -> String? {
            summary.firstMatch(of: try! Regex("\"\(key)\":(\"[^\"]*\"|[0-9]+)")).map { String($0.output[1].substring ?? "") }
        }
        let turned = try read("key next @100\nkey next @800\ntick @2000\n")
        let chosen = try read("press f @100\ntype dejavu serif @200\npress Return @300\ntick @3000\n")
        #expect(value("font", chosen) == #""DejaVu Serif""#, "\(chosen)")
        #expect(value("position", chosen) == value("position", turned), "the same place, laid out anew")
        #expect(try read("tick @100\n").contains(#""font":"DejaVu Serif""#), "used again when the book is opened")
        #expect(try read("press f @100\npress Home Return @200\ntick @3000\n").contains(#""font":"auto""#),
                "the first row goes back to the book faces")
    }

    @Test("a file that is not text is one error line, display or not, and no frames")
    func notTextWithoutADisplay() throws {
        let dir = try Pageturn.temporaryFolder()
        let binary = dir.appendingPathComponent("picture.txt")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7) }).write(to: binary)
        let result = try Pageturn.run(["read", binary.path, "--frames", dir.appendingPathComponent("frames").path], environment: [
            "DISPLAY": ":99", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "", "XDG_STATE_HOME": dir.path,
        ])
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("picture.txt"), "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing about frames first: \(result.stdout)")
    }
}

@Suite("pageturn render: options checked on one line")
struct RenderCommandTests {
    let sample = "assets/books/alice-excerpt.txt"

    @Test("--size outside the reader's sizes (10 to 48) is refused, as read refuses it", arguments: ["6", "9", "49", "96", "nan"])
    func fontSizes(size: String) throws {
        let out = try Pageturn.temporaryFolder().appendingPathComponent("page.png").path
        try expectOneLineError(["render", sample, "--size", size, "--out", out], mentioning: "--size must be from 10 to 48")
        try expectOneLineError(["read", sample, "--size", size], mentioning: "--size must be from 10 to 48")
    }

    @Test("an empty book renders as one blank page")
    func emptyBook() throws {
        let dir = try Pageturn.temporaryFolder()
        let empty = dir.appendingPathComponent("empty.txt")
        try Data().write(to: empty)
        let out = dir.appendingPathComponent("page.png")
        let result = try Pageturn.run(["render", empty.path, "--page", "1", "--width", "320", "--height", "480", "--out", out.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
        try expectOneLineError(["render", empty.path, "--page", "2", "--out", out.path], mentioning: "pages are 1 to 1")
    }

    @Test("a turn towards a page that does not exist is refused")
    func turnOffTheBook() throws {
        let dir = try Pageturn.temporaryFolder()
        let short = dir.appendingPathComponent("short.txt")
        try Data("A book of one short page.\n".utf8).write(to: short)
        let out = dir.appendingPathComponent("turn.png").path
        try expectOneLineError(["render", sample, "--page", "1", "--direction", "previous", "--progress", "0.4", "--out", out],
                               mentioning: "there is no page before 1")
        try expectOneLineError(["render", short.path, "--page", "1", "--direction", "next", "--progress", "0.4", "--out", out],
                               mentioning: "no page after 1")
    }

    @Test("frames of more than 16 physical megapixels are refused", arguments: [
        ["--width", "8192", "--height", "8192"], ["--width", "4000", "--height", "3000", "--scale", "2"],
    ])
    func hugeFrames(options: [String]) throws {
        let out = try Pageturn.temporaryFolder().appendingPathComponent("page.png").path
        try expectOneLineError(["render", sample, "--out", out] + options, mentioning: "megapixels")
    }

    @Test("read refuses a window of more than 16 megapixels before opening anything")
    func hugeWindow() throws {
        try expectOneLineError(["read", sample, "--width", "8192", "--height", "8192"], mentioning: "megapixels")
    }

    @Test("a script cannot resize the window past 16 megapixels either")
    func hugeScriptedResize() throws {
        try expectOneLineError(["read", sample, "--headless", "--script", "-"], stdin: "resize 8192 8192 @0\n",
                               mentioning: "line 1", "megapixels")
    }
}
