import Foundation
import Testing
@testable import Library

@Suite("What a shelf shows of a book, read by content")
struct BookMetadataTests {
    @Test("an EPUB's title, creators, language and cover come from its package document")
    func epub() throws {
        let library = try LibraryFixture()
        let m = BookMetadata.read(path: try library.copyEPUB("childrens-literature.epub", to: "c.epub"))
        #expect(m.format == .epub)
        #expect(m.title == "Children's Literature")
        #expect(m.author == "Charles Madison Curry, Erle Elsworth Clippinger")
        #expect(m.language == "en")
        #expect(m.coverPath != nil)
        #expect(m.problem == nil)
        #expect(!m.rightToLeft)
    }

    @Test("a Hebrew EPUB's title reads right to left")
    func hebrewEPUB() throws {
        let library = try LibraryFixture()
        let m = BookMetadata.read(path: try library.copyEPUB("israelsailing.epub", to: "i.epub"))
        #expect(m.title == "מפליגים בישראל")
        #expect(m.language == "he")
        #expect(m.rightToLeft)
    }

    @Test("an EPUB is known by its content, whatever its name")
    func byContent() throws {
        let library = try LibraryFixture()
        let m = BookMetadata.read(path: try library.copyEPUB("wasteland.epub", to: "misnamed.txt"))
        #expect(m.format == .epub && m.title == "The Waste Land")
    }

    @Test("a broken EPUB is marked with why, under its file's name")
    func brokenEPUB() throws {
        let library = try LibraryFixture()
        let path = try library.write("broken.epub", bytes: [0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0, count: 100))
        let m = BookMetadata.read(path: path)
        #expect(m.format == .epub && m.title == "broken")
        #expect(m.problem?.isEmpty == false)
    }

    @Test("a Gutenberg text gives its title, author and language")
    func gutenbergText() throws {
        let library = try LibraryFixture()
        let path = try library.write("pg2600.txt", LibraryFixture.gutenberg(title: "War and Peace", author: "Leo Tolstoy",
                                                                            language: "English"))
        let m = BookMetadata.read(path: path)
        #expect(m == BookMetadata(format: .text, title: "War and Peace", author: "Leo Tolstoy", language: "en"))
    }

    @Test("a text in another encoding is decoded first, and its language found in its letters")
    func encodedText() throws {
        let library = try LibraryFixture()
        let hebrew = "בראשית\n\nבְּרֵאשִׁית בָּרָא אֱלֹהִים אֵת הַשָּׁמַיִם וְאֵת הָאָרֶץ׃\n"
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in hebrew.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let m = BookMetadata.read(path: try library.write("genesis.txt", bytes: utf16))
        #expect(m.title == "בראשית")
        #expect(m.language == "he")
        #expect(m.rightToLeft)
    }

    @Test("a long text is read only at its start, never cut inside a character")
    func longText() throws {
        let library = try LibraryFixture()
        let line = String(repeating: "天地玄黄宇宙洪荒", count: 40) + "\n"
        let m = BookMetadata.read(path: try library.write("long.txt", "千字文\n" + String(repeating: line, count: 200)))
        #expect(m.title == "千字文")
        #expect(m.language == "zh")
        #expect(m.problem == nil)
    }

    @Test("a file that is not text, or is empty, is marked")
    func notText() throws {
        let library = try LibraryFixture()
        let binary = BookMetadata.read(path: try library.write("binary.txt", bytes: (0..<4096).map { UInt8($0 % 256) }))
        #expect(binary.problem != nil && binary.title == "binary")
        #expect(BookMetadata.read(path: try library.write("empty.txt", "")).problem != nil)
    }
}

@Suite("A text's header")
struct TextHeaderTests {
    @Test("Gutenberg's lines: the first Author line only, a known language tagged")
    func gutenberg() {
        let h = TextHeader(head: "\u{FEFF}Title: War and Peace\n\nAuthor: Leo Tolstoy\nAn Anonymous Volunteer\n\nLanguage: Russian\n", path: "/x/pg.txt")
        #expect(h == TextHeader(head: "Title: War and Peace\nAuthor: Leo Tolstoy\nLanguage: Russian", path: "/y"))
        #expect(h.title == "War and Peace" && h.author == "Leo Tolstoy" && h.languageTag == "ru")
    }

    @Test("an older text's bracketed line gives the title, and the author after the last 'by'")
    func bracketed() {
        let h = TextHeader(head: "[Alice's Adventures in Wonderland by Lewis Carroll 1865]\n\nCHAPTER I.", path: "/a.txt")
        #expect(h.title == "Alice's Adventures in Wonderland")
        #expect(h.author == "Lewis Carroll")
    }

    @Test("else a short first line, else the file's name")
    func fallbacks() {
        #expect(TextHeader(head: "\n\n  Том первый  \n\nЧасть первая", path: "/v.txt").title == "Том первый")
        #expect(TextHeader(head: String(repeating: "long words ", count: 20), path: "/books/War.and.Peace.txt").title == "War.and.Peace")
        #expect(TextHeader(head: "", path: "/books/empty.txt").title == "empty")
        #expect(TextHeader(head: "A Title\n", path: "/t.txt").author == nil)
    }
}
