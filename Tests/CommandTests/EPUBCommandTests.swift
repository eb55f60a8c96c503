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
