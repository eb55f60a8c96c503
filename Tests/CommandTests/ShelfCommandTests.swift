import Foundation
import Testing
import TestSupport

/// The shelf from the command line: `pageturn shelf --json`, and `read` with no book driving
/// the shelf headlessly — opening a book, coming back, removing one, a file dropped.
@Suite("The shelf of books, from the command line")
struct ShelfCommandTests {
    /// A library of three books (an EPUB with a cover, a Gutenberg text, a Hebrew text), with
    /// its own state and cache folders.
    struct Library {
        let root: URL
        let books: URL
        var epub: String { books.appendingPathComponent("sherlock.epub").path }
        var gutenberg: String { books.appendingPathComponent("texts/war.txt").path }
        var hebrew: String { books.appendingPathComponent("texts/genesis.txt").path }

        init() throws {
            root = try Pageturn.temporaryFolder()
            books = root.appendingPathComponent("Books")
            try FileManager.default.createDirectory(at: books.appendingPathComponent("texts"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: SharedData.root + "/epub/books/sherlock-holmes.epub", toPath: epub)
            try Data("Title: War and Peace\n\nAuthor: Leo Tolstoy\n\nLanguage: English\n\nWell, Prince, so Genoa and Lucca.\n".utf8)
                .write(to: URL(fileURLWithPath: gutenberg))
            let genesis = try Data(contentsOf: Pageturn.packageRoot.appendingPathComponent("assets/books/genesis-excerpt.he.txt"))
            try (Data("בראשית\n\n".utf8) + genesis).write(to: URL(fileURLWithPath: hebrew))
        }

        var places: [String] {
            ["--library", books.path, "--state-dir", root.appendingPathComponent("state").path,
             "--cache-dir", root.appendingPathComponent("cache").path]
        }

        func shelf() throws -> [[String: Any]] {
            let result = try Pageturn.run(["shelf", "--json", "-"] + places)
            try #require(result.status == 0, "stderr: \(result.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return try #require(json["books"] as? [[String: Any]])
        }

        /// `read` with no book, headless, playing `script`.
        func read(_ script: String, extra: [String] = []) throws -> [String: Any] {
            let result = try Pageturn.run(["read", "--headless", "--script", "-", "--width", "900", "--height", "700"] + places + extra,
                                          stdin: script)
            try #require(result.status == 0, "stderr: \(result.stderr)")
            return try readSummary(result.stdout)
        }
    }

    @Test("shelf --json lists each book's title, author, language and format, never-read books by title")
    func listing() throws {
        let library = try Library()
        let books = try library.shelf()
        #expect(books.map { $0["title"] as? String } == ["The Adventures of Sherlock Holmes", "War and Peace", "בראשית"])
        #expect(books[0]["author"] as? String == "Arthur Conan Doyle" && books[0]["format"] as? String == "epub")
        #expect(books[1]["author"] as? String == "Leo Tolstoy" && books[1]["language"] as? String == "en")
        #expect(books[2]["language"] as? String == "he" && books[2]["rightToLeft"] as? Bool == true)
        #expect(books.allSatisfy { $0["progress"] == nil && $0["lastRead"] == nil && $0["missing"] as? Bool == false })
    }

    @Test("a book opened from the shelf is read where it was left, and comes first with its progress")
    func openAndComeBack() throws {
        let library = try Library()
        // Type to find it, open it, turn two pages, back to the shelf.
        let shelf = try library.read("tick @0\ntype war @100\npress Return @200\nkey next @400\npress ctrl+o @1200\ntick @1300\n")
        let shown = try #require(shelf["shelf"] as? [[String: Any]])
        #expect(shown.first?["path"] as? String == library.gutenberg)
        let listed = try library.shelf()
        #expect(listed.first?["title"] as? String == "War and Peace")
        #expect((listed.first?["progress"] as? Double ?? 0) > 0)
        #expect(listed.first?["lastRead"] as? String != nil)
        // Opened again, it is where it was left.
        let book = try library.read("tick @0\npress Return @100\ntick @300\n")
        #expect(book["page"] as? Int == 2, "\(book)")
    }

    @Test("Delete takes a book off the shelf and keeps its file; a dropped folder joins the library")
    func removeAndDrop() throws {
        let library = try Library()
        let summary = try library.read("tick @0\npress Delete @100\ntick @200\n")
        #expect(summary["books"] as? Int == 2)
        #expect(FileManager.default.fileExists(atPath: library.epub))
        #expect(try library.shelf().map { $0["title"] as? String } == ["War and Peace", "בראשית"])
        let more = library.root.appendingPathComponent("More")
        try FileManager.default.createDirectory(at: more, withIntermediateDirectories: true)
        try Data("Title: Emma\n\nAuthor: Jane Austen\n\nText.\n".utf8).write(to: more.appendingPathComponent("emma.txt"))
        let dropped = try library.read("tick @0\ndrop \(more.path) @100\ntick @200\n")
        #expect((dropped["shelf"] as? [[String: Any]])?.contains { $0["title"] as? String == "Emma" } == true, "\(dropped)")
    }

    @Test("a book opened from the shelf keeps its own progression, not the one given for the book named")
    func optionsOfTheBookNamed() throws {
        let library = try Library()
        let result = try Pageturn.run(["read", library.gutenberg, "--progression", "rtl", "--headless", "--script", "-"] + library.places,
                                      stdin: "tick @0\npress ctrl+o @100\ntype sherlock @200\npress Return @300\ntick @600\n")
        try #require(result.status == 0, "stderr: \(result.stderr)")
        let book = try readSummary(result.stdout)
        #expect(book["progression"] as? String == "ltr", "\(book)")
    }

    @Test("a book removed from the shelf is back once it is opened by name")
    func removedThenOpened() throws {
        let library = try Library()
        _ = try library.read("tick @0\npress Delete @100\ntick @200\n")
        #expect(try library.shelf().count == 2)
        let opened = try Pageturn.run(["read", library.epub, "--headless", "--script", "-"] + library.places, stdin: "tick @0\n")
        try #require(opened.status == 0, "stderr: \(opened.stderr)")
        #expect(try library.shelf().first?["title"] as? String == "The Adventures of Sherlock Holmes")
    }

    @Test("a book dropped on the shelf opens")
    func dropBook() throws {
        let library = try Library()
        let book = try library.read("tick @0\ndrop \(library.hebrew) @100\ntick @300\n")
        #expect(book["language"] as? String == "he" && book["pages"] as? Int ?? 0 >= 1, "\(book)")
    }

    @Test("bad input: a broken EPUB and a missing book are listed, marked, one line each; a missing folder is one error")
    func badInput() throws {
        let library = try Library()
        try Data([0x50, 0x4B, 0x03, 0x04, 9, 9, 9]).write(to: library.books.appendingPathComponent("broken.epub"))
        let result = try Pageturn.run(["shelf", "--json", "-"] + library.places)
        #expect(result.status == 0)
        #expect(result.errorLines.count == 1 && result.stderr.contains("broken.epub"), "stderr: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let broken = try #require((json["books"] as? [[String: Any]])?.first { $0["title"] as? String == "broken" })
        #expect(broken["problem"] as? String != nil)
        // Opening it says why on the shelf, and nothing opens.
        let summary = try library.read("tick @0\ntype broken @100\npress Return @200\ntick @300\n")
        #expect((summary["notice"] as? String)?.contains("cannot be opened") == true, "\(summary)")
        try expectOneLineError(["shelf", "--library", library.root.appendingPathComponent("nowhere").path], mentioning: "no such folder")
    }
}
