/// A token of CSS Syntax Level 3 (§4), as the tokenizer produces them.
public enum CSSToken: Equatable, Sendable {
    case ident(String)
    /// A function's name, its `(` consumed.
    case function(String)
    case atKeyword(String)
    /// `#name`; `isID` when the name would be a valid identifier (type flag "id").
    case hash(String, isID: Bool)
    case string(String)
    case badString
    case url(String)
    case badURL
    case delim(Unicode.Scalar)
    /// A number; `isInteger` for the type flag "integer".
    case number(Double, isInteger: Bool)
    case percentage(Double)
    case dimension(Double, unit: String)
    case whitespace
    /// `<!--` and `-->`, kept for the parser, which passes over them at the top level.
    case cdo, cdc
    case colon, semicolon, comma
    case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly
}
