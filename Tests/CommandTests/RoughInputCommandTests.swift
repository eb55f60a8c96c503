import Foundation
import Testing

/// The last rough inputs: negative numbers, CRLF scripts, control
/// characters, a FIFO as the book, UTF-16 without a BOM, bookmark dates in scripted runs.
@Suite("Rough inputs")
struct RoughInputCommandTests {
    static let sample = "assets/books/alice-excerpt.txt"
    static let drag = "down 700 500 @0\nmove 600 505 @16\nmove 300 510 @120\nup @140\ntick @1000\n"

    /// A command, the numeric option and a negative value, and what follows the option.
    struct Case: Sendable, CustomTestStringConvertible {
        let before: [String], option: String, value: String, after: [String]
        var testDescription: String { "\(before.prefix(2).joined(separator: " ")) \(option) \(value)" }
    }

    static let negatives: [Case] = [
        Case(before: ["paginate", sample], option: "--size", value: "-1", after: []),
        Case(before: ["paginate", sample], option: "--width", value: "-800", after: []),
        Case(before: ["render", sample, "--out", "/tmp/unused.png"], option: "--width", value: "-5", after: []),
        Case(before: ["render", sample, "--out", "/tmp/unused.png"], option: "--progress", value: "-0.5", after: []),
        Case(before: ["render", sample, "--out", "/tmp/unused.png"], option: "--page", value: "-2", after: []),
        Case(before: ["render", sample, "--out", "/tmp/unused.png"], option: "--scale", value: "-1", after: []),
        Case(before: ["read", sample, "--headless", "--script", "-"], option: "--size", value: "-1", after: []),
        Case(before: ["read", sample, "--headless", "--script", "-"], option: "--fps", value: "-60", after: []),
        Case(before: ["simulate", "--width", "800", "--height", "1000"], option: "--pages", value: "-3", after: ["-"]),
        Case(before: ["simulate", "--height", "1000", "--pages", "3"], option: "--width", value: "-1e3", after: ["-"]),
        Case(before: ["simulate", "--width", "800", "--height", "1000", "--pages", "3"], option: "--start", value: "-1", after: ["-"]),
        Case(before: ["gestures", "synth"], option: "--count", value: "-1", after: []),
        Case(before: ["gestures", "synth"], option: "--seed", value: "-1", after: []),
    ]

    @Test("a negative number as a separate word is refused by range, in the words of OPTION=VALUE", arguments: negatives)
    func negativeNumbers(_ c: Case) throws {
        let separate = try Pageturn.run(c.before + [c.option, c.value] + c.after, stdin: Self.drag)
        let joined = try Pageturn.run(c.before + ["\(c.option)=\(c.value)"] + c.after, stdin: Self.drag)
        #expect(separate.status != 0 && separate.errorLines.count == 1, "stderr: \(separate.stderr)")
        #expect(separate.stderr == joined.stderr)
        #expect(!separate.stderr.contains("Missing value"))
        #expect(separate.stderr.contains(c.value) || separate.stderr.contains("pages are 1") || separate.stderr.contains("positive"),
                "the refusal quotes the value or states the range: \(separate.stderr)")
    }

    @Test("a CRLF or CR script replays exactly as the LF one", arguments: ["\r\n", "\r"])
    func crlfScript(_ end: String) throws {
        let arguments = ["simulate", "--width", "800", "--height", "1000", "--pages", "5", "-"]
        let lf = try Pageturn.run(arguments, stdin: Self.drag)
        let other = try Pageturn.run(arguments, stdin: Self.drag.replacingOccurrences(of: "\n", with: end))
        #expect(lf.status == 0 && other.status == 0, "stderr: \(other.stderr)")
        #expect(other.stdout == lf.stdout)
        let read = try Pageturn.run(["read", Self.sample, "--headless", "--script", "-"],
                                    stdin: Self.drag.replacingOccurrences(of: "\n", with: end))
        #expect(read.status == 0, "stderr: \(read.stderr)")
        #expect(try readSummary(read.stdout)["page"] as? Int == 2)
    }

    @Test("errors print no control character, from a script or from an option", arguments: [
        (["simulate", "--width", "800", "--height", "1000", "--pages", "5", "-"], "down 1 1 @0\r\nbad\u{1B}[2J @5\r\n"),
        (["render", sample, "--out", "/tmp/unused.png", "--curl", "\u{1B}[31mred"], ""),
        (["paginate", "/nonexistent/\u{7}book\r.txt"], ""),
    ])
    func noControlCharacters(arguments: [String], stdin: String) throws {
        let result = try Pageturn.run(arguments, stdin: stdin)
        #expect(result.status != 0 && result.errorLines.count == 1, "stderr: \(result.stderr)")
        let line = result.stderr.dropLast()  // the line end
        #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "stderr: \(result.stderr.debugDescription)")
        #expect(line.contains("\\u{1B}") || line.contains("\\u{7}"))
    }

    @Test("a FIFO given as the book is read as a stream, like the file")
    func fifoBook() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("alice-excerpt.txt").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let text = try Data(contentsOf: Pageturn.packageRoot.appendingPathComponent(Self.sample))
        Thread {
            // Blocks until the command opens the FIFO to read.
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            handle.write(text)
            try? handle.close()
        }.start()
        let streamed = try Pageturn.run(["paginate", fifo, "--no-cache"])
        let plain = try Pageturn.run(["paginate", Self.sample, "--no-cache"])
        #expect(streamed.status == 0, "stderr: \(streamed.stderr)")
        let counts = { (r: Pageturn.Result) in r.stdout.split(separator: "\n").prefix(2).map { $0.replacingOccurrences(of: " ms", with: "") } }
        #expect(streamed.stdout.split(separator: "\n").first == plain.stdout.split(separator: "\n").first)
        #expect(counts(streamed)[1] == counts(plain)[1], "the same pages and lines")
    }

    @Test("UTF-16LE without a BOM opens as UTF-16LE")
    func utf16Book() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOf: Pageturn.packageRoot.appendingPathComponent(Self.sample), encoding: .utf8)
        let path = dir.appendingPathComponent("book.txt").path
        FileManager.default.createFile(atPath: path, contents: text.data(using: .utf16LittleEndian))
        let result = try Pageturn.run(["paginate", path, "--no-cache"])
        #expect(result.status == 0 && result.stdout.hasPrefix("book.txt: UTF-16LE, \(text.unicodeScalars.count) characters"),
                "\(result.stdout)\(result.stderr)")
    }

    @Test("bookmarks made in a scripted run are dated on the script's clock from 2001-01-01 UTC, the same every run")
    func bookmarkDates() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var dates: [Double] = []
        for run in 1...2 {
            let state = dir.appendingPathComponent("state\(run)")
            let result = try Pageturn.run(["read", Self.sample, "--headless", "--script", "-", "--state-dir", state.path,
                                           "--cache-dir", dir.appendingPathComponent("cache").path],
                                          stdin: "press b @1000\npress Return @1500\n")
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: state.path).first { $0.hasSuffix(".json") })
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: state.appendingPathComponent(file))) as? [String: Any]
            let marks = try #require(json?["bookmarks"] as? [[String: Any]])
            dates.append(try #require(marks.first?["created"] as? Double))
        }
        #expect(dates == [1.5, 1.5], "seconds after 2001-01-01 00:00:00 UTC: the Return at 1500 ms")
        #expect(Date(timeIntervalSinceReferenceDate: dates[0]) > Date(timeIntervalSince1970: 0), "not in 1970")
    }
}
