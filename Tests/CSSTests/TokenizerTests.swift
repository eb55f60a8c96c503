import Testing
@testable import CSS

@Suite("CSS tokens")
struct TokenizerTests {
    @Test("numbers, dimensions, percentages, hashes, strings, escapes and comments")
    func tokens() {
        #expect(CSSTokenizer.tokens(of: "a{margin:-1.5em 10%}/* c */#x") == [
            .ident("a"), .openCurly, .ident("margin"), .colon, .dimension(-1.5, unit: "em"), .whitespace,
            .percentage(10), .closeCurly, .hash("x", isID: true),
        ])
        #expect(CSSTokenizer.tokens(of: "'it\\'s' \\41 b") == [.string("it's"), .whitespace, .ident("Ab")])
        #expect(CSSTokenizer.tokens(of: "url( x.png ) url(a b)") == [.url("x.png"), .whitespace, .badURL])
        #expect(CSSTokenizer.tokens(of: "\"open\nx") == [.badString, .whitespace, .ident("x")])
    }

    @Test("An+B, as nth-child takes it")
    func nth() {
        func parse(_ text: String) -> (Int, Int)? {
            guard case .function(_, let arguments)? = CSSParser.rules(of: "p:nth-child(\(text)){}").first.flatMap({ rule -> ComponentValue? in
                if case .qualified(let prelude, _) = rule { return prelude.last }
                return nil
            }) else { return nil }
            return NthExpression.parse(arguments)
        }
        #expect(parse("odd")! == (2, 1))
        #expect(parse("even")! == (2, 0))
        #expect(parse("3")! == (0, 3))
        #expect(parse("2n+1")! == (2, 1))
        #expect(parse("-n + 3")! == (-1, 3))
        #expect(parse("n-1")! == (1, -1))
        #expect(parse("x") == nil)
    }
}
