import EPUB
import Foundation
import Testing
import FuzzTargets

/// An EPUB is untrusted input: each of these is one line, or a placeholder inside a book that
/// otherwise opens; never a crash, a hang, a read outside the book or unbounded memory.
@Suite("Hostile EPUBs")
struct HostileEPUBTests {
    func refusal(_ epub: SmallEPUB, zip: ZipWriter? = nil) throws -> EPUBError {
        let path = try epub.write(zip)
        do {
            _ = try EPUBBook.open(path: path)
        } catch {
            #expect(!error.description.contains("\n"))
            return error
        }
        Issue.record("\(path) opened")
        return .missing("nothing")
    }

    @Test("a ZIP whose first entry is not mimetype is not an EPUB")
    func misplacedMimetype() throws {
        var zip = ZipWriter()
        zip.add("META-INF/container.xml", SmallEPUB().container)
        zip.add("mimetype", "application/epub+zip", method: .stored)
        #expect(try refusal(SmallEPUB(), zip: zip) == .notEPUB("mimetype is not its first entry"))
    }

    @Test("a mimetype that is not EPUB's")
    func wrongMimetype() throws {
        var epub = SmallEPUB()
        epub.mimetype = "application/zip"
        #expect(try refusal(epub) == .notEPUB("its mimetype is not application/epub+zip"))
    }

    @Test("a book without container.xml, or whose package is not in it")
    func missingParts() throws {
        var zip = ZipWriter()
        zip.add("mimetype", "application/epub+zip", method: .stored)
        #expect(try refusal(SmallEPUB(), zip: zip) == .missing("META-INF/container.xml"))
        var epub = SmallEPUB()
        epub.container = epub.container.replacingOccurrences(of: "content.opf", with: "elsewhere.opf")
        #expect(try refusal(epub) == .missing("OEBPS/elsewhere.opf"))
    }

    @Test("a spine document missing from the ZIP is a line saying so, and counted")
    func missingSpineDocument() throws {
        var epub = SmallEPUB()
        epub.documents["two.xhtml"] = nil
        epub.manifestExtra = "<item id=\"two\" href=\"two.xhtml\" media-type=\"application/xhtml+xml\"/>"
        let book = try EPUBBook.open(path: try epub.write())
        #expect(book.unreadableDocuments == ["OEBPS/two.xhtml"])
        #expect(book.text.string(0..<book.text.scalarCount).contains("[OEBPS/two.xhtml could not be read"))
    }

    @Test("two entries of one name refuse the book")
    func duplicateNames() throws {
        var epub = SmallEPUB()
        epub.extra = [("OEBPS/one.xhtml", Array("<p>other</p>".utf8))]
        #expect(try refusal(epub) == .badArchive("two entries have one name"))
    }

    @Test("entries named to reach outside the book are passed over and counted, and no link reaches them")
    func unsafeNames() throws {
        var epub = SmallEPUB()
        epub.extra = [("../evil.xhtml", Array("x".utf8)), ("/abs.xhtml", Array("x".utf8)), ("OEBPS\\back.xhtml", Array("x".utf8))]
        epub.spine = "<itemref idref=\"one\"/><itemref idref=\"evil\"/>"
        epub.manifestExtra = "<item id=\"evil\" href=\"../../evil.xhtml\" media-type=\"application/xhtml+xml\"/>"
        let book = try EPUBBook.open(path: try epub.write())
        #expect(book.unsafeEntryNames == 3)
        // `../../evil.xhtml` climbs no higher than the root (as URLs do): `evil.xhtml`, which the
        // book does not hold; the entry `../evil.xhtml` is never read.
        #expect(book.documents.map(\.path) == ["OEBPS/one.xhtml", "evil.xhtml"])
        #expect(book.unreadableDocuments == ["evil.xhtml"])
    }

    @Test("an entry that inflates more than 100 times is refused as a zip bomb")
    func zipBomb() throws {
        var epub = SmallEPUB()
        epub.rawDocuments["one.xhtml"] = (Array(SmallEPUB.xhtml("<p>a</p>").utf8) + [UInt8](repeating: 0x20, count: 4 << 20), nil)
        let book = try EPUBBook.open(path: try epub.write())
        #expect(book.unreadableDocuments == ["OEBPS/one.xhtml"])
        #expect(book.text.string(0..<book.text.scalarCount).contains("a zip bomb"))
    }

    @Test("an entry that states a smaller size than it inflates to is refused")
    func lyingSize() throws {
        var epub = SmallEPUB()
        epub.rawDocuments["one.xhtml"] = (Array(epub.documents["one.xhtml"]!.utf8), 10)
        let book = try EPUBBook.open(path: try epub.write())
        #expect(book.unreadableDocuments == ["OEBPS/one.xhtml"])
    }

    @Test("a truncated archive is one line")
    func truncated() throws {
        let bytes = SmallEPUB().zip.bytes
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).epub")
        try Data(bytes.prefix(bytes.count - 30)).write(to: url)
        #expect(throws: EPUBError.badArchive("no ZIP directory at its end (cut short?)")) {
            try EPUBBook.open(path: url.path)
        }
    }

    @Test("an external entity is never read: no file's content reaches the text")
    func externalEntity() throws {
        var epub = SmallEPUB()
        epub.documents["one.xhtml"] = """
            <?xml version="1.0"?>
            <!DOCTYPE html [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>before &secret; after</p></body></html>
            """
        let book = try EPUBBook.open(path: try epub.write())
        let text = book.text.string(0..<book.text.scalarCount)
        #expect(text.contains("before"))
        #expect(!text.contains("root:"))
    }

    @Test("an entity expansion bomb is not expanded")
    func billionLaughs() throws {
        var entities = "<!ENTITY l0 \"haha\">"
        for k in 1...12 { entities += "<!ENTITY l\(k) \"" + String(repeating: "&l\(k - 1);", count: 10) + "\">" }
        var epub = SmallEPUB()
        epub.documents["one.xhtml"] = """
            <?xml version="1.0"?><!DOCTYPE html [\(entities)]>
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>x &l12; y</p></body></html>
            """
        let book = try EPUBBook.open(path: try epub.write())
        #expect(book.text.scalarCount < 10_000)
    }

    @Test("a document nested 100,000 deep opens without exhausting the stack")
    func deepNesting() throws {
        var epub = SmallEPUB()
        let depth = 100_000
        epub.documents["one.xhtml"] = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>"
            + String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth) + "</body></html>"
        let book = try EPUBBook.open(path: try epub.write())
        #expect(book.documents.count == 3)
    }

    @Test("a document that is not well-formed is read by the HTML parser, as readers do")
    func notWellFormed() throws {
        var epub = SmallEPUB()
        epub.documents["one.xhtml"] = "<html><body><p>Unclosed <b>bold<p>Second &amp; last</body>"
        let book = try EPUBBook.open(path: try epub.write())
        let text = book.text.string(0..<book.text.scalarCount)
        #expect(text.hasPrefix("Unclosed bold\nSecond & last\n"))
    }

    @Test("a document in UTF-16 is read")
    func utf16() throws {
        var epub = SmallEPUB()
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>Zwölf</p></body></html>"
        epub.rawDocuments["one.xhtml"] = ([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, nil)
        let book = try EPUBBook.open(path: try epub.write())
        #expect(book.text.string(0..<book.text.scalarCount).hasPrefix("Zwölf\n"))
    }
}

/// What a review found in books that open: each is a line of a real book's layout.
@Suite("EPUB blocks at their edges")
struct EPUBBlockEdgeTests {
    func book(_ documents: [String: String]) throws -> EPUBBook {
        var epub = SmallEPUB()
        epub.documents = documents.mapValues { SmallEPUB.xhtml($0) }
        epub.spine = documents.keys.sorted().map { "<itemref idref=\"\($0.split(separator: ".")[0])\"/>" }.joined()
        epub.navigation = nil
        return try EPUBBook.open(path: try epub.write())
    }

    func lines(_ book: EPUBBook) -> [String] {
        book.text.string(0..<book.text.scalarCount).split(separator: "\n").map(String.init)
    }

    @Test("a document that opens with a blank block still starts its own page")
    func blankFirstBlock() throws {
        let book = try book(["a.xhtml": "<p>One.</p>", "b.xhtml": "<pre>   </pre><p>Two.</p>", "c.xhtml": "<p>\u{3000}</p><p>Three.</p>"])
        #expect(lines(book) == ["One.", "Two.", "Three."])
        #expect(book.structure.blocks.map(\.breaksPage) == [true, true, true])
    }

    @Test("an anchor leads to its element's first character, not the line before")
    func anchorAfterText() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("<div>Before.<h2 id=\"c\">Heading</h2></div>")]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = SmallEPUB.xhtml("<nav epub:type=\"toc\"><ol><li><a href=\"one.xhtml#c\">H</a></li></ol></nav>")
        let book = try EPUBBook.open(path: try epub.write())
        let offset = try #require(book.contents.first?.offset)
        #expect(book.text.string(offset..<offset + 7) == "Heading")
    }

    @Test("a list item's marker goes on the line of its first paragraph")
    func markerWithParagraph() throws {
        let book = try book(["a.xhtml": "<ol><li><p>First item.</p></li><li><p>Second.</p><p>More.</p></li></ol>"])
        #expect(lines(book) == ["1. First item.", "2. Second.", "More."])
    }

    @Test("a blank line inside pre puts a line's space above the next line, as a stanza's")
    func preStanzas() throws {
        let book = try book(["a.xhtml": "<pre>one\ntwo\n\nthree</pre>"])
        #expect(lines(book) == ["one", "two", "three"])
        #expect(book.structure.blocks.map { $0.style?.spaceBefore ?? false } == [true, false, true])
    }

    @Test("a hundred small bombs, each under the per-file ratio, are refused together")
    func manySmallBombs() throws {
        var epub = SmallEPUB()
        let filler = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>" + String(repeating: " ", count: 900_000) + "x</p></body></html>"
        epub.documents = [:]
        for k in 0..<100 { epub.rawDocuments["d\(k).xhtml"] = (Array(filler.utf8), nil) }
        epub.spine = (0..<100).map { "<itemref idref=\"d\($0)\"/>" }.joined()
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        #expect(!book.unreadableDocuments.isEmpty)
        #expect(book.text.string(0..<book.text.scalarCount).contains("a zip bomb"))
    }
}
