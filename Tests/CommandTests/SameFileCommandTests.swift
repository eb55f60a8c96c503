import Foundation
import Testing

/// An output that is the very book a command reads is refused, as `cp` refuses to copy a file
/// onto itself, and `read --record` replaces only a recording or an empty file: nothing a
/// reader has is destroyed by a slip of the command line.
@Suite("Never write over the book")
struct SameFileCommandTests {
    /// A copy of the sample book in a fresh folder, and a second name (a hard link) for it.
    func book() throws -> (book: URL, link: URL) {
        let dir = try Pageturn.temporaryFolder()
        let book = dir.appendingPathComponent("book.txt")
        try FileManager.default.copyItem(atPath: Pageturn.packageRoot.appendingPathComponent("assets/books/alice-excerpt.txt").path,
                                         toPath: book.path)
        let link = dir.appendingPathComponent("other-name.txt")
        try FileManager.default.linkItem(at: book, to: link)
        return (book, link)
    }

    @Test("paginate --json, layout --json, render --out and read --record naming the book are refused", arguments: [
        ["paginate", "BOOK", "--json", "OUT"], ["layout", "BOOK", "--json", "OUT"], ["render", "BOOK", "--out", "OUT"],
        ["read", "BOOK", "--headless", "--script", "SCRIPT", "--record", "OUT"],
    ])
    func refused(arguments: [String]) throws {
        let (book, link) = try book()
        let script = book.deletingLastPathComponent().appendingPathComponent("script.txt")
        try Data("tick @100\n".utf8).write(to: script)
        let before = try Data(contentsOf: book)
        for out in [book, link] {
            let args = arguments.map { $0 == "BOOK" ? book.path : $0 == "OUT" ? out.path : $0 == "SCRIPT" ? script.path : $0 }
            try expectOneLineError(args, mentioning: "is the book itself")
            #expect(try Data(contentsOf: book) == before, "\(arguments[0]) left the book as it was")
        }
    }

    @Test("read --record over a file that is not a recording is refused; over a recording it records")
    func recordOverABook() throws {
        let (book, _) = try book()
        let script = book.deletingLastPathComponent().appendingPathComponent("script.txt")
        try Data("tick @100\n".utf8).write(to: script)
        // `read --record book.txt` with no book: book.txt would be the recording.
        try expectOneLineError(["read", "--headless", "--script", script.path, "--record", book.path],
                               mentioning: "is not a recording")
        let recording = book.deletingLastPathComponent().appendingPathComponent("session.rec")
        // With no book at all there is nothing to record (the shelf has no page turns).
        try expectOneLineError(["read", "--headless", "--script", script.path, "--record", recording.path],
                               mentioning: "--record needs a book")
        for _ in 0..<2 {
            let result = try Pageturn.run(["read", "assets/books/alice-excerpt.txt", "--headless", "--script", script.path,
                                           "--record", recording.path])
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }
        #expect(try String(contentsOf: recording, encoding: .utf8).hasPrefix("# pageturn read --record"))
    }

    @Test("an empty --state-dir or --cache-dir is refused, not taken as the current folder", arguments: [
        ["read", "assets/books/alice-excerpt.txt", "--state-dir", ""], ["read", "assets/books/alice-excerpt.txt", "--cache-dir", ""],
        ["paginate", "assets/books/alice-excerpt.txt", "--cache-dir", ""],
    ])
    func emptyFolderNames(arguments: [String]) throws {
        try expectOneLineError(arguments, mentioning: "needs a folder name")
    }
}
