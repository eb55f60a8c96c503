import EPUB
import Foundation
import FuzzTargets
import Pagination
import Testing

/// Drop caps as books ask for them: `initial-letter`, or a floated `::first-letter` set larger.
@Suite("EPUB drop caps")
struct DropCapEPUBTests {
    func book(_ body: String, css: String) throws -> EPUBBook {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml(body, head: "<title>t</title><style>\(css)</style>")]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        return try EPUBBook.open(path: try epub.write())
    }

    func capTexts(_ book: EPUBBook) -> [String] {
        book.structure.dropCaps.map { String(decoding: book.text.utf8[$0.start..<$0.end], as: UTF8.self) }
    }

    @Test("initial-letter sinks the first letter that many lines; a paragraph without the rule has none")
    func initialLetter() throws {
        let book = try book("<p class=\"first\">“Call me Ishmael.”</p><p>Some years ago.</p>",
                            css: "p.first::first-letter { initial-letter: 3 }")
        #expect(capTexts(book) == ["“C"])
        #expect(book.structure.dropCaps.first?.lines == 3)
    }

    @Test("a floated first letter set three times larger sinks two lines; one floated at the text's size is no drop cap")
    func floatedFirstLetter() throws {
        let big = try book("<section><p>It was a dark night.</p><p>Again.</p></section>",
                           css: "section::first-letter { float: left; font-size: 3em }")
        #expect(capTexts(big) == ["I"], "the section's first letter, in its first paragraph")
        #expect(big.structure.dropCaps.first?.lines == 2)
        let small = try book("<p>It was.</p>", css: "p::first-letter { float: left }")
        #expect(small.structure.dropCaps.isEmpty)
        let normal = try book("<p>It was.</p>", css: "p::first-letter { initial-letter: normal; font-weight: bold }")
        #expect(normal.structure.dropCaps.isEmpty)
    }

    @Test("drop caps survive the book cache")
    func cached() throws {
        let book = try book("<p>Words here.</p>", css: "p::first-letter { initial-letter: 2 }")
        let kept = try #require(EPUBCache.book(fromFileBytes: EPUBCache.fileBytes(of: book, key: 4), key: 4))
        #expect(kept.structure.dropCaps == book.structure.dropCaps && !kept.structure.dropCaps.isEmpty)
    }

    @Test("a list item's marker is no drop cap's place; a request its paragraph did not take goes no further")
    func markerAndLeak() throws {
        let item = try book("<ol><li><p class=\"drop\">First item.</p></li></ol>", css: "p.drop::first-letter { initial-letter: 3 }")
        #expect(item.structure.dropCaps.isEmpty)
        #expect(item.text.string(0..<item.text.scalarCount).hasPrefix("1. First"), "the marker is kept")
        let leak = try book("<p class=\"drop\"> </p><p>Second paragraph.</p>", css: "p.drop::first-letter { initial-letter: 3 }")
        #expect(leak.structure.dropCaps.isEmpty)
    }
}
