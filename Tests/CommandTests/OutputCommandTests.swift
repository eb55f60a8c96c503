import Foundation
import Testing

/// Every file the command writes for the user is written like `cp` writes.
@Suite("Output files")
struct OutputCommandTests {
    let sample = "assets/books/alice-excerpt.txt"

    /// The mode bits and type of `path`, links not followed.
    func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode : nil
    }

    @Test("render --out through a symlink writes its target and keeps its mode 600")
    func renderThroughALink() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("frame.png").path, link = dir.appendingPathComponent("link.png").path
        FileManager.default.createFile(atPath: target, contents: Data("old".utf8))
        #expect(chmod(target, 0o600) == 0)
        #expect(symlink(target, link) == 0)
        let result = try Pageturn.run(["render", sample, "--width", "200", "--height", "200", "--out", link])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(mode(link).map { $0 & S_IFMT } == S_IFLNK, "the link is still a link")
        #expect(mode(target).map { $0 & 0o7777 } == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("an output that is a directory, or in no directory, is one line in words", arguments: [
        ["paginate", "assets/books/alice-excerpt.txt", "--json", "/tmp"],
        ["render", "assets/books/alice-excerpt.txt", "--width", "200", "--height", "200", "--out", "/tmp"],
        ["gestures", "synth", "--count", "2", "--out", "/tmp"],
        ["simulate", "--report", "--json", "/tmp", "assets/gestures/synthetic-seed1.txt"],
    ])
    func directoryRefused(arguments: [String]) throws {
        try expectOneLineError(arguments, mentioning: "cannot write /tmp: is a directory")
        var args = arguments
        args[args.firstIndex(of: "/tmp")!] = "/nonexistent-folder/out"
        try expectOneLineError(args, mentioning: "cannot write /nonexistent-folder/out: no such directory")
        let result = try Pageturn.run(args)
        #expect(!result.stderr.contains("Domain"), "no Foundation error domain: \(result.stderr)")
    }

    @Test("a frames folder that cannot be made is one line in words")
    func framesFolder() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("file").path
        FileManager.default.createFile(atPath: file, contents: Data())
        try expectOneLineError(["read", sample, "--headless", "--script", "-", "--frames", file + "/frames"],
                               stdin: "tick @10\n", mentioning: "cannot make the folder", "is not a folder")
    }

    @Test("gestures synth --out into a FIFO streams the same bytes as standard output, and the FIFO stays")
    func synthIntoAFIFO() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        nonisolated(unsafe) var read = Data()
        let done = DispatchSemaphore(value: 0)
        Thread {
            // Blocks until the command opens the other end.
            read = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }.start()
        let result = try Pageturn.run(["gestures", "synth", "--count", "3", "--out", fifo])
        done.wait()
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let expected = try Pageturn.run(["gestures", "synth", "--count", "3"]).stdout
        #expect(String(decoding: read, as: UTF8.self) == expected)
        #expect(mode(fifo).map { $0 & S_IFMT } == S_IFIFO)
    }

    @Test("read --record through a symlink records into its target, keeping its mode")
    func recordThroughALink() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("mine.txt").path, link = dir.appendingPathComponent("link.txt").path
        let older = "# pageturn read --record: every input the turn machine received, ms from the start\n#@ width 1\n"
        FileManager.default.createFile(atPath: target, contents: Data(older.utf8))
        #expect(chmod(target, 0o640) == 0)
        #expect(symlink("mine.txt", link) == 0)
        let result = try Pageturn.run(["read", sample, "--headless", "--script", "-", "--record", link],
                                      stdin: "down 700 500 @0\nmove 400 500 @100\nup @150\ntick @1000\n")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let text = try String(contentsOfFile: target, encoding: .utf8)
        #expect(text.hasPrefix("# pageturn read --record") && text.contains("\n#@ width "), "the recording's header")
        #expect(text.contains("down 700 500"))
        #expect(mode(link).map { $0 & S_IFMT } == S_IFLNK)
        #expect(mode(target).map { $0 & 0o7777 } == 0o640)
    }
}
