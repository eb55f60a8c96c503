/// What `@media` queries are asked of: the reader's page and theme.
public struct MediaContext: Sendable, Equatable {
    /// The page's width and height in CSS px.
    public var width: Double
    public var height: Double
    /// Whether the theme is dark (`prefers-color-scheme: dark`).
    public var dark: Bool

    public init(width: Double = 600, height: Double = 800, dark: Bool = false) {
        self.width = width
        self.height = height
        self.dark = dark
    }

    /// Whether a media query list written as text holds (a `<link>`'s or `<style>`'s `media`
    /// attribute; empty: it does).
    public func matches(mediaList text: String) -> Bool {
        MediaQuery.matches(CSSParser.componentValues(of: text), in: self)
    }
}

/// Media queries (Media Queries 4 §2–3) as a reader evaluates them: the type `screen` and
/// `all` hold, `print`, `speech` and Amazon's `amzn-*` do not; the features `prefers-color-scheme`,
/// `(min-|max-)width`, `(min-|max-)height`, `orientation`, `color` and `monochrome` are
/// answered; an unknown feature is false. A comma-separated list holds if any query does.
enum MediaQuery {
    static func matches(_ prelude: [ComponentValue], in context: MediaContext) -> Bool {
        let queries = prelude.split(separator: .token(.comma), omittingEmptySubsequences: false)
        if prelude.allSatisfy(\.isWhitespace) { return true }
        return queries.contains { query($0.filter { !$0.isWhitespace }, context) }
    }

    private static func query(_ parts: [ComponentValue], _ context: MediaContext) -> Bool {
        var parts = parts[...]
        var negated = false
        if case .token(.ident(let word))? = parts.first {
            switch word.lowercased() {
            case "not": negated = true; parts = parts.dropFirst()
            case "only": parts = parts.dropFirst()
            default: break
            }
        }
        var result = true
        var expectingTerm = true
        for part in parts {
            switch part {
            case .token(.ident(let word)) where word.lowercased() == "and" && !expectingTerm:
                expectingTerm = true
            case .token(.ident(let word)) where expectingTerm:
                result = result && mediaType(word.lowercased())
                expectingTerm = false
            case .block(.openParen, let inner) where expectingTerm:
                result = result && feature(inner.filter { !$0.isWhitespace }, context)
                expectingTerm = false
            default:
                return false  // malformed: the query is "not all"
            }
        }
        return negated ? !result : result
    }

    private static func mediaType(_ type: String) -> Bool {
        type == "screen" || type == "all"
    }

    private static func feature(_ inner: [ComponentValue], _ context: MediaContext) -> Bool {
        guard case .token(.ident(let rawName))? = inner.first else {
            // `(not (…))` and nested conditions: not answered.
            return false
        }
        let name = rawName.lowercased()
        let value = inner.count >= 3 && inner[1] == .token(.colon) ? inner[2] : nil
        func length(_ v: ComponentValue?) -> Double? {
            switch v {
            // An em in a media query is the initial font size, 16 px (Media Queries 4 §1.3).
            case .token(.dimension(let n, let unit))? where ["em", "rem"].contains(unit.lowercased()): n * 16
            case .token(.dimension(let n, let unit))?: CSSLength.absolutePixels(n, unit: unit.lowercased())
            case .token(.number(0, _))?: 0
            default: nil
            }
        }
        switch name {
        case "prefers-color-scheme":
            guard case .token(.ident(let scheme))? = value else { return false }
            return (scheme.lowercased() == "dark") == context.dark
        case "width", "min-width", "max-width", "height", "min-height", "max-height":
            guard let v = length(value) else { return false }
            let actual = name.hasSuffix("width") ? context.width : context.height
            return name.hasPrefix("min") ? actual >= v : name.hasPrefix("max") ? actual <= v : actual == v
        case "orientation":
            guard case .token(.ident(let o))? = value else { return false }
            return (o.lowercased() == "portrait") == (context.height >= context.width)
        case "color": return true
        case "monochrome": return false
        default: return false
        }
    }
}

/// `@supports` conditions (CSS Conditional 3 §6): a declaration is supported when its property
/// is one the cascade computes (`ComputedStyle.supportedProperties`); `not`, `and`, `or` and
/// `selector()` are followed.
enum SupportsCondition {
    static func holds(_ prelude: [ComponentValue]) -> Bool {
        condition(prelude.filter { !$0.isWhitespace }[...], depth: 0)
    }

    private static func condition(_ parts: ArraySlice<ComponentValue>, depth: Int) -> Bool {
        guard depth < 16, let first = parts.first else { return false }
        if case .token(.ident(let word)) = first, word.lowercased() == "not" {
            return !condition(parts.dropFirst(), depth: depth + 1)
        }
        var result: Bool?
        var joiner = ""
        for part in parts {
            if case .token(.ident(let word)) = part {
                joiner = word.lowercased()
                continue
            }
            let value = term(part, depth: depth)
            switch (result, joiner) {
            case (nil, _): result = value
            case (let r?, "or"): result = r || value
            case (let r?, _): result = r && value
            }
        }
        return result ?? false
    }

    private static func term(_ part: ComponentValue, depth: Int) -> Bool {
        switch part {
        case .block(.openParen, let inner):
            let parts = inner.filter { !$0.isWhitespace }
            if case .token(.ident(let name))? = parts.first, parts.count >= 2, parts[1] == .token(.colon) {
                return ComputedStyle.supportedProperties.contains(name.lowercased())
            }
            return condition(parts[...], depth: depth + 1)
        case .function(let name, let arguments) where name.lowercased() == "selector":
            return SelectorParser().selectorList(arguments) != nil
        default:
            return false
        }
    }
}
