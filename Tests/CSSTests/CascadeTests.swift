import Testing
@testable import CSS

@Suite("The cascade")
struct CascadeTests {
    /// `body > [section epub:type=chapter > h2, p, p.noindent, p > em]`.
    let tree: TestElement
    let heading: TestElement, first: TestElement, second: TestElement, third: TestElement, emphasis: TestElement

    init() {
        emphasis = TestElement("em")
        heading = TestElement("h2")
        first = TestElement("p")
        second = TestElement("p", classes: ["noindent"], attributes: ["style": ""], [emphasis])
        third = TestElement("p", id: "last")
        let section = TestElement("section", attributes: ["http://www.idpf.org/2007/ops|type": "bodymatter chapter"],
                                  [heading, first, second, third])
        tree = TestElement("body", [section])
    }

    func style(_ sheet: String, _ element: TestElement, media: MediaContext = MediaContext()) -> ComputedStyle {
        let cascade = Cascade(userAgent: UserAgentStyleSheet.sheet, author: [StyleSheet(sheet, media: media)])
        return TestDocument(tree).style(element, cascade)
    }

    @Test("Standard Ebooks' indents: a paragraph after a paragraph is indented, the first and a no-indent one are not")
    func siblingsAndClasses() {
        let sheet = "p { margin: 0; text-indent: 0; } p + p { text-indent: 1em; } p.noindent { text-indent: 0 }"
        #expect(style(sheet, first).textIndent == .em(0))
        #expect(style(sheet, second).textIndent == .em(0))
        #expect(style(sheet, third).textIndent == .em(1))
        #expect(style(sheet, third).margin.top == .em(0))
    }

    @Test("unset inherits an inherited property and resets any other; initial resets, inherit takes the parent's")
    func unsetInitialInherit() {
        #expect(style("p { display: unset }", first).display == .inline, "display is not inherited: its initial value")
        #expect(style("section { text-indent: 3em } p { text-indent: 0 } p { text-indent: unset }", first).textIndent == .em(3))
        #expect(style("p { margin-left: 2em; margin-left: initial }", first).margin.left == .zero)
        #expect(style("section { margin-top: 4em } p { margin-top: inherit }", first).margin.top == .em(4))
        #expect(!style("em { font-style: unset }", emphasis).italic, "the paragraph's upright style")
        #expect(style("section { font-weight: bold } p { font-weight: 300; font-weight: unset }", first).weight == 700)
    }

    @Test("the font shorthand sets size and families, resets what it leaves out, and is ignored whole without a size")
    func fontShorthand() {
        let p = style("section { font-weight: bold; font-style: italic } p { font: small-caps 1.5em/1.2 \"Times New Roman\", serif }", first)
        #expect(p.fontSize == 1.5 && p.smallCaps)
        #expect(p.fontFamilies == ["Times New Roman", "serif"])
        #expect(p.weight == 400 && !p.italic, "style and weight not given: their initial values")
        let q = style("p { font: bold italic 120% Georgia }", first)
        #expect(abs(q.fontSize - 1.2) < 1e-9 && q.weight == 700 && q.italic && q.fontFamilies == ["Georgia"])
        let r = style("p { font-weight: bold; font: caption }", first)
        #expect(r.weight == 700 && r.fontSize == 1, "a system font is not read: the declaration is dropped")
    }

    @Test("<!-- and --> around a sheet are skipped; inside an @media block they spoil the rule they start")
    func htmlComments() {
        #expect(style("<!-- p { text-align: center } -->", first).textAlign == .center)
        #expect(style("@media screen { <!-- p { text-align: right } }", first).textAlign != .right)
        #expect(style("@media screen { p { text-align: right } }", first).textAlign == .right)
    }

    @Test("a namespaced attribute selector matches a word of epub:type")
    func epubType() {
        let sheet = """
            @namespace epub "http://www.idpf.org/2007/ops";
            [epub|type~="chapter"] h2 { text-align: center; font-variant: small-caps; }
            [epub|type~="chapt"] h2 { text-align: right; }
            """
        #expect(style(sheet, heading).textAlign == .center)
        #expect(style(sheet, heading).smallCaps)
    }

    @Test("specificity beats order, order breaks ties, !important beats both, the style attribute beats rules")
    func precedence() {
        #expect(style("#last { text-align: right } p { text-align: center }", third).textAlign == .right)
        #expect(style("p { text-align: right } p { text-align: center }", third).textAlign == .center)
        #expect(style("p { text-align: right !important } #last { text-align: center }", third).textAlign == .right)
        let cascade = Cascade(userAgent: UserAgentStyleSheet.sheet, author: [StyleSheet("#last { text-align: left }", media: MediaContext())])
        let attribute = CSSParser.declarations(of: "text-align: justify")
        #expect(TestDocument(tree).style(third, cascade, styleAttribute: attribute).textAlign == .justify)
    }

    @Test("inherited properties pass to children, others do not; em lengths follow the font size")
    func inheritance() {
        let sheet = "section { font-style: italic; margin-left: 2em; font-size: 1.5em } p { text-indent: 2em }"
        let p = style(sheet, first)
        #expect(p.italic)
        #expect(p.margin.left == .em(0))
        #expect(p.fontSize == 1.5)
        #expect(p.textIndent == .em(3))
        #expect(style(sheet, emphasis).italic)
    }

    @Test("the user-agent sheet: headings bold and larger, em in italics, p with 1em margins")
    func userAgent() {
        #expect(style("", heading).weight == 700)
        #expect(style("", heading).fontSize == 1.5)
        #expect(style("", heading).display == .block)
        #expect(style("", emphasis).italic)
        #expect(style("", first).margin.top == .em(1))
    }

    @Test("@media answers the theme and the page, @supports what is computed, unknown at-rules are passed over")
    func conditions() {
        let sheet = """
            @media (prefers-color-scheme: dark) { p { text-align: right } }
            @media amzn-kf8 { p { text-align: center } }
            @supports (font-variant-caps: all-small-caps) { h2 { font-variant-caps: all-small-caps } }
            @supports not (display: grid) { h2 { text-align: left } }
            @font-face { font-family: X; src: url(x.otf) }
            @page { margin: 0 }
            """
        #expect(style(sheet, first).textAlign == .start)
        #expect(style(sheet, first, media: MediaContext(dark: true)).textAlign == .right)
        #expect(style(sheet, heading).smallCaps)
        #expect(style(sheet, heading).textAlign == .start, "display is supported, so not (display: grid) is false")
    }

    @Test("structural pseudo-classes and :not")
    func pseudoClasses() {
        #expect(style("p:first-of-type { text-align: center }", first).textAlign == .center)
        #expect(style("p:nth-child(2n+1) { text-align: center }", second).textAlign == .center)
        #expect(style("p:nth-child(2n+1) { text-align: center }", first).textAlign == .start)
        #expect(style("p:last-child { text-align: right }", third).textAlign == .right)
        #expect(style("p:not(.noindent) { text-align: right }", second).textAlign == .start)
        #expect(style("p:not(.noindent) { text-align: right }", third).textAlign == .right)
        #expect(style("h2 ~ p { font-weight: bold }", third).weight == 700)
    }

    @Test("absurd and invalid values: held to bounds or ignored, never fatal")
    func absurdValues() {
        let p = style("p { font-size: 1e9em; margin-left: -1e9px; text-indent: banana; text-align: center }", first)
        #expect(p.fontSize == 8)
        #expect(p.margin.left == .em(-100))
        #expect(p.textIndent == .em(0))
        #expect(p.textAlign == .center)
    }

    @Test("@import follows the importer, a loop ends, and imports after a rule are ignored")
    func imports() {
        var asked: [String] = []
        let sheet = StyleSheet("@import url(a.css); p { text-align: right } @import 'late.css';", media: MediaContext()) { url in
            asked.append(url)
            return url == "a.css" ? "@import 'a.css'; p { text-align: center; font-style: italic }" : nil
        }
        #expect(asked.count == StyleSheet.importLimit)
        #expect(!asked.contains("late.css"))
        let cascade = Cascade(userAgent: UserAgentStyleSheet.sheet, author: [sheet])
        let p = TestDocument(tree).style(first, cascade)
        #expect(p.textAlign == .right && p.italic)
    }

    @Test("100,000 nested blocks and a megabyte of selectors parse without exhausting the stack")
    func hostileSheets() {
        let deep = String(repeating: "{", count: 100_000) + "p { text-align: right }"
        _ = StyleSheet(deep, media: MediaContext())
        // A rule past the selector limit is dropped; the rules after it still apply.
        let many = String(repeating: "div.a > p.b + span ~ em, ", count: 40_000) + "p { text-align: center } p { text-align: right }"
        let sheet = StyleSheet(many, media: MediaContext())
        #expect(sheet.rules.count == 1)
        #expect(style(many, first).textAlign == .right)
    }
}

@Suite("Standard Ebooks' core.css")
struct StandardEbooksSheetTests {
    @Test("a paragraph after a heading is not indented; the next one is")
    func afterHeading() {
        let h3 = TestElement("h3"), p1 = TestElement("p"), p2 = TestElement("p")
        let document = TestDocument(TestElement("body", [TestElement("section", [h3, p1, p2])]))
        let sheet = """
            @charset "utf-8";
            @namespace epub "http://www.idpf.org/2007/ops";
            body{ font-variant-numeric: oldstyle-nums; hyphens: auto; text-wrap: pretty; }
            p{ margin: 0; text-indent: 1em; }
            p.continued, h2 + p, h3 + p, header + p, hr + p, hgroup + p, p:first-child{
                hanging-punctuation: first last;
                text-indent: 0;
            }
            """
        let cascade = Cascade(userAgent: UserAgentStyleSheet.sheet, author: [StyleSheet(sheet, media: MediaContext())])
        #expect(document.style(p1, cascade).textIndent == .em(0))
        #expect(document.style(p2, cascade).textIndent == .em(1))
    }
}

/// What a review of the cascade found: each would crash, hang or mis-style a real book.
@Suite("Hostile and edge selectors")
struct SelectorEdgeTests {
    @Test("a huge nth-child argument is refused, not a crash")
    func hugeNth() {
        let sheet = StyleSheet("p:nth-child(99999999999999999999) { text-align: right } p:nth-child(2n+99999999999) {}",
                               media: MediaContext())
        #expect(sheet.rules.isEmpty)
    }

    @Test("a selector of many descendant steps over a deep tree is matched in time")
    func descendantChains() {
        var element = TestElement("p")
        let p = element
        for _ in 0..<40 { element = TestElement("div", [element]) }
        let document = TestDocument(TestElement("body", [element]))
        let sheet = String(repeating: "div ", count: 28) + "p { text-align: right }"
        let cascade = Cascade(userAgent: UserAgentStyleSheet.sheet, author: [StyleSheet(sheet, media: MediaContext())])
        #expect(document.style(p, cascade).textAlign == .right)
        let missing = String(repeating: "div ", count: 28) + "section p { text-align: right }"
        let none = Cascade(userAgent: UserAgentStyleSheet.sheet, author: [StyleSheet(missing, media: MediaContext())])
        #expect(document.style(p, none).textAlign == .start)
    }

    @Test("[lang|=en] is an attribute selector, not a namespace prefix")
    func dashMatch() {
        let p = TestElement("p", attributes: ["lang": "en-GB"])
        let document = TestDocument(TestElement("body", [p]))
        let cascade = Cascade(userAgent: UserAgentStyleSheet.sheet,
                              author: [StyleSheet("[lang|=en] { text-align: center }", media: MediaContext())])
        #expect(document.style(p, cascade).textAlign == .center)
    }

    @Test("one rule of a hundred thousand selectors is cut to the limit")
    func manySelectors() {
        let sheet = StyleSheet(String(repeating: "p, ", count: 100_000) + "p { text-align: right }", media: MediaContext())
        #expect(sheet.rules.isEmpty)
    }

    @Test("a border with no line style draws nothing")
    func borderWithoutStyle() {
        let p = TestElement("p")
        let document = TestDocument(TestElement("body", [p]))
        let cascade = Cascade(userAgent: UserAgentStyleSheet.sheet,
                              author: [StyleSheet("p { border-width: 1px } div { border: 1px solid }", media: MediaContext())])
        #expect(!document.style(p, cascade).borderTop)
    }
}
