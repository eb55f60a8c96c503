import Foundation
import Testing

@Suite("pageturn paginate")
struct PaginateCommandTests {
    @Test("chapter titles and the file name are printed with their control characters escaped")
    func escapesWhatComesFromTheBook() throws {
        let dir = try Pageturn.temporaryFolder()
        let book = dir.appendingPathComponent("title\u{1B}]0;x\u{7}.txt")
        let text = String(repeating: "Some words of text in the chapter. ", count: 40)
        try Data("Chapter 1. The \u{1B}[2J cleared screen\n\n\(text)\n\nChapter 2. Another\n\n\(text)\n".utf8).write(to: book)
        let result = try Pageturn.run(["paginate", "--no-cache", book.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(!result.stdout.unicodeScalars.contains("\u{1B}") && !result.stdout.unicodeScalars.contains("\u{7}"))
        #expect(result.stdout.contains("\\u{1B}[2J cleared screen"), "stdout: \(result.stdout)")
    }

    @Test("--json writes chapter titles as JSON strings, whatever they hold, as Foundation's encoder writes them")
    func jsonStrings() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("odd.txt")
        let title = "Chapter 1. \"Quoted\" \\ back/slash \u{1B}[2J \u{8}\u{C}\u{1} café 中文"
        let text = String(repeating: "Some words of text in the chapter. ", count: 40)
        try Data("\(title)\n\n\(text)\n\nChapter 2. Another\n\n\(text)\n".utf8).write(to: book)
        let result = try Pageturn.run(["paginate", "--no-cache", book.path, "--json", "-"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let chapters = try #require(object["chapters"] as? [[String: Any]])
        #expect(chapters.first?["title"] as? String == title)
        // The chapters' objects exactly as the encoder would write them.
        struct Entry: Encodable { var level: Int; var offset: Int; var page: Int; var title: String }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let entries = chapters.map { Entry(level: $0["level"] as! Int, offset: $0["offset"] as! Int, page: $0["page"] as! Int,
                                           title: $0["title"] as! String) }
        let encoded = String(decoding: try encoder.encode(entries), as: UTF8.self)
        #expect(result.stdout.hasPrefix("{\"chapters\":" + encoded + ",\"chars\":"), "\(result.stdout.prefix(300))")
    }

    let sample = "assets/books/alice-excerpt.txt"

    @Test("a missing file, a folder and a binary file each get one clear line and a failure")
    func badFiles() throws {
        let dir = try Pageturn.temporaryFolder()
        let binary = dir.appendingPathComponent("picture.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0x0D, 0, 1, 2, 3]).write(to: binary)
        try expectOneLineError(["paginate", "/no/such/book.txt", "--no-cache"], mentioning: "no such file")
        try expectOneLineError(["paginate", dir.path, "--no-cache"], mentioning: "folder")
        try expectOneLineError(["paginate", binary.path, "--no-cache"], mentioning: "text")
    }

    @Test("--json to a folder that does not exist is one clear line")
    func unwritableJSON() throws {
        try expectOneLineError(["paginate", sample, "--no-cache", "--json", "/no/such/folder/pages.json"], mentioning: "cannot write")
    }

    @Test("an unwritable cache folder does not stop pagination")
    func unwritableCache() throws {
        let dir = try Pageturn.temporaryFolder()
        let blocker = dir.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let result = try Pageturn.run(["paginate", sample, "--cache-dir", blocker.appendingPathComponent("cache").path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("not cached"))
        #expect(!result.stdout.contains("Error Domain"))
    }

    @Test("an empty file is zero pages, not an error")
    func emptyFile() throws {
        let dir = try Pageturn.temporaryFolder()
        let empty = dir.appendingPathComponent("empty.txt")
        try Data().write(to: empty)
        let result = try Pageturn.run(["paginate", empty.path, "--no-cache"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("0 pages"))
    }

    @Test("non-positive, absurd and impossible sizes are refused on one line", arguments: [
        (["--width", "0"], "width"), (["--height", "-5"], "height"), (["--size", "0"], "font size"),
        (["--width", "1e9"], "absurd"), (["--size", "100000"], "absurd"), (["--margin", "500"], "margin"),
        (["--line-height", "5000"], "line"), (["--width", "nan"], "width"), (["--line-height", "1e-30"], "line height"),
    ])
    func badSizes(options: [String], needle: String) throws {
        try expectOneLineError(["paginate", sample, "--no-cache"] + options, mentioning: needle)
    }

    @Test("a font file that is not a font is refused on one line")
    func notAFont() throws {
        try expectOneLineError(["paginate", sample, "--no-cache", "--font", sample], mentioning: "not a font")
        try expectOneLineError(["paginate", sample, "--no-cache", "--cjk-font", "/no/such/font.ttf"], mentioning: "font")
    }

    @Test("an unknown encoding name is refused on one line")
    func unknownEncoding() throws {
        try expectOneLineError(["paginate", sample, "--no-cache", "--encoding", "klingon-8"], mentioning: "klingon-8")
    }

    @Test("--json writes contiguous pages that cover the text, lines in order, chapters with their pages, and the faces used")
    func json() throws {
        let dir = try Pageturn.temporaryFolder()
        let out = dir.appendingPathComponent("pages.json")
        for preset in ["book", "plain"] {
            let result = try Pageturn.run(["paginate", sample, "--preset", preset, "--json", out.path, "--cache-dir", dir.path])
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as! [String: Any]
            let chars = object["chars"] as! Int
            let pages = object["pages"] as! [Int]
            let lines = object["lines"] as! [Int]
            let chapters = object["chapters"] as! [[String: Any]]
            #expect(object["encoding"] as? String == "UTF-8")
            #expect(pages.first == 0)
            #expect(zip(pages, pages.dropFirst()).allSatisfy { $0 < $1 })
            #expect(pages.last! < chars)
            #expect(zip(lines, lines.dropFirst()).allSatisfy { $0 < $1 })
            #expect(Set(pages.dropFirst()).isSubset(of: Set(lines)))
            #expect(chapters.map { $0["title"] as! String } == ["CHAPTER I. Down the Rabbit-Hole", "CHAPTER II. The Pool of Tears"])
            for chapter in chapters {
                let offset = chapter["offset"] as! Int, page = chapter["page"] as! Int
                #expect(pages[page] <= offset && (page + 1 == pages.count || offset < pages[page + 1]))
            }
            let fonts = try #require(object["fonts"] as? [[String: Any]])
            #expect(fonts.first?["family"] as? String == "Noto Serif", "the text face first")
            #expect(fonts.allSatisfy { ($0["path"] as? String)?.hasPrefix("/") == true && $0["index"] is Int })
        }
    }

    @Test("a second run with the same settings reads the cache; other settings do not")
    func cache() throws {
        let dir = try Pageturn.temporaryFolder()
        let first = try Pageturn.run(["paginate", sample, "--cache-dir", dir.path])
        let second = try Pageturn.run(["paginate", sample, "--cache-dir", dir.path])
        let other = try Pageturn.run(["paginate", sample, "--cache-dir", dir.path, "--size", "20"])
        #expect(first.stdout.contains("cached"))
        #expect(second.stdout.contains("from cache"))
        #expect(!other.stdout.contains("from cache"))
        // Same pages either way.
        let pagesLine = { (s: String) in s.split(separator: "\n").first { $0.contains("pages,") } }
        #expect(pagesLine(first.stdout) == pagesLine(second.stdout))
    }
}
