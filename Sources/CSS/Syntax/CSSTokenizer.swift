/// CSS Syntax Level 3's tokenizer (§4.3), over a style sheet's Unicode scalars after the
/// input's preprocessing (§3.3: CR, FF and CRLF become LF; NUL and surrogates become U+FFFD).
///
/// Written here: Debian packages no CSS parser a Swift program can use (NetSurf's libcss is
/// built into netsurf alone; litehtml is C++), and the spec's algorithm is short. Every input
/// gives tokens; none is an error, as the spec requires.
public struct CSSTokenizer {
    private let input: [Unicode.Scalar]
    private var position = 0

    /// The tokenizer of `text`, preprocessed.
    public init(_ text: String) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.unicodeScalars.count)
        var afterCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r":
                scalars.append("\n")
                afterCR = true
                continue
            case "\n" where afterCR:
                break
            case "\u{C}":
                scalars.append("\n")
            case "\0":
                scalars.append("\u{FFFD}")
            default:
                scalars.append(scalar)
            }
            afterCR = false
        }
        input = scalars
    }

    /// Every token of the input, in order (no end-of-file token).
    public static func tokens(of text: String) -> [CSSToken] {
        var tokenizer = CSSTokenizer(text)
        var tokens: [CSSToken] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let i = position + offset
        return i < input.count ? input[i] : nil
    }

    /// The next token, or nil at the end (§4.3.1).
    public mutating func next() -> CSSToken? {
        consumeComments()
        guard let c = peek() else { return nil }
        position += 1
        switch c {
        case "\n", "\t", " ":
            while let w = peek(), w == "\n" || w == "\t" || w == " " { position += 1 }
            return .whitespace
        case "\"", "'":
            return consumeString(ending: c)
        case "#":
            if let n = peek(), Self.isNameCode(n) || Self.isValidEscape(n, peek(1)) {
                let isID = Self.startsIdentifier(peek(), peek(1), peek(2))
                return .hash(consumeName(), isID: isID)
            }
            return .delim(c)
        case "(": return .openParen
        case ")": return .closeParen
        case "+", ".":
            if Self.startsNumber(c, peek(), peek(1)) {
                position -= 1
                return consumeNumeric()
            }
            return .delim(c)
        case ",": return .comma
        case "-":
            if Self.startsNumber(c, peek(), peek(1)) {
                position -= 1
                return consumeNumeric()
            }
            if peek() == "-" && peek(1) == ">" {
                position += 2
                return .cdc
            }
            if Self.startsIdentifier(c, peek(), peek(1)) {
                position -= 1
                return consumeIdentLike()
            }
            return .delim(c)
        case ":": return .colon
        case ";": return .semicolon
        case "<":
            if peek() == "!" && peek(1) == "-" && peek(2) == "-" {
                position += 3
                return .cdo
            }
            return .delim(c)
        case "@":
            if Self.startsIdentifier(peek(), peek(1), peek(2)) { return .atKeyword(consumeName()) }
            return .delim(c)
        case "[": return .openSquare
        case "\\":
            if Self.isValidEscape(c, peek()) {
                position -= 1
                return consumeIdentLike()
            }
            return .delim(c)
        case "]": return .closeSquare
        case "{": return .openCurly
        case "}": return .closeCurly
        default:
            if Self.isDigit(c) {
                position -= 1
                return consumeNumeric()
            }
            if Self.isNameStart(c) {
                position -= 1
                return consumeIdentLike()
            }
            return .delim(c)
        }
    }

    /// §4.3.2: comments are passed over (an unclosed one runs to the end).
    private mutating func consumeComments() {
        while peek() == "/" && peek(1) == "*" {
            position += 2
            while position < input.count && !(peek() == "*" && peek(1) == "/") { position += 1 }
            position = min(input.count, position + 2)
        }
    }

    /// §4.3.5: a string ending at `ending`; a line feed in it makes a bad string.
    private mutating func consumeString(ending: Unicode.Scalar) -> CSSToken {
        var value = String.UnicodeScalarView()
        while let c = peek() {
            position += 1
            switch c {
            case ending:
                return .string(String(value))
            case "\n":
                position -= 1
                return .badString
            case "\\":
                guard let n = peek() else { continue }
                if n == "\n" {
                    position += 1
                } else {
                    value.append(consumeEscape())
                }
            default:
                value.append(c)
            }
        }
        return .string(String(value))
    }

    /// §4.3.7: an escape after its backslash.
    private mutating func consumeEscape() -> Unicode.Scalar {
        guard let c = peek() else { return "\u{FFFD}" }
        position += 1
        guard Self.isHexDigit(c) else { return c }
        var value = UInt32(Self.hexValue(c))
        var digits = 1
        while digits < 6, let h = peek(), Self.isHexDigit(h) {
            value = value * 16 + UInt32(Self.hexValue(h))
            digits += 1
            position += 1
        }
        if let w = peek(), w == " " || w == "\n" || w == "\t" { position += 1 }
        guard value != 0, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value), let scalar = Unicode.Scalar(value)
        else { return "\u{FFFD}" }
        return scalar
    }

    /// §4.3.11: a name (code points and escapes).
    private mutating func consumeName() -> String {
        var value = String.UnicodeScalarView()
        while let c = peek() {
            if Self.isNameCode(c) {
                value.append(c)
                position += 1
            } else if Self.isValidEscape(c, peek(1)) {
                position += 1
                value.append(consumeEscape())
            } else {
                break
            }
        }
        return String(value)
    }

    /// §4.3.3: a number, percentage or dimension.
    private mutating func consumeNumeric() -> CSSToken {
        let (number, isInteger) = consumeNumber()
        if Self.startsIdentifier(peek(), peek(1), peek(2)) { return .dimension(number, unit: consumeName()) }
        if peek() == "%" {
            position += 1
            return .percentage(number)
        }
        return .number(number, isInteger: isInteger)
    }

    /// §4.3.12: a number's characters, converted (an absurd exponent is clamped by `Double`).
    private mutating func consumeNumber() -> (Double, Bool) {
        var text = ""
        var isInteger = true
        if let s = peek(), s == "+" || s == "-" {
            text.unicodeScalars.append(s)
            position += 1
        }
        while let d = peek(), Self.isDigit(d) { text.unicodeScalars.append(d); position += 1 }
        if peek() == ".", let d = peek(1), Self.isDigit(d) {
            text += "."
            position += 1
            isInteger = false
            while let d = peek(), Self.isDigit(d) { text.unicodeScalars.append(d); position += 1 }
        }
        if let e = peek(), e == "e" || e == "E" {
            let signed = peek(1) == "+" || peek(1) == "-"
            if let d = peek(signed ? 2 : 1), Self.isDigit(d) {
                text += "e"
                if signed { text.unicodeScalars.append(peek(1)!) }
                position += signed ? 2 : 1
                isInteger = false
                while let d = peek(), Self.isDigit(d) { text.unicodeScalars.append(d); position += 1 }
            }
        }
        return (Double(text) ?? 0, isInteger)
    }

    /// §4.3.4: an identifier, a function or a URL.
    private mutating func consumeIdentLike() -> CSSToken {
        let name = consumeName()
        if name.lowercased() == "url" && peek() == "(" {
            position += 1
            while peek() == " " || peek() == "\n" || peek() == "\t" { position += 1 }
            if let q = peek(), q == "\"" || q == "'" { return .function(name) }
            return consumeURL()
        }
        if peek() == "(" {
            position += 1
            return .function(name)
        }
        return .ident(name)
    }

    /// §4.3.6: an unquoted URL's characters, after `url(` and white space.
    private mutating func consumeURL() -> CSSToken {
        var value = String.UnicodeScalarView()
        while let c = peek() {
            position += 1
            switch c {
            case ")":
                return .url(String(value))
            case " ", "\n", "\t":
                while peek() == " " || peek() == "\n" || peek() == "\t" { position += 1 }
                if peek() == nil || peek() == ")" {
                    if peek() == ")" { position += 1 }
                    return .url(String(value))
                }
                consumeBadURLRemnants()
                return .badURL
            case "\"", "'", "(":
                consumeBadURLRemnants()
                return .badURL
            case "\\":
                if Self.isValidEscape(c, peek()) {
                    value.append(consumeEscape())
                } else {
                    consumeBadURLRemnants()
                    return .badURL
                }
            default:
                if c.value < 0x20 || c.value == 0x7F {
                    consumeBadURLRemnants()
                    return .badURL
                }
                value.append(c)
            }
        }
        return .url(String(value))
    }

    private mutating func consumeBadURLRemnants() {
        while let c = peek() {
            position += 1
            if c == ")" { return }
            if Self.isValidEscape(c, peek()) { _ = consumeEscape() }
        }
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
    static func isHexDigit(_ c: Unicode.Scalar) -> Bool {
        isDigit(c) || ("a"..."f").contains(c) || ("A"..."F").contains(c)
    }
    static func hexValue(_ c: Unicode.Scalar) -> Int {
        isDigit(c) ? Int(c.value - 0x30) : Int((c.value | 0x20) - 0x61 + 10)
    }
    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" || c.value >= 0x80
    }
    static func isNameCode(_ c: Unicode.Scalar) -> Bool { isNameStart(c) || isDigit(c) || c == "-" }
    static func isValidEscape(_ a: Unicode.Scalar?, _ b: Unicode.Scalar?) -> Bool { a == "\\" && b != nil && b != "\n" }

    /// §4.3.9: whether three code points would start an identifier.
    static func startsIdentifier(_ a: Unicode.Scalar?, _ b: Unicode.Scalar?, _ c: Unicode.Scalar?) -> Bool {
        guard let a else { return false }
        if a == "-" {
            guard let b else { return false }
            return isNameStart(b) || b == "-" || isValidEscape(b, c)
        }
        return isNameStart(a) || isValidEscape(a, b)
    }

    /// §4.3.10: whether three code points would start a number.
    static func startsNumber(_ a: Unicode.Scalar, _ b: Unicode.Scalar?, _ c: Unicode.Scalar?) -> Bool {
        if a == "+" || a == "-" {
            guard let b else { return false }
            if isDigit(b) { return true }
            return b == "." && c.map(isDigit) == true
        }
        if a == "." { return b.map(isDigit) == true }
        return isDigit(a)
    }
}
