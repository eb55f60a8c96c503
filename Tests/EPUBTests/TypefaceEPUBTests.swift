import EPUB
import Foundation
import FuzzTargets
import Pagination
import Testing
@testable import EPUB

/// A book's own typefaces: its `@font-face` families reach the document model with the text
/// set in each, and its obfuscated fonts are given back as the fonts they hide.
@Suite("EPUB typefaces")
struct TypefaceEPUBTests {
    static let css = """
        @font-face { font-family: "Book Serif"; src: url(fonts/serif.ttf); }
        @font-face { font-family: "Book Serif"; src: url(fonts/serif-italic.ttf); font-style: italic; }
        @font-face { font-family: Display; src: url("fonts/display.otf") format("opentype"); }
        body { font-family: "Book Serif", serif; }
        h1 { font-family: Georgia, Display, sans-serif; }
        .plain { font-family: serif; }
        """

    func book(_ body: String, css: String = Self.css, files: [(String, [UInt8])] = []) throws -> EPUBBook {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml(body, head: "<title>t</title><link href=\"style.css\" rel=\"stylesheet\"/>")]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        epub.extra = [("OEBPS/style.css", Array(css.utf8))] + files
        return try EPUBBook.open(path: try epub.write())
    }

    /// The text set in typeface `number`.
    func text(in number: Int, of book: EPUBBook) -> [String] {
        book.structure.typefaceRanges.filter { $0.number == number }.map {
            String(decoding: book.text.utf8[$0.range], as: UTF8.self)
        }
    }

    @Test("each element's text is marked with the typeface its font-family names; the body's is marked as the body's")
    func rangesAndFamilies() throws {
        let book = try book("<h1>The Title</h1><p>Body text, <span class=\"plain\">the reader's</span> and back.</p>")
        let typefaces = book.structure.typefaces
        #expect(typefaces.map(\.family).sorted() == ["Book Serif", "Display"])
        let serif = try #require(typefaces.firstIndex { $0.family == "Book Serif" }) + 1
        let display = try #require(typefaces.firstIndex { $0.family == "Display" }) + 1
        #expect(typefaces[serif - 1].setsBody && !typefaces[display - 1].setsBody)
        #expect(typefaces[serif - 1].faces == [
            DocumentStructure.Typeface.Face(sources: ["OEBPS/fonts/serif.ttf"], italic: false, bold: false),
            DocumentStructure.Typeface.Face(sources: ["OEBPS/fonts/serif-italic.ttf"], italic: true, bold: false),
        ], "sources resolved against the sheet, each face with its style")
        #expect(text(in: display, of: book) == ["The Title"], "Georgia, which the book does not declare, is passed over")
        #expect(text(in: serif, of: book).joined() == "Body text, and back.")
        let style = book.structure.faceStyle(atByte: try #require(book.text.utf8.firstRange(of: Array("Title".utf8))).lowerBound)
        #expect(style.typeface == display)
    }

    @Test("a generic family first means the reader's faces; a book naming no declared family has no typefaces")
    func genericFirst() throws {
        let book = try book("<p>Text</p>", css: Self.css + " p { font-family: sans-serif, Display }")
        #expect(book.structure.typefaceRanges.isEmpty)
        #expect(try self.book("<p>Text</p>", css: "p { font-family: Georgia }").structure.typefaces.isEmpty)
    }

    @Test("past seven typefaces, text is set in the reader's faces")
    func limit() throws {
        let css = (1...9).map { "@font-face { font-family: F\($0); src: url(f\($0).ttf) } .f\($0) { font-family: F\($0) }" }.joined()
        let book = try book((1...9).map { "<p class=\"f\($0)\">Face \($0)</p>" }.joined(), css: css)
        #expect(book.structure.typefaces.count == FaceStyle.typefaceLimit)
        #expect(Set(book.structure.typefaceRanges.map(\.number)) == Set(1...7))
        #expect(book.structure.faceStyle(atByte: try #require(book.text.utf8.firstRange(of: Array("Face 9".utf8))).lowerBound).typeface == 0)
    }

    @Test("the book cache keeps the typefaces and their text")
    func cached() throws {
        let read = try book("<h1>Title</h1><p>Body</p>")
        let file = EPUBCache.fileBytes(of: read, key: 3)
        let kept = try #require(EPUBCache.book(fromFileBytes: file, key: 3))
        #expect(kept.structure.typefaces == read.structure.typefaces && !read.structure.typefaces.isEmpty)
        #expect(kept.structure.typefaceRanges == read.structure.typefaceRanges)
    }

    // MARK: Obfuscated fonts

    static let w3c = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/epub/w3c-epub-tests").standardized

    @Test("IDPF's obfuscation is undone with the SHA-1 of the unique identifier: the W3C's obfuscated Lobster is its plain one")
    func idpfObfuscation() throws {
        let obfuscated = Self.w3c.appendingPathComponent("ocf-font_obfuscation.epub").path
        let plainBook = Self.w3c.appendingPathComponent("cnt-css-fonts_tt.epub").path
        let book = try EPUBBook.open(path: obfuscated)
        let revealed = try EPUBFiles(path: obfuscated, identifiers: book.metadata.identifiers).data(at: "EPUB/fonts/Lobster.ttf")
        let plain = try EPUBFiles(path: plainBook).data(at: "EPUB/fonts/Lobster.ttf")
        #expect(revealed == plain)
        // The second test's font was obfuscated with another key: what comes out is no font.
        let other = Self.w3c.appendingPathComponent("ocf-font_obfuscation_bis.epub").path
        let otherBook = try EPUBBook.open(path: other)
        let wrong = try EPUBFiles(path: other, identifiers: otherBook.metadata.identifiers).data(at: "EPUB/fonts/Lobster.ttf")
        #expect(wrong.prefix(4) != [0, 1, 0, 0])
    }

    @Test("SHA-1 is the standard's: FIPS 180's \"abc\"")
    func sha1() throws {
        let digest = try #require(SHA1.digest(Array("abc".utf8)))
        #expect(digest.map { String(format: "%02x", $0) }.joined() == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    @Test("Adobe's obfuscation takes the UUID's bytes; a font encrypted otherwise is refused in a line naming the algorithm")
    func adobeAndOthers() throws {
        let font = Array(0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let uuid = "urn:uuid:0123abcd-4567-89ef-0123-456789abcdef"
        let key = try #require(FontObfuscation.uuidBytes(uuid))
        #expect(key.count == 16 && key[0] == 0x01 && key[15] == 0xEF)
        var hidden = font
        for k in 0..<1024 { hidden[k] ^= key[k % 16] }
        let encryption = """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
            <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://ns.adobe.com/pdf/enc#RC"/>
            <enc:CipherData><enc:CipherReference URI="OEBPS/a.ttf"/></enc:CipherData></enc:EncryptedData>
            <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
            <enc:CipherData><enc:CipherReference URI="OEBPS/b.ttf"/></enc:CipherData></enc:EncryptedData>
            </encryption>
            """
        var epub = SmallEPUB()
        epub.extra = [("META-INF/encryption.xml", Array(encryption.utf8)), ("OEBPS/a.ttf", hidden), ("OEBPS/b.ttf", font)]
        let files = EPUBFiles(path: try epub.write(), identifiers: ["isbn-1", uuid])
        #expect(try files.data(at: "OEBPS/a.ttf") == font)
        #expect(throws: EPUBError.self) { try files.data(at: "OEBPS/b.ttf") }
        do {
            _ = try files.data(at: "OEBPS/b.ttf")
        } catch {
            #expect("\(error)".contains("aes128-cbc") && !"\(error)".contains("\n"))
        }
        #expect(try files.data(at: "OEBPS/one.xhtml").starts(with: Array("<?xml".utf8)), "other files are as stored")
    }
}
