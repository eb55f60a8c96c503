/// Parses a selector list from a style rule's prelude (Selectors Level 4 §18). A list with any
/// invalid selector is invalid as a whole, and its rule is dropped (§3.1): nil.
struct SelectorParser {
    /// The most compound selectors a complex selector may join.
    static let longestSelector = 32
    /// Namespace prefixes (`@namespace epub "…"`), and the default namespace if declared.
    var prefixes: [String: String] = [:]
    var defaultNamespace: String?

    func selectorList(_ values: [ComponentValue]) -> [Selector]? {
        var list: [Selector] = []
        for part in split(values) {
            guard let selector = complex(part) else { return nil }
            list.append(selector)
        }
        return list.isEmpty ? nil : list
    }

    /// The values between top-level commas.
    private func split(_ values: [ComponentValue]) -> [ArraySlice<ComponentValue>] {
        values.split(separator: .token(.comma), omittingEmptySubsequences: false)
    }

    private func complex(_ input: ArraySlice<ComponentValue>) -> Selector? {
        var values = input
        while values.first?.isWhitespace == true { values = values.dropFirst() }
        while values.last?.isWhitespace == true { values = values.dropLast() }
        guard !values.isEmpty else { return nil }
        var selector = Selector(compounds: [], combinators: [], pseudoElement: nil)
        var pending: Combinator?
        while !values.isEmpty {
            if values.first?.isWhitespace == true {
                values = values.dropFirst()
                if pending == nil && !selector.compounds.isEmpty { pending = .descendant }
                continue
            }
            if case .token(.delim(let d))? = values.first, d == ">" || d == "+" || d == "~" {
                guard !selector.compounds.isEmpty, pending == nil || pending == .descendant else { return nil }
                pending = d == ">" ? .child : d == "+" ? .nextSibling : .subsequentSibling
                values = values.dropFirst()
                continue
            }
            // Nothing may follow a pseudo-element.
            guard selector.pseudoElement == nil else { return nil }
            guard let (compound, pseudo) = self.compound(&values) else { return nil }
            if !selector.compounds.isEmpty {
                guard let pending else { return nil }
                selector.combinators.append(pending)
            } else if pending != nil {
                return nil
            }
            selector.compounds.append(compound)
            // Longer selectors are no book's (and the matcher's memo counts on fewer than 64).
            guard selector.compounds.count <= Self.longestSelector else { return nil }
            selector.pseudoElement = pseudo
            pending = nil
        }
        return pending == nil || pending == .descendant ? selector : nil
    }

    /// One compound selector (and a pseudo-element ending it), from the front of `values`.
    private func compound(_ values: inout ArraySlice<ComponentValue>) -> (Compound, PseudoElement?)? {
        var simple: [SimpleSelector] = []
        if let type = typeSelector(&values) { simple.append(type) }
        var pseudo: PseudoElement?
        loop: while let first = values.first {
            switch first {
            case .token(.hash(let name, let isID)):
                guard isID else { return nil }
                simple.append(.id(name))
                values = values.dropFirst()
            case .token(.delim(".")):
                guard case .token(.ident(let name))? = values.dropFirst().first else { return nil }
                simple.append(.className(name))
                values = values.dropFirst(2)
            case .block(.openSquare, let inner):
                guard let attribute = attribute(inner) else { return nil }
                simple.append(attribute)
                values = values.dropFirst()
            case .token(.colon):
                values = values.dropFirst()
                if values.first == .token(.colon) {
                    values = values.dropFirst()
                    guard case .token(.ident(let name))? = values.first, let element = Self.pseudoElement(name) else { return nil }
                    pseudo = element
                    values = values.dropFirst()
                    break loop
                }
                switch values.first {
                case .token(.ident(let name))?:
                    values = values.dropFirst()
                    // CSS 2's pseudo-elements, written with one colon.
                    if ["before", "after", "first-letter", "first-line"].contains(name.lowercased()) {
                        pseudo = Self.pseudoElement(name)
                        break loop
                    }
                    guard let pseudoClass = Self.pseudoClass(name) else { return nil }
                    simple.append(.pseudoClass(pseudoClass))
                case .function(let name, let arguments)?:
                    values = values.dropFirst()
                    guard let selector = functional(name.lowercased(), arguments) else { return nil }
                    simple.append(selector)
                default:
                    return nil
                }
            default:
                break loop
            }
        }
        guard !simple.isEmpty || pseudo != nil else { return nil }
        if simple.isEmpty { simple = [.universal(defaultNamespace.map { .uri($0) } ?? .any)] }
        return (Compound(simple: simple), pseudo)
    }

    /// A type or universal selector with its namespace prefix, if one starts `values`.
    private func typeSelector(_ values: inout ArraySlice<ComponentValue>) -> SimpleSelector? {
        var rest = values
        var namespace: NamespaceConstraint? = nil
        // `prefix|`, `*|` or `|` before the name.
        let second = rest.dropFirst().first
        if second == .token(.delim("|")) {
            switch rest.first {
            case .token(.ident(let prefix))?:
                guard let uri = prefixes[prefix] else { return nil }
                namespace = .uri(uri)
            case .token(.delim("*"))?: namespace = .any
            default: return nil
            }
            rest = rest.dropFirst(2)
        } else if rest.first == .token(.delim("|")) {
            namespace = NamespaceConstraint.none
            rest = rest.dropFirst()
        }
        let resolved = namespace ?? defaultNamespace.map { .uri($0) } ?? .any
        switch rest.first {
        case .token(.ident(let name))?:
            values = rest.dropFirst()
            return .type(name.lowercased(), resolved)
        case .token(.delim("*"))?:
            values = rest.dropFirst()
            return .universal(resolved)
        default:
            return nil
        }
    }

    /// `[name]`, `[ns|name op value i]` (§6).
    private func attribute(_ inner: [ComponentValue]) -> SimpleSelector? {
        var values = inner.filter { !$0.isWhitespace }[...]
        var namespace = NamespaceConstraint.none
        if values.dropFirst().first == .token(.delim("|")), values.count >= 3,
           values.dropFirst(2).first != .token(.delim("=")) {
            switch values.first {
            case .token(.ident(let prefix))?:
                guard let uri = prefixes[prefix] else { return nil }
                namespace = .uri(uri)
            case .token(.delim("*"))?: namespace = .any
            default: return nil
            }
            values = values.dropFirst(2)
        } else if values.first == .token(.delim("|")) {
            values = values.dropFirst()
        }
        guard case .token(.ident(let name))? = values.first else { return nil }
        values = values.dropFirst()
        if values.isEmpty { return .attribute(name: name, namespace: namespace, match: nil, caseInsensitive: false) }
        var op: Unicode.Scalar = "="
        if case .token(.delim(let d))? = values.first, d != "=" {
            guard values.dropFirst().first == .token(.delim("=")) else { return nil }
            op = d
            values = values.dropFirst(2)
        } else if values.first == .token(.delim("=")) {
            values = values.dropFirst()
        } else {
            return nil
        }
        let value: String
        switch values.first {
        case .token(.ident(let v))?: value = v
        case .token(.string(let v))?: value = v
        default: return nil
        }
        values = values.dropFirst()
        var caseInsensitive = false
        if case .token(.ident(let flag))? = values.first {
            guard flag.lowercased() == "i" || flag.lowercased() == "s" else { return nil }
            caseInsensitive = flag.lowercased() == "i"
            values = values.dropFirst()
        }
        guard values.isEmpty else { return nil }
        let match: AttributeMatch
        switch op {
        case "=": match = .equals(value)
        case "~": match = .includes(value)
        case "|": match = .dashMatch(value)
        case "^": match = .prefix(value)
        case "$": match = .suffix(value)
        case "*": match = .substring(value)
        default: return nil
        }
        return .attribute(name: name, namespace: namespace, match: match, caseInsensitive: caseInsensitive)
    }

    private func functional(_ name: String, _ arguments: [ComponentValue]) -> SimpleSelector? {
        switch name {
        case "not":
            guard let list = selectorList(arguments), list.allSatisfy({ $0.pseudoElement == nil }) else { return nil }
            return .not(list)
        case "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type":
            guard let (a, b) = NthExpression.parse(arguments) else { return nil }
            return .pseudoClass(.nth(a: a, b: b, fromEnd: name.contains("last"), ofType: name.hasSuffix("of-type")))
        default:
            return nil
        }
    }

    static func pseudoClass(_ name: String) -> PseudoClass? {
        switch name.lowercased() {
        case "root": .root
        case "empty": .empty
        case "first-child": .firstChild
        case "last-child": .lastChild
        case "only-child": .onlyChild
        case "first-of-type": .firstOfType
        case "last-of-type": .lastOfType
        case "only-of-type": .onlyOfType
        case "link", "any-link": .link
        case "hover", "active", "focus", "visited", "focus-within", "focus-visible", "target", "checked", "disabled":
            .never
        default: nil
        }
    }

    static func pseudoElement(_ name: String) -> PseudoElement? {
        switch name.lowercased() {
        case "before": .before
        case "after": .after
        case "first-letter": .firstLetter
        case "first-line": .firstLine
        case "marker": .marker
        default: nil
        }
    }
}

/// The `An+B` microsyntax (CSS Syntax 3 §6.2) as tokens give it: `odd`, `even`, `3`, `2n+1`,
/// `-n + 3`, `n- 1`…
enum NthExpression {
    static func parse(_ values: [ComponentValue]) -> (Int, Int)? {
        // Written back as text without white space and read by hand: the tokenizer cuts
        // `2n+1` into a dimension and a number, `-n-1` into an identifier.
        var text = ""
        for value in values {
            guard case .token(let token) = value else { return nil }
            switch token {
            case .whitespace: continue
            case .ident(let s): text += s
            case .number(let n, true):
                guard let whole = Int(exactly: n), abs(whole) <= largest else { return nil }
                text += (whole >= 0 && !text.isEmpty && text.last != "+" && text.last != "-" ? "+" : "") + String(whole)
            case .dimension(let n, let unit):
                guard let whole = Int(exactly: n), abs(whole) <= largest else { return nil }
                text += String(whole) + unit
            case .delim(let d) where d == "+" || d == "-": text.unicodeScalars.append(d)
            default: return nil
            }
        }
        text = text.lowercased()
        guard let (a, b) = coefficients(text), abs(a) <= largest, abs(b) <= largest else { return nil }
        return (a, b)
    }

    /// The most `a` or `b` may be: no book counts a million siblings, and the matcher's
    /// arithmetic stays far from overflow.
    static let largest = 1_000_000

    private static func coefficients(_ text: String) -> (Int, Int)? {
        if text == "odd" { return (2, 1) }
        if text == "even" { return (2, 0) }
        guard let n = text.firstIndex(of: "n") else { return Int(text).map { (0, $0) } }
        let head = text[..<n], tail = text[text.index(after: n)...]
        let a: Int
        switch head {
        case "", "+": a = 1
        case "-": a = -1
        default:
            guard let value = Int(head) else { return nil }
            a = value
        }
        if tail.isEmpty { return (a, 0) }
        guard tail.first == "+" || tail.first == "-", let b = Int(tail.dropFirst()) else { return nil }
        return (a, tail.first == "-" ? -b : b)
    }
}
