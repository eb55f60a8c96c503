/// A component value (CSS Syntax 3 §5): a token, a simple block with its contents, or a
/// function with its arguments.
public indirect enum ComponentValue: Equatable, Sendable {
    case token(CSSToken)
    /// A `{}`, `[]` or `()` block; `opening` is its opening token.
    case block(opening: CSSToken, [ComponentValue])
    case function(String, [ComponentValue])

    var isWhitespace: Bool { self == .token(.whitespace) }
}

/// A rule of a style sheet: a qualified rule (a prelude of selectors and a block of
/// declarations) or an at-rule (`@media`, `@import`…).
public enum CSSRule: Equatable, Sendable {
    case qualified(prelude: [ComponentValue], block: [ComponentValue])
    case at(name: String, prelude: [ComponentValue], block: [ComponentValue]?)
}

/// A declaration: a property's name (lower case), its value's component values (white space
/// trimmed) and whether it is `!important`.
public struct CSSDeclaration: Equatable, Sendable {
    public var name: String
    public var value: [ComponentValue]
    public var important: Bool
}

/// CSS Syntax Level 3's parser (§5): a style sheet into rules, a block into declarations.
/// Blocks nested deeper than `deepestNesting` are passed over without recursion, so that a
/// hostile sheet of 100,000 `{` costs time in proportion, never the stack.
public struct CSSParser {
    private var tokens: [CSSToken]
    private var position = 0
    static let deepestNesting = 32

    init(tokens: [CSSToken]) { self.tokens = tokens }

    /// The rules of a style sheet (§5.3.3, "parse a stylesheet").
    public static func rules(of sheet: String) -> [CSSRule] {
        var parser = CSSParser(tokens: CSSTokenizer.tokens(of: sheet))
        return parser.consumeRules(topLevel: true)
    }

    /// The rules inside an at-rule's block (`@media`'s, `@supports`').
    public static func rules(in block: [ComponentValue]) -> [CSSRule] {
        var parser = CSSParser(tokens: [])
        parser.tokens = flatten(block)
        return parser.consumeRules(topLevel: false)
    }

    /// A text as a list of component values (§5.3.10): a `media` attribute's query list.
    public static func componentValues(of text: String) -> [ComponentValue] {
        var parser = CSSParser(tokens: CSSTokenizer.tokens(of: text))
        var values: [ComponentValue] = []
        while parser.position < parser.tokens.count { values.append(parser.consumeComponentValue(depth: 0)) }
        return values
    }

    /// The declarations of a style rule's block or a `style` attribute (§5.3.8).
    public static func declarations(in block: [ComponentValue]) -> [CSSDeclaration] {
        declarations(of: flatten(block))
    }

    /// The declarations of a `style` attribute's text.
    public static func declarations(of text: String) -> [CSSDeclaration] {
        declarations(of: CSSTokenizer.tokens(of: text))
    }

    private static func declarations(of tokens: [CSSToken]) -> [CSSDeclaration] {
        var parser = CSSParser(tokens: tokens)
        return parser.consumeDeclarations()
    }

    /// Component values back into tokens, for a second parse of a block's contents.
    static func flatten(_ values: [ComponentValue]) -> [CSSToken] {
        var out: [CSSToken] = []
        var stack: [(values: [ComponentValue], index: Int, closing: CSSToken?)] = [(values, 0, nil)]
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].index >= stack[top].values.count {
                if let closing = stack[top].closing { out.append(closing) }
                stack.removeLast()
                continue
            }
            let value = stack[top].values[stack[top].index]
            stack[top].index += 1
            switch value {
            case .token(let token): out.append(token)
            case .block(let opening, let inner):
                out.append(opening)
                stack.append((inner, 0, closing(of: opening)))
            case .function(let name, let inner):
                out.append(.function(name))
                stack.append((inner, 0, .closeParen))
            }
        }
        return out
    }

    static func closing(of opening: CSSToken) -> CSSToken {
        switch opening {
        case .openCurly: .closeCurly
        case .openSquare: .closeSquare
        default: .closeParen
        }
    }

    private var current: CSSToken? { position < tokens.count ? tokens[position] : nil }

    /// §5.4.1.
    private mutating func consumeRules(topLevel: Bool) -> [CSSRule] {
        var rules: [CSSRule] = []
        while let token = current {
            switch token {
            case .whitespace:
                position += 1
            case .cdo where topLevel, .cdc where topLevel:
                // `<!--` and `-->` are skipped at the top level only (§5.4.1); inside a
                // block they start a qualified rule, which the parse then drops.
                position += 1
            case .atKeyword(let name):
                position += 1
                rules.append(consumeAtRule(name: name.lowercased()))
            default:
                if let rule = consumeQualifiedRule() { rules.append(rule) }
            }
        }
        return rules
    }

    /// §5.4.2.
    private mutating func consumeAtRule(name: String) -> CSSRule {
        var prelude: [ComponentValue] = []
        while let token = current {
            switch token {
            case .semicolon:
                position += 1
                return .at(name: name, prelude: prelude, block: nil)
            case .openCurly:
                position += 1
                return .at(name: name, prelude: prelude, block: consumeBlockContents(opening: .openCurly, depth: 1))
            default:
                prelude.append(consumeComponentValue(depth: 1))
            }
        }
        return .at(name: name, prelude: prelude, block: nil)
    }

    /// §5.4.3: nil when the input ends before the block (a parse error: the rule is dropped).
    private mutating func consumeQualifiedRule() -> CSSRule? {
        var prelude: [ComponentValue] = []
        while let token = current {
            if token == .openCurly {
                position += 1
                return .qualified(prelude: prelude, block: consumeBlockContents(opening: .openCurly, depth: 1))
            }
            prelude.append(consumeComponentValue(depth: 1))
        }
        return nil
    }

    /// §5.4.7.
    private mutating func consumeComponentValue(depth: Int) -> ComponentValue {
        let token = tokens[position]
        position += 1
        switch token {
        case .openCurly, .openSquare, .openParen:
            return .block(opening: token, consumeBlockContents(opening: token, depth: depth + 1))
        case .function(let name):
            return .function(name, consumeBlockContents(opening: .openParen, depth: depth + 1))
        default:
            return .token(token)
        }
    }

    /// §5.4.8 and §5.4.9: a block's or a function's contents, up to its closing token (or the
    /// end). Past `deepestNesting`, the contents are passed over and given as empty.
    private mutating func consumeBlockContents(opening: CSSToken, depth: Int) -> [ComponentValue] {
        let closing = Self.closing(of: opening)
        guard depth <= Self.deepestNesting else {
            skipNested(until: closing)
            return []
        }
        var values: [ComponentValue] = []
        while let token = current {
            if token == closing {
                position += 1
                return values
            }
            values.append(consumeComponentValue(depth: depth))
        }
        return values
    }

    /// Moves past the tokens up to `closing` at this level, counting brackets (no recursion).
    private mutating func skipNested(until closing: CSSToken) {
        var expected: [CSSToken] = [closing]
        while let token = current, !expected.isEmpty {
            position += 1
            switch token {
            case .openCurly, .openSquare, .openParen: expected.append(Self.closing(of: token))
            case .function: expected.append(.closeParen)
            case expected.last!: expected.removeLast()
            default: break
            }
        }
    }

    /// §5.4.5: declarations separated by semicolons; at-rules and anything malformed skipped.
    private mutating func consumeDeclarations() -> [CSSDeclaration] {
        var declarations: [CSSDeclaration] = []
        while let token = current {
            switch token {
            case .whitespace, .semicolon:
                position += 1
            case .atKeyword(let name):
                position += 1
                _ = consumeAtRule(name: name)
            case .ident(let name):
                var values: [ComponentValue] = []
                while let t = current, t != .semicolon { values.append(consumeComponentValue(depth: 1)) }
                if let declaration = Self.declaration(name: name, values: Array(values.dropFirst())) {
                    declarations.append(declaration)
                }
            default:
                // Up to the next semicolon.
                while let t = current, t != .semicolon { _ = consumeComponentValue(depth: 1) }
            }
        }
        return declarations
    }

    /// §5.4.6: the values after a declaration's name: white space, a colon, the value, and
    /// `!important` at its end.
    private static func declaration(name: String, values: [ComponentValue]) -> CSSDeclaration? {
        var rest = values[...]
        while rest.first?.isWhitespace == true { rest = rest.dropFirst() }
        guard rest.first == .token(.colon) else { return nil }
        rest = rest.dropFirst()
        var value = Array(rest)
        while value.last?.isWhitespace == true { value.removeLast() }
        var important = false
        if case .token(.ident(let word))? = value.last, word.lowercased() == "important" {
            var k = value.count - 2
            while k >= 0 && value[k].isWhitespace { k -= 1 }
            if k >= 0, value[k] == .token(.delim("!")) {
                important = true
                value.removeSubrange(k...)
                while value.last?.isWhitespace == true { value.removeLast() }
            }
        }
        while value.first?.isWhitespace == true { value.removeFirst() }
        return CSSDeclaration(name: name.lowercased(), value: value, important: important)
    }
}
