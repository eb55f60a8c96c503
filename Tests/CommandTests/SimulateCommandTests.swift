import Foundation
import Testing

@Suite("pageturn simulate")
struct SimulateCommandTests {
    let page = ["--width", "800", "--height", "1000"]
    let book = ["--width", "800", "--height", "1000", "--pages", "10"]
    let commitScript = "down 700 500 @0\nmove 600 505 @50\nmove 450 510 @100\nup @120\n"

    /// Runs a script from standard input; expects success and returns the lines of standard output.
    func run(_ arguments: [String], _ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let result = try Pageturn.run(["simulate"] + arguments + ["-"], stdin: script)
        #expect(result.status == 0, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, sourceLocation: sourceLocation)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("a drag that commits: events, frames, and the summary last, read from standard input")
    func commit() throws {
        let lines = try run(book, commitScript)
        #expect(lines.last == #"{"cancels":0,"page":1,"pages":10,"turns":1}"#)
        #expect(lines.contains(#"{"direction":"next","event":"turnStarted","from":0,"t":0,"to":1}"#) == false,
                "the turn starts when the drag leaves the slop, at 50 ms")
        #expect(lines.contains(#"{"direction":"next","event":"turnStarted","from":0,"t":50,"to":1}"#))
        #expect(lines.contains { $0.contains(#""event":"turnCommitted","from":0,"#) && $0.hasSuffix(#","to":1}"#) })
        #expect(lines.contains { $0.contains(#""state":"dragging""#) && $0.contains(#""classic":{"#) && $0.contains(#""x":"#) })
        for line in lines { _ = try JSONSerialization.jsonObject(with: Data(line.utf8)) }
    }

    @Test("a script file gives the same output as standard input")
    func file() throws {
        let dir = try Pageturn.temporaryFolder()
        let path = dir.appendingPathComponent("drag.txt")
        try Data(commitScript.utf8).write(to: path)
        let fromFile = try Pageturn.run(["simulate"] + book + [path.path])
        #expect(fromFile.status == 0)
        #expect(fromFile.stdout.split(separator: "\n").map(String.init) == (try run(book, commitScript)))
    }

    @Test("a missing, a folder or no script at all: one line each")
    func badScriptPaths() throws {
        try expectOneLineError(["simulate"] + book + ["/no/such/script.txt"], mentioning: "no such script", "/no/such/script.txt")
        try expectOneLineError(["simulate"] + book + [FileManager.default.temporaryDirectory.path], mentioning: "is a folder")
        try expectOneLineError(["simulate"] + book, mentioning: "missing script")
    }

    @Test("a malformed line and a time going backwards are named by their line number", arguments: [
        ("down 1 2 @0\njump 3 4 @5\n", "line 2"),
        ("down 1 2 @0\n# note\nmove 3 4 @100\nmove 5 6 @40\n", "line 4"),
        ("wheel +-1 @0\n", "line 1"),
        ("tick @0\nwheel ++1 @1\n", "line 2"),
        ("down 1 2 @0 id=1 id=2\n", "line 1"),
        ("tick @0\n\ntick @1e11\n", "line 3"),
        ("tick @inf\n", "line 1"),
    ])
    func badLines(script: String, line: String) throws {
        try expectOneLineError(["simulate"] + book + ["-"], stdin: script, mentioning: "standard input: " + line)
    }

    @Test("bad numbers are refused on one line before anything runs", arguments: [
        (["--width", "0", "--height", "1000", "--pages", "10"], "--width"),
        (["--width", "0.4", "--height", "1000", "--pages", "10"], "--width"),
        (["--width", "1e20", "--height", "1000", "--pages", "10"], "--width"),
        (["--width", "800", "--height", "nan", "--pages", "10"], "--height"),
        (["--width", "800", "--height", "1000", "--pages", "0"], "--pages"),
        (["--width", "800", "--height", "1000", "--pages", "9223372036854775807"], "--pages"),
        (["--width", "800", "--height", "1000", "--pages", "2.5"], "--pages"),
        (["--width", "800", "--height", "1000", "--pages", "10", "--start", "10"], "--start"),
        (["--width", "800", "--height", "1000", "--pages", "10", "--start", "-1"], "--start"),
        (["--width", "800", "--height", "1000", "--pages", "10", "--fps", "0"], "--fps"),
        (["--width", "800", "--height", "1000", "--pages", "10", "--fps", "5000"], "--fps"),
        (["--width", "1e20", "--height", "1000", "--book", "assets/books/alice-excerpt.txt"], "--width"),
        (["--width", "800", "--height", "1000"], "--pages"),
        (["--width", "800", "--height", "1000", "--pages", "3", "--curl", "origami"], "origami"),
    ])
    func badNumbers(arguments: [String], needle: String) throws {
        try expectOneLineError(["simulate"] + arguments + ["-"], stdin: "tick @0\n", mentioning: needle)
    }

    @Test("inputs that used to crash or hang now finish cleanly", arguments: [
        (["--pages", "10"], "wheel -9223372036854775808 @0\n", #"{"cancels":0,"page":0,"pages":10,"turns":0}"#),
        (["--pages", "10", "--start", "4"], "wheel -9223372036854775808 @0\n", #"{"cancels":0,"page":0,"pages":10,"turns":1}"#),
        (["--pages", "10000000"], "wheel 9223372036854775807 @0\n", #"{"cancels":0,"page":9999999,"pages":10000000,"turns":1}"#),
        (["--pages", "10"], "down 400 500 @0\nup @50\ntick @1000000000\n", #"{"cancels":0,"page":0,"pages":10,"turns":0}"#),
        (["--pages", "10", "--fps", "1000"], "key next @999999000\n", #"{"cancels":0,"page":1,"pages":10,"turns":1}"#),
    ])
    func formerCrashes(options: [String], script: String, summary: String) throws {
        let clock = ContinuousClock()
        let start = clock.now
        let lines = try run(page + options, script)
        #expect(start.duration(to: clock.now) < .seconds(20))
        #expect(lines.last == summary)
        #expect(lines.filter { $0.contains(#""event":"boundary""#) }.count <= 1, "one boundary per wheel event at most")
    }

    @Test("--book paginates the book for its page count")
    func bookPages() throws {
        let result = try Pageturn.run(["simulate", "--width", "800", "--height", "1000", "--book",
                                       "assets/books/alice-excerpt.txt", "--start", "1", "-"],
                                      stdin: "key last @0\nkey next @400\n")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let committed = lines.first { $0.contains("turnCommitted") } ?? ""
        let event = try JSONSerialization.jsonObject(with: Data(committed.utf8)) as? [String: Any]
        let last = try #require(event?["to"] as? Int)
        #expect(last > 1, "the book has more than two pages: \(committed)")
        #expect(lines.contains { $0.contains(#"{"at":"last","event":"boundary""#) })
        #expect(lines.last == #"{"cancels":0,"page":\#(last),"pages":\#(last + 1),"turns":1}"#)
        try expectOneLineError(["simulate", "--width", "800", "--height", "1000", "--book", "/no/such/book.txt", "-"],
                               stdin: "tick @0\n", mentioning: "no such book")
    }

    @Test("--book models the pages the reader shows in a window of that size, one page or a spread's")
    func bookPagesAreTheReadersPages() throws {
        for (width, height, layout) in [(800, 1000, "single"), (900, 700, "spread")] {
            let size = ["--width", "\(width)", "--height", "\(height)", "--layout", layout]
            let read = try Pageturn.run(["read", "assets/books/alice-excerpt.txt", "--headless", "--script", "-"] + size,
                                        stdin: "tick @0\n")
            #expect(read.status == 0, "\(read.stderr)")
            let pages = try #require(try readSummary(read.stdout)["pages"] as? Int)
            let simulated = try Pageturn.run(["simulate", "--book", "assets/books/alice-excerpt.txt"] + size + ["-"], stdin: "tick @0\n")
            #expect(simulated.status == 0, "\(simulated.stderr)")
            #expect(simulated.stdout.split(separator: "\n").last?.contains("\"pages\":\(pages),") == true,
                    "read shows \(pages) pages at \(width)×\(height) (\(layout)); simulate: \(simulated.stdout.suffix(80))")
            // The same set-up from a recording's header instead of the options.
            let header = "#@ width \(width)\n#@ height \(height)\n#@ layout \(layout)\ntick @0\n"
            let recorded = try Pageturn.run(["simulate", "--book", "assets/books/alice-excerpt.txt", "-"], stdin: header)
            #expect(recorded.stdout.split(separator: "\n").last?.contains("\"pages\":\(pages),") == true,
                    "from the header (\(layout)): \(recorded.stdout.suffix(80)) \(recorded.stderr)")
        }
    }
}
