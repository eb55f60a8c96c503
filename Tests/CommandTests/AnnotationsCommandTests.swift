import Foundation
import Pagination
import Reader
import ReaderState
import Testing
@testable import pageturn

/// `pageturn annotations`: a book's highlights exported as the reader made them, found in the
/// state exactly as `read` finds it (a private state folder per test).
@Suite("pageturn annotations")
struct AnnotationsCommandTests {
    static let sample = Pageturn.packageRoot.appendingPathComponent("assets/books/alice-excerpt.txt").path
    /// 2024-05-01 12:00:00 UTC.
    static let created = Date(timeIntervalSince1970: 1_714_564_800)

    /// A fresh state folder and the sample book opened as `read` opens it.
    struct Planted {
        let folder: URL
        let book: Book
        let text: String

        init(book path: String = AnnotationsCommandTests.sample) throws {
            folder = try Pageturn.temporaryFolder()
            book = try ReaderBookLoader.openBook(path: path, encoding: nil).book
            text = book.text.string(0..<book.text.scalarCount)
        }

        /// The scalar range of `needle`'s first occurrence in the book (it must be there).
        func range(of needle: String) throws -> Range<Int> {
            let found = try #require(text.range(of: needle), "not in the book: \(needle)")
            let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: found.lowerBound)
            return start..<(start + needle.unicodeScalars.count)
        }

        /// A highlight of `range`, its text the passage's beginning as the reader keeps it.
        func highlight(_ range: Range<Int>, _ color: Highlight.Color, note: String = "") -> Highlight {
            let passage = book.text.string(range)
            return Highlight(start: range.lowerBound, end: range.upperBound, color: color, note: note, created: created,
                             text: String(passage.unicodeScalars.prefix(TextAnchor.length).map(Character.init)))
        }

        /// Saves `state` as the book's, in the folder.
        func save(_ state: BookState) throws {
            try StateStore(directory: folder).save(state, for: BookKey(textDigest: book.digest))
        }

        /// Removes the folder (what is left of a failed test's is no matter).
        func remove() { try? FileManager.default.removeItem(at: folder) }

        func run(_ arguments: String...) throws -> Pageturn.Result {
            try Pageturn.run(["annotations"] + arguments + ["--state-dir", folder.path])
        }
    }

    /// The sample with three highlights: a passage of two paragraphs with a note, a word in
    /// chapter I, a line in chapter II; saved out of order.
    func plantThree() throws -> (Planted, [Range<Int>]) {
        let planted = try Planted()
        let first = try planted.range(of: "Alice was beginning to get very tired of sitting by her sister on the\nbank, and of having nothing to do: once or twice she had peeped into the\nbook her sister was reading, but it had no pictures or conversations in\nit, 'and what is the use of a book,' thought Alice 'without pictures or\nconversation?'\n\nSo she was considering in her own mind")
        let rabbit = try planted.range(of: "White Rabbit with pink eyes")
        let curiouser = try planted.range(of: "'Curiouser and curiouser!' cried Alice")
        var state = BookState()
        state.highlights = [planted.highlight(curiouser, .pink), planted.highlight(rabbit, .blue),
                            planted.highlight(first, .green, note: "Why no pictures?\n# the reader's own Markdown")]
        try planted.save(state)
        return (planted, [first, rabbit, curiouser])
    }

    @Test("markdown: the title, each chapter's heading, each passage quoted with its page and colour, the note")
    func markdown() throws {
        let (planted, ranges) = try plantThree()
        defer { planted.remove() }
        let result = try planted.run(Self.sample)
        try #require(result.status == 0, "stderr: \(result.stderr)")
        let md = result.stdout
        #expect(md.hasPrefix("# Alice's Adventures in Wonderland\n"), "\(md)")
        let one = try #require(md.range(of: "## CHAPTER I. Down the Rabbit-Hole\n")),
            two = try #require(md.range(of: "## CHAPTER II. The Pool of Tears\n"))
        #expect(one.upperBound < two.lowerBound)
        // The hard-wrapped lines joined as the reader copies them; the second paragraph still in the quote.
        #expect(md.contains("> Alice was beginning to get very tired of sitting by her sister on the bank, and of having "))
        #expect(md.contains("conversation?'\n>\n> So she was considering in her own mind\n\n— p. "))
        #expect(md.contains("· green\n\nWhy no pictures?\n\n# the reader's own Markdown\n"))
        #expect(md.contains("> White Rabbit with pink eyes\n\n— p. ") && md.contains("· blue\n"))
        // Book order, whatever the order saved; chapter II's passage after its heading.
        let order = ["> Alice was beginning", "> White Rabbit", "> 'Curiouser and curiouser!' cried Alice"]
            .map { md.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted())
        #expect(order[2].map { $0 > two.upperBound } == true)
        // The page is the reader's, as `find` numbers it.
        let found = try Pageturn.run(["find", Self.sample, "Curiouser and curiouser", "--json", "-"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [String: Any])
        let page = try #require((json["matches"] as? [[String: Any]])?.first?["page"] as? Int)
        #expect(ranges[2].lowerBound + 1 == (json["matches"] as? [[String: Any]])?.first?["start"] as? Int)
        #expect(md.contains("cried Alice\n\n— p. \(page) · pink\n"), "\(md)")
    }

    @Test("json: the book, and every highlight's text, note, colour, chapter, page, offsets and date")
    func json() throws {
        let (planted, ranges) = try plantThree()
        defer { planted.remove() }
        let out = planted.folder.appendingPathComponent("notes.json")
        let result = try planted.run(Self.sample, "--format", "json", "--out", out.path)
        try #require(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let book = try #require(json["book"] as? [String: Any])
        #expect(book["title"] as? String == "Alice's Adventures in Wonderland" && book["path"] as? String == Self.sample)
        #expect(book["author"] as? String == planted.book.author && planted.book.author != nil)
        let highlights = try #require(json["highlights"] as? [[String: Any]])
        try #require(highlights.count == 3)
        #expect(highlights.map { $0["start"] as? Int } == ranges.map(\.lowerBound))
        #expect(highlights.map { $0["end"] as? Int } == ranges.map(\.upperBound))
        #expect(highlights.map { $0["color"] as? String } == ["green", "blue", "pink"])
        #expect(highlights.map { $0["note"] as? String } == ["Why no pictures?\n# the reader's own Markdown", "", ""])
        #expect(highlights.map { $0["chapter"] as? String }
                == ["CHAPTER I. Down the Rabbit-Hole", "CHAPTER I. Down the Rabbit-Hole", "CHAPTER II. The Pool of Tears"])
        #expect(highlights.allSatisfy { $0["created"] as? String == "2024-05-01T12:00:00Z" })
        let text = try #require(highlights.first?["text"] as? String)
        #expect(text.hasPrefix("Alice was beginning to get very tired of sitting by her sister on the bank, and")
                && text.hasSuffix("conversation?'\nSo she was considering in her own mind"), "\(text)")
        let pages = highlights.compactMap { $0["page"] as? Int }
        #expect(pages.count == 3 && pages == pages.sorted() && pages[0] >= 1 && pages[2] > pages[0])
    }

    @Test("no highlights: one line of Markdown, an empty list of JSON, exit 0")
    func empty() throws {
        let planted = try Planted()
        defer { planted.remove() }
        var state = BookState(position: 500)
        state.bookmarks = [Bookmark(name: "a place", offset: 500, created: Self.created)]
        try planted.save(state)
        let md = try planted.run(Self.sample)
        #expect(md.status == 0 && md.stdout == "_No highlights in Alice's Adventures in Wonderland._\n", "\(md.stdout)\(md.stderr)")
        let json = try planted.run(Self.sample, "--format", "json")
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((document["highlights"] as? [Any])?.isEmpty == true)
    }

    @Test("refusals are one line: an unknown format, a book that cannot be opened, a state that cannot be read")
    func refusals() throws {
        let planted = try Planted()
        defer { planted.remove() }
        try expectOneLineError(["annotations", Self.sample, "--format", "xml", "--state-dir", planted.folder.path],
                               mentioning: "xml", "--format")
        try expectOneLineError(["annotations", "/no/such/book.txt", "--state-dir", planted.folder.path], mentioning: "no such file")
        try expectOneLineError(["annotations", Self.sample, "--state-dir", Self.sample], mentioning: "not a folder")
        try expectOneLineError(["annotations", Self.sample, "--state-dir", planted.folder.path + "/missing"],
                               mentioning: "cannot read the state folder")
        let file = StateStore(directory: planted.folder).fileURL(for: BookKey(textDigest: planted.book.digest))
        try Data("{\"position\": ".utf8).write(to: file)
        try expectOneLineError(["annotations", Self.sample, "--state-dir", planted.folder.path], mentioning: "could not be read")
    }
}

extension AnnotationsCommandTests {
    @Test("an edited book: its state found by its file, each highlight by its text")
    func editedBook() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("alice.txt").path
        let original = try String(contentsOfFile: Self.sample, encoding: .utf8)
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        let planted = try Planted(book: path)
        defer { planted.remove() }
        let rabbit = try planted.range(of: "White Rabbit with pink eyes")
        var state = BookState(position: rabbit.lowerBound)
        state.file = URL(fileURLWithPath: path).standardizedFileURL.path
        state.anchors = [TextAnchor(offset: rabbit.lowerBound, text: planted.highlight(rabbit, .blue).text)]
        state.highlights = [planted.highlight(rabbit, .blue, note: "late")]
        try planted.save(state)
        // The book changes: a preface moves every offset.
        let preface = "A preface added later, which moves every offset after it.\n\n"
        try (preface + original).write(toFile: path, atomically: true, encoding: .utf8)
        let result = try planted.run(path, "--format", "json")
        try #require(result.status == 0, "stderr: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let highlights = try #require(json["highlights"] as? [[String: Any]])
        try #require(highlights.count == 1, "\(result.stdout)")
        let shift = preface.unicodeScalars.count
        #expect(highlights[0]["start"] as? Int == rabbit.lowerBound + shift && highlights[0]["end"] as? Int == rabbit.upperBound + shift)
        #expect(highlights[0]["text"] as? String == "White Rabbit with pink eyes" && highlights[0]["note"] as? String == "late")
    }

    @Test("100,000 highlights export, every one")
    func manyHighlights() throws {
        let planted = try Planted()
        defer { planted.remove() }
        let count = planted.book.text.scalarCount
        var state = BookState()
        state.highlights = (0..<BookState.maximumHighlights).map { k in
            let start = k % (count - 100), length = 1 + k / (count - 100)
            return Highlight(start: start, end: start + length, color: Highlight.Color.allCases[k % 4],
                             note: k % 10 == 0 ? "note \(k)" : "", created: Self.created, text: "")
        }
        try planted.save(state)
        let out = planted.folder.appendingPathComponent("all.json")
        let result = try planted.run(Self.sample, "--format", "json", "--out", out.path)
        try #require(result.status == 0, "stderr: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let highlights = try #require(json["highlights"] as? [[String: Any]])
        #expect(highlights.count == BookState.maximumHighlights)
        let starts = highlights.compactMap { $0["start"] as? Int }
        #expect(starts == starts.sorted())
        let md = try planted.run(Self.sample)
        #expect(md.status == 0 && md.stdout.components(separatedBy: "\n— p. ").count == BookState.maximumHighlights + 1)
    }
}
