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

    @Test("endnotes and notes marked by role stay in the flow, found by their links; an id in the head is no note")
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
}
