import Foundation
import Testing
@testable import ReaderState

/// A damaged file on disk, as a user, a crash or a disk might leave it.
struct Damage: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let problem: String
    var testDescription: String { name }

    init(_ name: String, _ text: String, problem: String) {
        self.init(name, Array(text.utf8), problem: problem)
    }

    init(_ name: String, _ bytes: [UInt8], problem: String) {
        self.name = name
        self.bytes = bytes
        self.problem = problem
    }

    static let valid = #"{"format":1,"position":1234,"bookmarks":[{"name":"here","offset":5,"created":0}]}"#

    static let all: [Damage] = [
        Damage("empty", "", problem: "the file is empty"),
        Damage("truncated", String(valid.prefix(40)), problem: "the file is not valid JSON (truncated or damaged)"),
        Damage("invalid JSON", "{format: 1, position: 12}", problem: "the file is not valid JSON (truncated or damaged)"),
        Damage("random bytes", (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) },
               problem: "the file is not valid JSON (truncated or damaged)"),
        Damage("zero bytes", [UInt8](repeating: 0, count: 4096), problem: "the file is not valid JSON (truncated or damaged)"),
        Damage("not an object", "[1, 2, 3]", problem: "the file is not a JSON object"),
        Damage("null", "null", problem: "the file is not a JSON object"),
        Damage("no format", #"{"position":3}"#, problem: "the file has no format number"),
        Damage("a format that never existed", #"{"format":0,"position":3}"#,
               problem: "the file is in format 0, this version reads format 1"),
        Damage("position of the wrong type", #"{"format":1,"position":"twelve"}"#,
               problem: "position is not a whole number"),
        Damage("fractional position", #"{"format":1,"position":12.5}"#,
               problem: "a number in the file does not fit its field (a fraction or too large)"),
        Damage("negative position", #"{"format":1,"position":-40}"#, problem: "the position is negative (-40)"),
        Damage("bookmarks not a list", #"{"format":1,"bookmarks":{"name":"x"}}"#, problem: "bookmarks is not a list"),
        Damage("bookmark without an offset", #"{"format":1,"bookmarks":[{"name":"x","created":0}]}"#,
               problem: "bookmarks[0].offset is missing"),
        Damage("bookmark with a negative offset", #"{"format":1,"bookmarks":[{"name":"x","offset":-1,"created":0}]}"#,
               problem: "bookmark 1 has a negative offset (-1)"),
        Damage("settings not an object", #"{"format":1,"settings":[18]}"#, problem: "settings is not an object"),
        Damage("bookmark name null", #"{"format":1,"bookmarks":[{"name":null,"offset":1,"created":0}]}"#,
               problem: "bookmarks[0].name is null, expected a string"),
    ]
}

@Suite("Damaged state files")
struct CorruptFileTests {
    let scratch = ScratchDirectory()

    func plant(_ bytes: [UInt8], in store: StateStore, for key: BookKey = .alice) throws {
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: store.fileURL(for: key))
    }

    @Test("are moved aside and reported in one line, and a fresh state is returned", arguments: Damage.all)
    func movedAside(damage: Damage) throws {
        let store = scratch.store()
        try plant(damage.bytes, in: store)
        let result = store.load(.alice)
        guard case .recovered(let state, let problem, let movedTo) = result else {
            Issue.record("expected a recovery, got \(result)")
            return
        }
        #expect(state == BookState())
        #expect(problem == damage.problem)
        #expect(!problem.contains("\n"))
        let expectedName = "0123456789abcdef.json.corrupt-" + CorruptFile.timestamp(Date(timeIntervalSince1970: 1_750_000_000))
        #expect(movedTo == store.directory.appendingPathComponent(expectedName))
        #expect(scratch.names(in: store.directory) == [expectedName, "0123456789abcdef.json.lock"],
                "the damaged file is no longer in the way (moved under the book's lock)")
        #expect(try Data(contentsOf: #require(movedTo)) == Data(damage.bytes), "and is kept byte for byte")
        #expect(store.load(.alice) == .fresh(BookState()), "the next load starts afresh")
    }

    @Test("the name moved to is NAME.corrupt-YYYYMMDD-HHMMSS in local time")
    func timestampFormat() {
        let stamp = CorruptFile.timestamp(Date())
        #expect(stamp.count == 15)
        #expect(stamp.enumerated().allSatisfy { $0.offset == 8 ? $0.element == "-" : $0.element.isASCII && $0.element.isNumber })
        var seconds = time_t(1_750_000_000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        #expect(CorruptFile.timestamp(Date(timeIntervalSince1970: 1_750_000_000)).hasPrefix("\(parts.tm_year + 1900)"))
    }

    @Test("a second damaged file in the same second gets a counter, and nothing moved aside is overwritten")
    func counter() throws {
        let store = scratch.store()
        let stamp = CorruptFile.timestamp(Date(timeIntervalSince1970: 1_750_000_000))
        var moved: [URL?] = []
        for attempt in 1...3 {
            try plant(Array("damaged \(attempt)".utf8), in: store)
            guard case .recovered(_, _, let movedTo) = store.load(.alice) else {
                Issue.record("expected a recovery")
                return
            }
            moved.append(movedTo)
        }
        let base = "0123456789abcdef.json.corrupt-\(stamp)"
        #expect(moved.map { $0?.lastPathComponent } == [base, base + "-2", base + "-3"])
        for (i, url) in moved.enumerated() {
            #expect(try String(contentsOf: #require(url), encoding: .utf8) == "damaged \(i + 1)")
        }
    }

    @Test("a folder or a FIFO where the file should be is moved aside too (its content is the problem)",
          arguments: ["folder", "FIFO"])
    func specialFileInTheWay(kind: String) throws {
        let store = scratch.store()
        if kind == "folder" {
            try FileManager.default.createDirectory(at: store.fileURL(for: .alice).appendingPathComponent("inside"),
                                                    withIntermediateDirectories: true)
        } else {
            try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
            #expect(mkfifo(store.fileURL(for: .alice).path, 0o644) == 0)
        }
        let result = store.load(.alice)
        guard case .recovered(let state, let problem, let movedTo) = result else {
            Issue.record("expected a recovery, got \(result)")
            return
        }
        #expect(state == BookState())
        #expect(problem == "it is not a regular file")
        #expect(movedTo != nil)
        try store.save(BookState(position: 8), for: .alice)
        #expect(store.load(.alice) == .loaded(BookState(position: 8)))
    }

    @Test("a file far too large to be a state is refused without being read")
    func tooLarge() throws {
        let store = scratch.store()
        try plant([], in: store)
        let handle = try FileHandle(forWritingTo: store.fileURL(for: .alice))
        try handle.truncate(atOffset: 64 << 20)   // sparse: no 64 MiB written
        try handle.close()
        guard case .recovered(_, let problem, _) = store.load(.alice) else {
            Issue.record("expected a recovery")
            return
        }
        #expect(problem == "the file is too large to be a reading state (67108864 bytes)")
    }

    @Test("a file that cannot be moved aside is reported as such, without a crash")
    func cannotMove() {
        // A file that vanished between reading and moving; the tests run as root, so a
        // read-only folder cannot be used to provoke the failure.
        let gone = scratch.url.appendingPathComponent("gone.json")
        #expect(CorruptFile.moveAside(gone, at: Date()) == .failure("No such file or directory"))
    }
}
