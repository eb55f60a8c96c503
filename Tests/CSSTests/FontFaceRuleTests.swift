import Testing
@testable import CSS

/// A sheet's `@font-face` rules, as CSS Fonts 4 §4 describes them, kept for the book's own
/// typefaces.
@Suite("@font-face rules")
struct FontFaceRuleTests {
    func faces(_ text: String) -> [FontFaceRule] { StyleSheet(text, media: MediaContext()).fontFaces }

    @Test("a rule gives its family, its sources in order and its style; the rules after it still style text")
    func oneRule() {
        let sheet = StyleSheet("""
            @font-face { font-family: "Franky Toys"; src: url(fonts/FrankyToys.otf) format('opentype'),
                         url('fonts/FrankyToys.woff2') format("woff2"); font-style: italic; font-weight: bold; }
            p { text-indent: 2em }
            """, media: MediaContext())
        #expect(sheet.fontFaces == [FontFaceRule.make("Franky Toys", ["fonts/FrankyToys.otf", "fonts/FrankyToys.woff2"],
                                                      italic: true, bold: true)])
        #expect(sheet.rules.count == 1, "the style rule after it is kept")
    }

    @Test("local() names the machine's fonts and formats no reader of fonts opens are passed over")
    func sourcesThatCannotOpen() {
        let found = faces("""
            @font-face { font-family: A; src: local("Georgia"), url(a.svg#a) format("svg"), url(a.eot) format(embedded-opentype),
                         url(a.ttf) format("truetype"), url(plain.otf); }
            """)
        #expect(found.first?.sources == ["a.ttf", "plain.otf"])
    }

    @Test("a rule without a family or a source that may open is no face; weights under 600 and ranges are not bold")
    func incompleteRules() {
        #expect(faces("@font-face { src: url(a.ttf) }").isEmpty)
        #expect(faces("@font-face { font-family: A; src: local(A) }").isEmpty)
        #expect(faces("@font-face { font-family: A; src: url(a.ttf); font-weight: 500 }").first?.bold == false)
        #expect(faces("@font-face { font-family: A; src: url(a.ttf); font-weight: 100 900 }").first?.bold == false)
        #expect(faces("@font-face { font-family: A; src: url(a.ttf); font-weight: 700; font-style: oblique }")
            .first.map { $0.bold && $0.italic } == true)
    }

    @Test("rules inside @media and @supports that apply are kept; a thousand rules stop at the limit")
    func nestedAndBounded() {
        #expect(faces("@media screen { @font-face { font-family: A; src: url(a.ttf) } }").count == 1)
        #expect(faces("@media print { @font-face { font-family: A; src: url(a.ttf) } }").isEmpty)
        let many = String(repeating: "@font-face { font-family: A; src: url(a.ttf) }\n", count: 1000)
        #expect(faces(many).count == StyleSheet.fontFaceLimit)
    }
}

extension FontFaceRule {
    static func make(_ family: String, _ sources: [String], italic: Bool = false, bold: Bool = false) -> FontFaceRule {
        var rule = FontFaceRule([CSSDeclaration(name: "font-family", value: [.token(.string(family))], important: false),
                                 CSSDeclaration(name: "src", value: [.token(.url("x"))], important: false)])!
        rule.sources = sources
        rule.italic = italic
        rule.bold = bold
        return rule
    }
}
