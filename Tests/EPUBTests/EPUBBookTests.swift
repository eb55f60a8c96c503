import EPUB
import Foundation
import Pagination
import Testing

@Suite("Opening an EPUB")
struct EPUBBookTests {
    let book: EPUBBook

    init() throws { book = try EPUBBook.open(path: try SmallEPUB().write()) }

    /// The text of the blocks, one string each.
    var blocks: [String] { book.text.string(0..<book.text.scalarCount).split(separator: "\n").map(String.init) }

    @Test("the package's metadata: the title, the creators in order, the language, the identifiers")
    func metadata() {
        #expect(book.metadata.title == "The Small Book")
        #expect(book.metadata.creators == ["Ann First", "Bob Second"])
        #expect(book.metadata.language == "en")
        #expect(book.metadata.identifiers == ["urn:uuid:1234"])
    }

    @Test("the title's and the creator's direction: their own dir, else the package's, none for auto")
    func directions() throws {
        func metadata(_ title: String, package: String = "") throws -> EPUBMetadata {
            var epub = SmallEPUB()
            epub.metadata = "\(title)<dc:creator>Ann</dc:creator><dc:language>he</dc:language><dc:identifier id=\"uid\">x</dc:identifier>"
            epub.packageAttributes = package
            return try EPUBBook.open(path: try epub.write()).metadata
        }
        #expect(try metadata("<dc:title dir=\"rtl\">הרפתקה</dc:title>").titleDirection == "rtl")
        #expect(try metadata("<dc:title dir=\"auto\">הרפתקה</dc:title>", package: " dir=\"rtl\"").titleDirection == nil)
        #expect(try metadata("<dc:title>הרפתקה</dc:title>", package: " dir=\"rtl\"").titleDirection == "rtl")
        #expect(try metadata("<dc:title>הרפתקה</dc:title>", package: " dir=\"rtl\"").creatorDirection == "rtl")
        #expect(try metadata("<dc:title>הרפתקה</dc:title>").titleDirection == nil)
    }

    @Test("the spine's documents in reading order, the one reached by links only after them")
    func spineOrder() {
        #expect(book.documents.map(\.path) == ["OEBPS/one.xhtml", "OEBPS/two.xhtml", "OEBPS/notes.xhtml"])
        #expect(book.documents.map(\.linear) == [true, true, false])
        #expect(book.documents.first?.offset == 0)
        #expect(zip(book.documents, book.documents.dropFirst()).allSatisfy { $0.offset < $1.offset })
    }

    @Test("each block a line: spaces collapsed, a line break a block of its own, an entity read, a list numbered")
    func blockText() {
        #expect(blocks == [
            "Chapter One", "It was a dark night.", "Then came the", "second line.", "*\u{2003}*\u{2003}*",
            "After \u{A0}the break.", "Chapter Two", "A section", "Text of two.", "1. first", "2. second", "A note.",
        ])
    }

    @Test("each block's role and style, each document's first block breaking the page, the line after a break unindented")
    func structure() throws {
        let roles: [DocumentStructure.Role] = book.structure.blocks.map(\.role)
        let expected: [DocumentStructure.Role] = [
            .heading, .paragraph, .paragraph, .paragraph, .sceneBreak, .paragraph, .heading, .heading,
            .paragraph, .paragraph, .paragraph, .paragraph,
        ]
        #expect(roles == expected)
        let breaks: [Bool] = [true, false, false, false, false, false, true, false, false, false, false, true]
        #expect(book.structure.blocks.map(\.breaksPage) == breaks)
        // The line after a line break; the rest are indented as their style says.
        #expect(book.structure.blocks.map(\.unindented)
                == [false, false, false, true, false, false, false, false, false, false, false, false])
        #expect(book.structure.blocks.allSatisfy { $0.style != nil })
    }

    @Test("the italics cover the emphasised word and nothing else")
    func italics() throws {
        let block = book.structure.blocks[1]
        let blockStart = book.text.scalarOffset(ofByte: block.start)
        let marked = (0..<book.text.scalarCount).filter { offset in
            let byte = book.text.byteOffset(ofScalar: offset)
            return book.structure.faceStyle(atByte: byte).contains(.italic)
        }
        #expect(marked == Array(blockStart + 9..<blockStart + 13))
        #expect(book.text.string(marked.first!..<marked.last! + 1) == "dark")
    }

    @Test("the contents keep their nesting and lead to the document or the anchor")
    func contents() throws {
        #expect(book.contents.map(\.title) == ["Chapter One", "Later", "Chapter Two"])
        #expect(book.contents.map(\.level) == [0, 1, 0])
        #expect(book.contents.map(\.href) == ["OEBPS/one.xhtml", "OEBPS/one.xhtml#later", "OEBPS/two.xhtml"])
        let later = try #require(book.contents[1].offset)
        #expect(book.text.string(later..<later + 5) == "After")
        #expect(book.contents[2].offset == book.documents[1].offset)
    }

    @Test("without a navigation document the EPUB 2 NCX gives the contents")
    func ncx() throws {
        var epub = SmallEPUB()
        epub.navigation = nil
        epub.manifestExtra = "<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>"
        epub.spineAttributes = " toc=\"ncx\""
        epub.extra = [("OEBPS/toc.ncx", Array("""
            <?xml version="1.0"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
              <navPoint id="a"><navLabel><text>First</text></navLabel><content src="one.xhtml"/>
                <navPoint id="b"><navLabel><text>Inner</text></navLabel><content src="one.xhtml#later"/></navPoint>
              </navPoint>
              <navPoint id="c"><navLabel><text>Second</text></navLabel><content src="two.xhtml"/></navPoint>
            </navMap></ncx>
            """.utf8))]
        let book = try EPUBBook.open(path: try epub.write())
        #expect(book.contents.map(\.title) == ["First", "Inner", "Second"])
        #expect(book.contents.map(\.level) == [0, 1, 0])
        #expect(book.contents.map(\.offset) == [0, try #require(self.book.contents[1].offset), book.documents[1].offset])
    }

    @Test("an unzipped EPUB's folder opens as the ZIP does")
    func folder() throws {
        let epub = SmallEPUB()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("small-\(UUID().uuidString)")
        func put(_ name: String, _ text: String) throws {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try put("mimetype", epub.mimetype)
        try put("META-INF/container.xml", epub.container)
        try put("OEBPS/content.opf", epub.package)
        try put("OEBPS/nav.xhtml", epub.navigation!)
        for (name, text) in epub.documents { try put("OEBPS/" + name, text) }
        #expect(EPUBBook.isEPUB(path: root.path))
        let opened = try EPUBBook.open(path: root.path)
        #expect(opened.text.utf8 == book.text.utf8)
        #expect(opened.structure == book.structure)
    }
}

@Suite("The book cache")
struct EPUBCacheTests {
    @Test("a book read back from the cache is the book that was read")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("books-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try SmallEPUB().write()
        let cache = EPUBCache(directory: folder)
        let read = try EPUBBook.open(path: path, cache: cache)
        let key = try #require(EPUBCache.key(ofFile: path))
        let kept = try #require(cache.load(key: key))
        #expect(kept.text.utf8 == read.text.utf8)
        #expect(kept.structure == read.structure)
        #expect(kept.metadata == read.metadata)
        #expect(kept.documents == read.documents)
        #expect(kept.contents == read.contents && kept.pageList == read.pageList)
        #expect(kept.linkTargets == read.linkTargets)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test("a damaged cache file is refused, never trusted: every byte flipped, and every length cut")
    func damaged() throws {
        let book = try EPUBBook.open(path: try SmallEPUB().write())
        let file = EPUBCache.fileBytes(of: book, key: 7)
        #expect(EPUBCache.book(fromFileBytes: file, key: 7) != nil)
        #expect(EPUBCache.book(fromFileBytes: file, key: 8) == nil)
        for k in stride(from: 0, to: file.count, by: max(1, file.count / 300)) {
            var bad = file
            bad[k] ^= 0x5A
            #expect(EPUBCache.book(fromFileBytes: bad, key: 7) == nil, "byte \(k) flipped")
            #expect(EPUBCache.book(fromFileBytes: Array(file.prefix(k)), key: 7) == nil, "cut at \(k)")
        }
    }

    @Test("a changed book is read again: the key follows the file's content")
    func changedBook() throws {
        var epub = SmallEPUB()
        let first = try #require(EPUBCache.key(ofFile: try epub.write()))
        epub.documents["one.xhtml"] = SmallEPUB.xhtml("<p>It was a dark night, said the revised edition.</p>")
        let second = try #require(EPUBCache.key(ofFile: try epub.write()))
        #expect(first != second)
        #expect(first == EPUBCache.key(ofFile: try SmallEPUB().write()))
    }
}
