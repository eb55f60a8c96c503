/// A style sheet, parsed: its style rules in order (those of `@media` and `@supports` blocks
/// that apply kept in place, `@import`ed sheets before the rules of the sheet that imports
/// them), with their selectors parsed against the sheet's `@namespace` prefixes.
///
/// Its `@font-face` rules are kept apart (`fontFaces`). At-rules that do not style text
/// (`@page`, `@keyframes`…) and rules whose selectors are invalid are passed over, as CSS
/// requires: nothing in a sheet is fatal.
public struct StyleSheet: Sendable {
    /// A style rule: its selectors and declarations.
    public struct Rule: Sendable {
        public var selectors: [Selector]
        public var declarations: [CSSDeclaration]
    }

    public private(set) var rules: [Rule] = []
    /// The sheet's `@font-face` rules that name a family and a face that may open, in order
    /// (those of an `@import`ed sheet among them, their URLs as that sheet wrote them), at
    /// most `fontFaceLimit`.
    public private(set) var fontFaces: [FontFaceRule] = []
    /// The most `@font-face` rules kept from one sheet and its imports.
    public static let fontFaceLimit = 64

    /// The most `@import`s followed from one sheet, nested or not: a loop or a chain of
    /// imports ends there.
    public static let importLimit = 32
    /// The most rules read from one sheet and its imports (a hostile 1 MB sheet of selectors
    /// is cut there).
    public static let ruleLimit = 20_000
    /// The most selectors, over all rules (one rule listing 100,000 selectors is cut there too).
    public static let selectorLimit = 20_000
    private var selectorCount = 0

    /// Parses `text` for `media`. `importing` gives the text of a sheet an `@import` names
    /// (its URL as written, resolved by the caller), or nil when there is none.
    public init(_ text: String, media: MediaContext, importing: (String) -> String? = { _ in nil }) {
        var budget = Self.importLimit
        append(text, media: media, importing: importing, budget: &budget)
    }

    private mutating func append(_ text: String, media: MediaContext, importing: (String) -> String?, budget: inout Int) {
        var parser = SelectorParser()
        var stylesAllowImports = true
        for rule in CSSParser.rules(of: text) {
            guard rules.count < Self.ruleLimit else { return }
            if case .at(let name, let prelude, nil) = rule, name == "import" {
                guard stylesAllowImports, budget > 0, let url = Self.importURL(prelude) else { continue }
                let mediaList = Array(prelude.drop { !($0.isURLOrString) }.dropFirst())
                guard MediaQuery.matches(mediaList, in: media) else { continue }
                budget -= 1
                if let imported = importing(url) { append(imported, media: media, importing: importing, budget: &budget) }
                continue
            }
            if case .at(let name, let prelude, nil) = rule, name == "namespace" {
                Self.declareNamespace(prelude, in: &parser)
                continue
            }
            if case .at(let name, _, _) = rule, name == "charset" { continue }
            stylesAllowImports = false
            add(rule, parser: parser, media: media)
        }
    }

    private mutating func add(_ rule: CSSRule, parser: SelectorParser, media: MediaContext) {
        switch rule {
        case .qualified(let prelude, let block):
            guard let selectors = parser.selectorList(prelude), selectorCount + selectors.count <= Self.selectorLimit else { return }
            selectorCount += selectors.count
            rules.append(Rule(selectors: selectors, declarations: CSSParser.declarations(in: block)))
        case .at(let name, _, let block?) where name.lowercased() == "font-face":
            if fontFaces.count < Self.fontFaceLimit, let face = FontFaceRule(CSSParser.declarations(in: block)) {
                fontFaces.append(face)
            }
        case .at(let name, let prelude, let block?):
            let applies: Bool
            switch name {
            case "media": applies = MediaQuery.matches(prelude, in: media)
            case "supports": applies = SupportsCondition.holds(prelude)
            default: applies = false
            }
            guard applies else { return }
            for inner in CSSParser.rules(in: block) {
                guard rules.count < Self.ruleLimit else { return }
                add(inner, parser: parser, media: media)
            }
        case .at:
            return
        }
    }

    /// `@import url(x)` or `@import "x"`.
    private static func importURL(_ prelude: [ComponentValue]) -> String? {
        for value in prelude {
            switch value {
            case .token(.url(let url)), .token(.string(let url)): return url
            case .function(let name, let arguments) where name.lowercased() == "url":
                for argument in arguments { if case .token(.string(let url)) = argument { return url } }
                return nil
            case .token(.whitespace): continue
            default: return nil
            }
        }
        return nil
    }

    /// `@namespace prefix "uri"`, or `@namespace "uri"` (the default namespace).
    private static func declareNamespace(_ prelude: [ComponentValue], in parser: inout SelectorParser) {
        var prefix: String?
        for value in prelude {
            switch value {
            case .token(.ident(let name)) where prefix == nil: prefix = name
            case .token(.string(let uri)), .token(.url(let uri)):
                if let prefix { parser.prefixes[prefix] = uri } else { parser.defaultNamespace = uri }
                return
            case .function(let name, let arguments) where name.lowercased() == "url":
                if case .token(.string(let uri))? = arguments.first {
                    if let prefix { parser.prefixes[prefix] = uri } else { parser.defaultNamespace = uri }
                }
                return
            default: continue
            }
        }
    }
}

extension ComponentValue {
    var isURLOrString: Bool {
        switch self {
        case .token(.url), .token(.string): true
        case .function(let name, _): name.lowercased() == "url"
        default: false
        }
    }
}
