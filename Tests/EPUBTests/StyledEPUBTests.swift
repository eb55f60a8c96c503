import EPUB
import Foundation
import FuzzTargets
import Pagination
import Testing

/// The book's style sheets, cascaded, decide how its blocks are set.
@Suite("Styled EPUBs")
struct StyledEPUBTests {
    static let css = """
        @namespace epub "http://www.idpf.org/2007/ops";
        p { margin: 0; text-indent: 1em; }
        h3 + p, p.first { text-indent: 0; }
        h3 { text-align: center; margin: 3em 0 1em; }
        .verse { margin-left: 2em; }
        [epub|type~="z3998:signature"] { text-align: right; }
        .gone { display: none; }
        blockquote p::before { content: "« "; }
        """

    func book(_ body: String) throws -> EPUBBook {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml(body, head: "<title>t</title><link href=\"style.css\" rel=\"stylesheet\" type=\"text/css\"/>")]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        epub.extra = [("OEBPS/style.css", Array(Self.css.utf8))]
        return try EPUBBook.open(path: try epub.write())
    }

    func blocks(_ book: EPUBBook) -> [(text: String, block: DocumentStructure.Block)] {
        let lines = book.text.string(0..<book.text.scalarCount).split(separator: "\n", omittingEmptySubsequences: false)
        return zip(lines, book.structure.blocks).map { (String($0), $1) }
    }

    @Test("indents, alignment, margins and display as the sheet gives them")
    func blockStyles() throws {
        let book = try book("""
            <section><h3>I</h3><p>First.</p><p>Second.</p><p class="gone">Hidden.</p>
            <div class="verse"><p class="first">A line</p></div>
            <p epub:type="z3998:signature">Signed</p>
            <blockquote><p>Quoted</p></blockquote></section>
            """)
        let b = blocks(book)
        #expect(b.map(\.text) == ["I", "First.", "Second.", "A line", "Signed", "« Quoted"])
        let styles = b.map { $0.block.style! }
        #expect(styles[0].alignment == .centered)
        #expect(styles[1].indent == 0, "h3 + p")
        #expect(styles[2].indent == 1)
        #expect(styles[3].startInset == 2 && styles[3].indent == 0)
        #expect(styles[4].alignment == .end)
        #expect(styles[5].startInset == 2.5, "the user agent's 40px blockquote margins")
        #expect(styles[1].spaceBefore && !styles[2].spaceBefore,
                "the heading's bottom margin puts a line above the first paragraph only")
    }

    @Test("headings are set at their sizes, in bold and small capitals as the sheets say; absurd sizes are capped")
    func sizesAndCaps() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("""
            <h1>Title</h1><h2>Part</h2><p class="s">Small print with <span class="c">caps</span>.</p><p class="huge">Huge</p>
            """, head: #"<title>t</title><style>h2 { font-variant: small-caps } .s { font-size: 80% } .c { font-variant: small-caps } .huge { font-size: 1e9em }</style>"#)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        let scales = book.structure.blocks.map { $0.style!.fontScale }
        #expect(scales == [2, 1.5, 0.8, DocumentStructure.Style.fontScales.upperBound])
        func strings(_ ranges: [Range<Int>]) -> [String] { ranges.map { String(decoding: book.text.utf8[$0], as: UTF8.self) } }
        #expect(strings(book.structure.bold) == ["Title", "Part"], "the user agent's bold headings")
        #expect(strings(book.structure.smallCaps) == ["Part", "caps"])
    }

    @Test("sup and sub, and what is inside them, are raised and lowered; a block's vertical-align is not its text's")
    func scripts() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("""
            <p>Text<a href="#n1"><sup>1</sup></a> and <a class="ref" href="#n2">2</a>, H<sub>2</sub>O.</p>
            <p class="up">Whole block</p>
            """, head: #"<title>t</title><style>a.ref { vertical-align: super } .up { vertical-align: super }</style>"#)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        func strings(_ ranges: [Range<Int>]) -> [String] { ranges.map { String(decoding: book.text.utf8[$0], as: UTF8.self) } }
        #expect(strings(book.structure.raised) == ["1", "2"])
        #expect(strings(book.structure.lowered) == ["2"])
    }

    @Test("text set smaller than its block (a note reference, <small>) is smaller; a block's own size is not")
    func smallerInline() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("""
            <p>Text<a class="ref" href="#n1">1</a> in <small>small print</small> and <span class="big">big</span>.</p>
            <p class="s">A smaller block, <span class="same">the same</span> inside</p>
            """, head: #"<title>t</title><style>a.ref { font-size: smaller } .big { font-size: 2em } .s { font-size: 80% } .same { font-size: 1em }</style>"#)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        func strings(_ ranges: [Range<Int>]) -> [String] { ranges.map { String(decoding: book.text.utf8[$0], as: UTF8.self) } }
        #expect(strings(book.structure.smaller) == ["1", "small print"], "1em inside a 0.8em block is larger, and set at the block's size")
    }

    @Test("a floated line number and an abbreviation that must not wrap are marked on their text; a floated block is a block")
    func floatsAndNoWrap() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("""
            <div>of dust.<span class="lnum">3<b>0</b></span></div><p>Dr. Watson, <abbr>M. D.</abbr>, here</p>
            <div class="side">Aside</div>
            """, head: #"<title>t</title><style>.lnum { float: right } abbr { white-space: nowrap } .side { float: left }</style>"#)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        func strings(_ ranges: [Range<Int>]) -> [String] { ranges.map { String(decoding: book.text.utf8[$0], as: UTF8.self) } }
        #expect(strings(book.structure.floatedRight) == ["30"], "what is inside the float floats with it")
        #expect(strings(book.structure.floatedLeft).isEmpty)
        #expect(strings(book.structure.unbreakable) == ["M. D."])
        #expect(book.text.string(0..<book.text.scalarCount).split(separator: "\n").last == "Aside")
    }

    @Test("a stanza that avoids breaks inside keeps its lines and blocks together; break-after: avoid keeps a block with the next")
    func keeps() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("""
            <p>Before</p><div class="stanza"><p>One<br/>Two</p><p>Three</p></div><p class="lead">Lead</p><p>After</p>
            """, head: #"<title>t</title><style>.stanza { break-inside: avoid } .lead { page-break-after: avoid }</style>"#)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        let blocks = book.structure.blocks
        #expect(blocks.count == 6)
        #expect(blocks.map(\.keepsLinesTogether) == [false, true, true, true, false, false])
        #expect(blocks.map(\.keepsWithNext) == [false, true, true, false, true, false],
                "inside the stanza each block keeps with the next; its last does not; Lead keeps with After")
    }

    @Test("an inline element's language holds for its words only; the text after it is in its block's again")
    func inlineLanguage() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml(#"<p>A word, <i xml:lang="fr">un mot</i>, and more.</p>"#)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        let text = book.text.string(0..<book.text.scalarCount)
        func language(of word: String) -> String? {
            let offset = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: word)!.lowerBound)
            return book.structure.language(atByte: offset)
        }
        #expect(language(of: "word") == "en" && language(of: "mot") == "fr" && language(of: "more") == "en")
    }

    @Test("code, pre and a monospaced family are set monospaced; a serif family before monospace is not")
    func monospace() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("""
            <p>Run <code>ls -l</code> and <span class="c">cat</span> or <span class="s">this</span>.</p><pre>x = 1</pre>
            """, head: #"<title>t</title><style>.c { font-family: "Courier New", monospace } .s { font-family: Georgia, serif, monospace }</style>"#)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        func strings(_ ranges: [Range<Int>]) -> [String] { ranges.map { String(decoding: book.text.utf8[$0], as: UTF8.self) } }
        #expect(strings(book.structure.monospace) == ["ls -l", "cat", "x = 1"])
        #expect(book.structure.faceStyles.contains(.monospace))
    }

    @Test("letter-spacing is kept in ems of the reader's size, inherited, reset by normal, and held to bounds")
    func letterSpacing() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("""
            <h1 class="sp">Title <span class="n">plain</span></h1><p class="huge">wide</p><p>none</p>
            """, head: #"<title>t</title><style>.sp { letter-spacing: 0.1em } .n { letter-spacing: normal } .huge { letter-spacing: 1e9em }</style>"#)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        let spaced = book.structure.letterSpacing.map { (String(decoding: book.text.utf8[$0.range], as: UTF8.self), $0.ems) }
        #expect(spaced.map(\.0) == ["Title", "wide"])
        #expect(abs(spaced[0].1 - 0.2) < 0.001, "0.1em of a 2em heading")
        #expect(spaced[1].1 == 1, "held to an em")
    }

    @Test("a sheet linked or written for print, or for a page narrower than the reader's, is not the screen's")
    func media() throws {
        var epub = SmallEPUB()
        let head = """
            <title>t</title><link href="print.css" rel="stylesheet" type="text/css" media="print"/>
            <link href="screen.css" rel="stylesheet" type="text/css" media="screen, print"/>
            <style media="(max-width: 20em)">p.b { text-align: right }</style>
            <style media="(min-width: 20em)">p.c { text-align: right }</style>
            """
        epub.documents = ["one.xhtml": SmallEPUB.xhtml(#"<p class="a">A</p><p class="b">B</p><p class="c">C</p>"#, head: head)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        epub.extra = [("OEBPS/print.css", Array("p.a { text-align: center }".utf8)),
                      ("OEBPS/screen.css", Array("p { text-indent: 3em }".utf8))]
        let book = try EPUBBook.open(path: try epub.write())
        let styles = book.structure.blocks.map { $0.style! }
        #expect(styles[0].alignment != .centered, "print.css is for print")
        #expect(styles.allSatisfy { $0.indent == 3 }, "screen.css, for screen and print, is read")
        #expect(styles[1].alignment != .end, "max-width 20em (320 px) is narrower than the reader's page")
        #expect(styles[2].alignment == .end)
    }

    @Test("dir and direction give a block its direction; hyphens: none keeps it whole; lang and xml:lang its language")
    func directionAndHyphens() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("""
            <p dir="rtl">Right to left</p><p>Plain</p><div dir="rtl" lang="he"><p dir="ltr">Left again</p></div><h2 xml:lang="fr">Whole</h2>
            """, head: #"<title>t</title><style>h2 { hyphens: none; -epub-hyphens: none; text-align-last: right }</style>"#)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        let styles = book.structure.blocks.map { $0.style! }
        #expect(styles.map(\.direction) == [.rightToLeft, nil, .leftToRight, nil])
        #expect(styles.map(\.lastLine) == [nil, nil, nil, .end], "text-align-last: right is a left-to-right block's end")
        #expect(styles.map(\.hyphenates) == [true, true, true, false])
        let languages = book.structure.blocks.map { book.structure.language(atByte: $0.start) }
        #expect(languages == ["en", "en", "he", "fr"], "the root's lang, inherited, and the elements' own")
    }
}

@Suite("Styled EPUBs: what generated text carries")
struct GeneratedTextTests {
    @Test("a scene break and a ::before string after a link are in no link, and not bold after a bold heading")
    func noStaleLinkOrBold() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("""
            <h2>Bold heading</h2><p><a href="one.xhtml#n">note</a></p><hr/><p class="x">plain</p>
            """, head: #"<title>t</title><style>p.x::before { content: "N: "; } h2 { font-weight: bold }</style>"#)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        let text = book.text.string(0..<book.text.scalarCount)
        #expect(text.contains("N: plain"))
        #expect(book.structure.links.count == 1)
        let link = try #require(book.structure.links.first)
        #expect(String(decoding: book.text.utf8[link.range], as: UTF8.self) == "note")
        let boldText = book.structure.bold.map { String(decoding: book.text.utf8[$0], as: UTF8.self) }
        #expect(boldText == ["Bold heading"])
    }

    @Test("q is quoted in its language's marks, a quotation inside a quotation in the inner ones; the marks are generated")
    func quotations() throws {
        func book(_ body: String) throws -> EPUBBook { try StyledEPUBTests().book(body) }
        let english = try book("<p>He said <q>take <q>this</q> one</q> and left.</p>")
        let text = english.text.string(0..<english.text.scalarCount)
        #expect(text == "He said \u{201C}take \u{2018}this\u{2019} one\u{201D} and left.\n")
        let generated = english.structure.generated.map { String(decoding: english.text.utf8[$0], as: UTF8.self) }
        #expect(generated == ["\u{201C}", "\u{2018}", "\u{2019}", "\u{201D}"], "only the marks: the spaces around them are the book's")
        let french = try book("<p xml:lang=\"fr\">Il dit <q>non</q>.</p><p xml:lang=\"de\"><q>Ja</q></p><p xml:lang=\"ja\"><q>はい</q></p>")
        #expect(french.text.string(0..<french.text.scalarCount)
            == "Il dit \u{00AB}\u{202F}non\u{202F}\u{00BB}.\n\u{201E}Ja\u{201C}\n\u{300C}はい\u{300D}\n")
    }

    @Test("a space that generated text begins with is generated; a space of the book's before generated text is the book's")
    func generatedSpaces() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("<p class=\"y\">word</p><p>say <q>yes</q></p>",
                                                       head: #"<title>t</title><style>p.y::after { content: " [end]"; }</style>"#)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        let generated = book.structure.generated.map { String(decoding: book.text.utf8[$0], as: UTF8.self) }
        #expect(generated == [" [end]", "\u{201C}", "\u{201D}"])
    }

    @Test("-epub-word-break: keep-all hyphenates no word, break-all lets lines end between letters; -epub-fullwidth widens ASCII")
    func wordBreakAndFullWidth() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("""
            <p style="-epub-word-break: keep-all">Kept whole.</p><p style="word-break: break-all">Broken <b>anywhere</b>.</p>
            <p style="text-transform: -epub-fullwidth">Ab 12!</p>
            """, head: "<title>t</title><style>p { hyphens: auto }</style>")]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        let book = try EPUBBook.open(path: try epub.write())
        #expect(book.structure.blocks.map { $0.style?.hyphenates } == [false, false, true])
        let anywhere = book.structure.breaksAnywhere.map { String(decoding: book.text.utf8[$0], as: UTF8.self) }
        #expect(anywhere == ["Broken anywhere."])
        #expect(book.text.string(0..<book.text.scalarCount).hasSuffix("\u{FF21}\u{FF42}\u{3000}\u{FF11}\u{FF12}\u{FF01}\n"))
    }
}
