import EPUB
import Foundation
import Testing
import TestSupport

/// The commands take an EPUB wherever they take a TXT book.
@Suite("EPUB books in the commands")
struct EPUBCommandTests {
    let sherlock = SharedData.root + "/epub/books/sherlock-holmes.epub"

    func paginate(_ book: String) throws -> [String: Any] {
        let result = try Pageturn.run(["paginate", book, "--json", "-", "--no-cache"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test("paginate --json gives the metadata, each spine document opening a page, the contents with their pages")
    func paginateJSON() throws {
        let json = try paginate(sherlock)
        let metadata = try #require(json["metadata"] as? [String: Any])
        #expect(metadata["title"] as? String == "The Adventures of Sherlock Holmes")
        #expect(metadata["creators"] as? [String] == ["Arthur Conan Doyle"])
        #expect(metadata["language"] as? String == "en-GB")
        let pages = try #require(json["pages"] as? [Int])
        let spine = try #require(json["spine"] as? [[String: Any]])
        #expect(spine.count == 16)
        for item in spine {
            let offset = try #require(item["offset"] as? Int), page = try #require(item["page"] as? Int)
            #expect(pages[page] == offset, "\(item["href"] ?? "") starts page \(page)")
        }
        let contents = try #require(json["contents"] as? [[String: Any]])
        let titles = contents.compactMap { $0["title"] as? String }
        #expect(titles.contains("The Red-headed League") || titles.contains("The Redheaded League"))
        #expect(contents.contains { $0["level"] as? Int == 1 }, "the stories' parts are nested")
        let contentPages = contents.compactMap { $0["page"] as? Int }
        #expect(contentPages.count == contents.count && contentPages == contentPages.sorted())
    }

    @Test("an EPUB is known by its content, whatever its name")
    func byContent() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let renamed = folder.appendingPathComponent("holmes.txt")
        try FileManager.default.copyItem(atPath: sherlock, toPath: renamed.path)
        #expect((try paginate(renamed.path)["spine"] as? [Any])?.count == 16)
    }

    @Test("a ZIP that is not an EPUB, and an EPUB cut short, are one line each")
    func refusals() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sherlock))
        let cut = folder.appendingPathComponent("cut.epub")
        try bytes.prefix(bytes.count / 2).write(to: cut)
        try expectOneLineError(["paginate", cut.path, "--no-cache"], mentioning: "cut.epub", "damaged EPUB")
        let zip = folder.appendingPathComponent("plain.zip")
        var plain = bytes
        plain.replaceSubrange(30..<38, with: Data("mimetypf".utf8))  // the first entry's name
        try plain.write(to: zip)
        try expectOneLineError(["paginate", zip.path, "--no-cache"], mentioning: "plain.zip", "EPUB")
    }

    @Test("render draws an EPUB's page, and layout --json lays one out")
    func renderAndLayout() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("page.png").path
        let render = try Pageturn.run(["render", sherlock, "--page", "3", "--out", png])
        #expect(render.status == 0, "stderr: \(render.stderr)")
        let image = try PNGImage(contentsOf: png)
        let ink = image.pixels.filter { ($0 >> 16) & 0xFF < 0x80 && ($0 >> 8) & 0xFF < 0x80 && $0 & 0xFF < 0x80 }
        #expect(ink.count > 5_000, "the page's text is drawn")
        let layout = try Pageturn.run(["layout", sherlock, "--page", "3", "--json", "-"])
        #expect(layout.status == 0, "stderr: \(layout.stderr)")
        #expect(layout.stdout.contains("\"lines\""))
    }
}

@Suite("layout --json: the book's own text")
struct LayoutSourceTextTests {
    let wasteland = SharedData.root + "/epub/books/wasteland.epub"

    func pages(_ book: String) throws -> [[String: Any]] {
        let result = try Pageturn.run(["layout", book, "--pages", "all", "--json", "-"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("the lines of all pages joined are the book's text, generated text left out", arguments: ["wasteland", "childrens-literature"])
    func joinedLines(_ name: String) throws {
        let path = SharedData.root + "/epub/books/\(name).epub"
        let pages = try pages(path)
        let joined = pages.flatMap { ($0["lines"] as? [[String: Any]]) ?? [] }.compactMap { $0["text"] as? String }.joined()
        let book = try EPUBBook.open(path: path)
        var expected = String.UnicodeScalarView()
        var byte = 0
        for scalar in book.text.string(0..<book.text.scalarCount).unicodeScalars {
            if !book.structure.generated.contains(where: { $0.contains(byte) }) { expected.append(scalar) }
            byte += UTF8.width(scalar)
        }
        #expect(joined == String(expected))
        if name == "childrens-literature" { #expect(!book.structure.generated.isEmpty, "its list markers are generated") }
    }

    @Test("each page names its spine document and its offset in it; runs say italic, links and their language")
    func pagesAndRuns() throws {
        var pages = try pages(wasteland)
        // The cover opens the book, a page of its own named by its picture.
        let cover = pages.removeFirst()
        #expect(cover["item"] as? String == "EPUB/wasteland-cover.jpg" && cover["offset"] as? Int == 0)
        #expect((cover["images"] as? [[String: Any]])?.first?["href"] as? String == "EPUB/wasteland-cover.jpg")
        #expect(pages.allSatisfy { ($0["item"] as? String)?.hasSuffix(".xhtml") == true })
        #expect(pages.first?["offset"] as? Int == 0)
        let runs = pages.flatMap { ($0["lines"] as? [[String: Any]]) ?? [] }.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }
        #expect(runs.contains { $0["italic"] as? Bool == true })
        let linked = runs.compactMap { $0["href"] as? String }
        #expect(linked.contains { $0.contains("#") })
        // The package says en-US, the documents en; the poem quotes German, French, Italian…
        #expect(runs.allSatisfy { ($0["lang"] as? String)?.isEmpty == false })
        let german = runs.filter { ($0["text"] as? String)?.contains("Frisch weht der Wind") == true }
        #expect(!german.isEmpty && german.allSatisfy { $0["lang"] as? String == "de" })
        #expect(runs.contains { $0["lang"] as? String == "en" })
    }

    @Test("a TXT book's lines joined give its text from its first line on")
    func txtLines() throws {
        let pages = try pages("assets/books/alice-excerpt.txt")
        let joined = pages.flatMap { ($0["lines"] as? [[String: Any]]) ?? [] }.compactMap { $0["text"] as? String }.joined()
        let file = try String(contentsOfFile: Pageturn.packageRoot.appendingPathComponent("assets/books/alice-excerpt.txt").path,
                              encoding: .utf8)
        // Blank lines between paragraphs belong to no line in `book`: compare without them.
        func squeezed(_ s: String) -> String { s.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\n") }
        #expect(squeezed(joined) == squeezed(file))
    }
}
