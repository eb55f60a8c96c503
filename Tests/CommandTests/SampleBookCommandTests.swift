import Foundation
import Testing

/// `pageturn read` with no book opens the shelf, which shows the bundled sample when it has
/// nothing else: found beside the program (installed or in the repository it was built in),
/// never through the current folder. Enter opens it.
@Suite("read with no book: the bundled sample on an empty shelf")
struct SampleBookCommandTests {
    /// Runs `program read --headless --script -` from `folder` with an empty library, its state
    /// kept in `state`, pressing Enter on the shelf; returns the result and the state saved
    /// (the book's file and title).
    func readWithNoBook(_ program: String, from folder: URL, state: URL,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> (Pageturn.Result, [String: Any]?) {
        let library = folder.appendingPathComponent("empty-library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let result = try Pageturn.run(["-c", "cd \"$0\" && exec \"$1\" read --headless --script - --state-dir \"$2\" --library \"$3\"",
                                       folder.path, program, state.path, library.path],
                                      stdin: "tick @0\npress Return @100\ntick @200\n", shell: true)
        let saved = try FileManager.default.contentsOfDirectory(atPath: state.path).filter { $0.hasSuffix(".json") && $0 != "shelf.json" }
        guard saved.count == 1 else { return (result, nil) }
        let data = try Data(contentsOf: state.appendingPathComponent(saved[0]))
        return (result, try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `binary` as a hard link (a copy where a link cannot be made) at `path`: /proc/self/exe
    /// names the path it was started by.
    func place(_ binary: String, at path: URL) throws {
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            try FileManager.default.linkItem(atPath: binary, toPath: path.path)
        } catch {
            try FileManager.default.copyItem(atPath: binary, toPath: path.path)
        }
    }

    func resolved(_ path: Any?) -> String? {
        (path as? String).map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
    }

    @Test("from a folder outside the repository, the repository's sample opens: the same pages as naming it")
    func fromAnotherFolder() throws {
        let dir = try Pageturn.temporaryFolder()
        let sample = Pageturn.packageRoot.appendingPathComponent("assets/books/alice-excerpt.txt")
        let (result, state) = try readWithNoBook(Pageturn.binary, from: dir, state: dir.appendingPathComponent("state"))
        try #require(result.status == 0, "stderr: \(result.stderr)")
        let named = try Pageturn.run(["read", sample.path, "--headless", "--script", "-"], stdin: "tick @0\n")
        #expect(try readSummary(result.stdout)["pages"] as? Int == readSummary(named.stdout)["pages"] as? Int)
        let saved = try #require(state, "one state saved in \(dir.path)/state")
        #expect((saved["title"] as? String)?.hasPrefix("Alice's Adventures in Wonderland") == true, "\(saved)")
        #expect(resolved(saved["file"]) == sample.resolvingSymlinksInPath().path)
    }

    @Test("an installed program opens the sample installed beside it, in share/pageturn/books")
    func installed() throws {
        let (prefix, _) = try Make.installData()
        let program = prefix.appendingPathComponent("bin/pageturn")
        try place(Pageturn.binary, at: program)
        let elsewhere = try Pageturn.temporaryFolder()
        let (result, state) = try readWithNoBook(program.path, from: elsewhere, state: elsewhere.appendingPathComponent("state"))
        try #require(result.status == 0, "stderr: \(result.stderr)")
        let saved = try #require(state, "one state saved")
        #expect((saved["title"] as? String)?.hasPrefix("Alice's Adventures in Wonderland") == true, "\(saved)")
        #expect(resolved(saved["file"])
                == prefix.appendingPathComponent("share/pageturn/books/alice-excerpt.txt").resolvingSymlinksInPath().path)
    }

    @Test("with no sample beside it or above it, the shelf is empty, and with no display the demo says so on one line")
    func missing() throws {
        let dir = try Pageturn.temporaryFolder()
        let program = dir.appendingPathComponent("lone/pageturn")
        try place(Pageturn.binary, at: program)
        let (result, _) = try readWithNoBook(program.path, from: dir, state: dir.appendingPathComponent("state"))
        try #require(result.status == 0, "stderr: \(result.stderr)")
        let summary = try readSummary(result.stdout)
        #expect((summary["shelf"] as? [Any])?.isEmpty == true, "an empty shelf: \(summary)")
        let demo = try Pageturn.run(["-c", "cd \"$0\" && exec env -u DISPLAY -u WAYLAND_DISPLAY \"$1\" read --frames \"$0/frames\"",
                                     dir.path, program.path], shell: true)
        #expect(demo.status != 0)
        #expect(demo.errorLines.count == 1, "stderr: \(demo.stderr)")
        #expect(demo.stderr.contains("bundled sample") && demo.stderr.contains("name a book"), "stderr: \(demo.stderr)")
        #expect(demo.stderr.contains(dir.appendingPathComponent("share/pageturn/books/alice-excerpt.txt").path),
                "it names where it looked: \(demo.stderr)")
    }
}
