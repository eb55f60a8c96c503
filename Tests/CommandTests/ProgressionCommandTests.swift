import Foundation
import Testing

@Suite("--progression on read and render")
struct ProgressionCommandTests {
    let sample = "assets/books/alice-excerpt.txt"

    /// A drag from the left edge of an 800 px page towards the right, then time to land.
    static let dragFromTheLeftEdge = "down 40 500 @0\nmove 60 502 @20\nmove 200 505 @60\nmove 380 510 @100\nup @120\ntick @1000\n"

    /// Runs the drag headlessly and returns the summary's page (from 1) and progression.
    func drag(state: URL, cache: URL, _ options: [String] = []) throws -> (page: Int?, progression: String?) {
        let result = try Pageturn.run(["read", sample, "--headless", "--script", "-", "--width", "800", "--height", "1000",
                                       "--state-dir", state.path, "--cache-dir", cache.path] + options,
                                      stdin: Self.dragFromTheLeftEdge)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let summary = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        return (summary?["page"] as? Int, summary?["progression"] as? String)
    }

    @Test("read --progression rtl turns forward on a drag from the left edge; the choice is saved until another is given")
    func readRightToLeft() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = dir.appendingPathComponent("cache")
        let plain = try drag(state: dir.appendingPathComponent("plain"), cache: cache)
        #expect(plain.page == 1 && plain.progression == "ltr", "left to right: the first page's boundary")

        let state = dir.appendingPathComponent("state")
        let first = try drag(state: state, cache: cache, ["--progression", "rtl"])
        #expect(first.page == 2 && first.progression == "rtl")
        let saved = try drag(state: state, cache: cache)
        #expect(saved.page == 3 && saved.progression == "rtl", "the book's saved choice")
        let overridden = try drag(state: state, cache: cache, ["--progression", "ltr"])
        #expect(overridden.page == 2 && overridden.progression == "ltr", "the option wins: the same drag goes back")
    }

    @Test("render --progression rtl draws a turn unlike the left-to-right one")
    func renderRightToLeft() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var pngs: [Data] = []
        for progression in ["ltr", "rtl"] {
            let out = dir.appendingPathComponent("\(progression).png")
            let result = try Pageturn.run(["render", sample, "--page", "2", "--progress", "0.4", "--direction", "next",
                                           "--width", "400", "--height", "500", "--progression", progression, "--out", out.path])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            pngs.append(try Data(contentsOf: out))
        }
        #expect(pngs[0] != pngs[1])
    }

    @Test("an unknown progression is refused on one line", arguments: ["sideways", "RTL", ""])
    func unknownProgression(value: String) throws {
        let out = try Pageturn.temporaryFolder().appendingPathComponent("page.png").path
        try expectOneLineError(["read", sample, "--progression", value], mentioning: "--progression", "expected ltr or rtl")
        try expectOneLineError(["render", sample, "--progression", value, "--out", out],
                               mentioning: "--progression", "expected ltr or rtl")
    }

    @Test("both commands say what --progression does", arguments: ["read", "render"])
    func help(command: String) throws {
        let help = try Pageturn.run([command, "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("--progression <ltr|rtl> Page progression: ltr, or rtl for a book read right to left"), "\(help)")
    }
}
