import EPUB
import Foundation
import FuzzTargets
import Pagination
import Testing

/// A book's notes: asides kept out of the flow for the pop-up, endnotes left where they are,
/// each found by the link that leads to it.
@Suite("EPUB notes")
struct NoteEPUBTests {
    func book(_ documents: [String: String], spine: [String]) throws -> EPUBBook {
        var epub = SmallEPUB()
        epub.documents = documents.mapValues { SmallEPUB.xhtml($0) }
        epub.spine = spine.map { "<itemref idref=\"\($0)\"/>" }.joined()
        epub.navigation = nil
        return try EPUBBook.open(path: try epub.write())
    }

    func text(of book: EPUBBook) -> String { book.text.string(0..<book.text.scalarCount) }

    @Test("an aside footnote is out of the flow, in the notes' own text; the paragraph around it goes on")
    func asideFootnote() throws {
        let book = try book(["one.xhtml": """
            <p>Before<a href="#n1" epub:type="noteref">1</a> the note.</p>
            <aside epub:type="footnote" id="n1"><p>The <em>note</em> itself.</p></aside>
            <p>After it.</p>
            """], spine: ["one"])
        #expect(text(of: book) == "Before1 the note.\nAfter it.\n")
        let note = try #require(book.notes.notes["OEBPS/one.xhtml#n1"])
        #expect(!note.inFlow)
        #expect(book.notes.text.string(note.range) == "The note itself.\n")
        #expect(book.notes.structure.italics.map { String(decoding: book.notes.text.utf8[$0], as: UTF8.self) } == ["note"],
                "the note keeps its styles")
    }

    @Test("endnotes and notes marked by role stay in the flow, found by their links")
    func endnotesInFlow() throws {
        let book = try book([
            "one.xhtml": "<p>Text<a href=\"notes.xhtml#e1\">1</a>.</p>",
            "notes.xhtml": """
                <ol><li id="e1" epub:type="endnote"><p>First endnote.</p></li>
                <li id="e2" role="doc-endnote"><p>Second.</p></li><li id="e3"><p>Not a note.</p></li></ol>
                """,
        ], spine: ["one", "notes"])
        let first = try #require(book.notes.notes["OEBPS/notes.xhtml#e1"])
        #expect(first.inFlow && book.text.string(first.range).contains("First endnote."))
        #expect(book.notes.notes["OEBPS/notes.xhtml#e2"]?.inFlow == true)
        #expect(book.notes.notes["OEBPS/notes.xhtml#e3"] == nil)
        #expect(text(of: book).contains("First endnote.") && text(of: book).contains("Second."))
    }

    @Test("notes survive the book cache, and a note in a document shown twice is kept once")
    func cachedAndRepeated() throws {
        let book = try book(["one.xhtml": "<p>A<a href=\"#n\">*</a></p><aside epub:type=\"footnote\" id=\"n\">Note.</aside>"],
                            spine: ["one", "one"])
        #expect(book.notes.notes.count == 1 && book.notes.text.string(0..<book.notes.text.scalarCount) == "Note.\n")
        let kept = try #require(EPUBCache.book(fromFileBytes: EPUBCache.fileBytes(of: book, key: 5), key: 5))
        #expect(kept.notes.notes == book.notes.notes)
        #expect(kept.notes.text.utf8 == book.notes.text.utf8 && kept.notes.structure == book.notes.structure)
    }

    @Test("a note inside an aside note is out of the flow too; an inline aside stays; a note the book hides is still a note")
    func nestedInlineAndHidden() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("""
            <p>Start.</p>
            <aside epub:type="footnote" id="outer"><p>Outer <span epub:type="note" id="inner">inner</span> end.</p></aside>
            <p>Text <aside epub:type="footnote" id="inline" style="display: inline">inline note</aside> goes on.</p>
            <div epub:type="footnote" id="hidden" class="gone"><p>Hidden by the sheet.</p></div>
            <p>After.</p>
            """, head: "<title>t</title><style>.gone { display: none } aside { break-after: page }</style>")]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        #expect(text(of: book) == "Start.\nText inline note goes on.\nAfter.\n")
        let inner = try #require(book.notes.notes["OEBPS/one.xhtml#inner"])
        #expect(!inner.inFlow && book.notes.text.string(inner.range) == " inner", "from the space before it")
        let inline = try #require(book.notes.notes["OEBPS/one.xhtml#inline"])
        #expect(inline.inFlow && book.text.string(inline.range) == " inline note")
        let hidden = try #require(book.notes.notes["OEBPS/one.xhtml#hidden"])
        #expect(!hidden.inFlow && book.notes.text.string(hidden.range) == "Hidden by the sheet.\n")
        #expect(book.structure.blocks.filter(\.breaksPage).map(\.start) == [0], "the aside's own page break stays out of the flow")
    }

    @Test("a note's text in the book's typeface is numbered as the book numbers it")
    func typefaceInNotes() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("""
            <p class="a">Alpha text.</p><p class="b">Beta text.</p>
            <aside epub:type="footnote" id="n"><p class="b">Beta note.</p></aside>
            """, head: """
            <title>t</title><style>@font-face { font-family: A; src: url(a.ttf) } @font-face { font-family: B; src: url(b.ttf) }
            .a { font-family: A } .b { font-family: B }</style>
            """)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        let b = try #require(book.structure.typefaces.firstIndex { $0.family == "B" }) + 1
        #expect(book.notes.structure.typefaces == book.structure.typefaces)
        #expect(book.notes.structure.typefaceRanges.map(\.number) == [b], "the note's B is the book's B, not its first typeface")
    }
}
