/// A complex selector (Selectors Level 4 §3.1): compound selectors joined by combinators, and
/// at most one pseudo-element at its end.
public struct Selector: Equatable, Sendable {
    /// The compounds from left to right; `combinators[k]` joins `compounds[k]` and `compounds[k + 1]`.
    public var compounds: [Compound]
    public var combinators: [Combinator]
    public var pseudoElement: PseudoElement?

    /// The selector's specificity (§17): ids, then classes, attributes and pseudo-classes, then
    /// types and pseudo-elements, packed so that a larger number is more specific.
    public var specificity: Int {
        var (a, b, c) = (0, 0, 0)
        for compound in compounds {
            let s = compound.specificity
            a += s.a
            b += s.b
            c += s.c
        }
        if pseudoElement != nil { c += 1 }
        return min(a, 1023) << 20 | min(b, 1023) << 10 | min(c, 1023)
    }
}

/// How two compounds are related.
public enum Combinator: Equatable, Sendable {
    /// ` `: an ancestor.
    case descendant
    /// `>`: the parent.
    case child
    /// `+`: the element just before.
    case nextSibling
    /// `~`: any element before, among the siblings.
    case subsequentSibling
}

/// A compound selector: simple selectors that one element must all match.
public struct Compound: Equatable, Sendable {
    public var simple: [SimpleSelector]

    var specificity: (a: Int, b: Int, c: Int) {
        var (a, b, c) = (0, 0, 0)
        for selector in simple {
            switch selector {
            case .id: a += 1
            case .className, .attribute, .pseudoClass: b += 1
            case .type: c += 1
            case .universal: break
            case .not(let list):
                // The most specific of its arguments (§17).
                let best = list.max { $0.specificity < $1.specificity }
                if let best {
                    let s = best.specificity
                    a += s >> 20
                    b += (s >> 10) & 1023
                    c += s & 1023
                }
            }
        }
        return (a, b, c)
    }
}

/// Which namespaces a type or attribute selector takes (§6.1, §6.4).
public enum NamespaceConstraint: Equatable, Sendable {
    /// Any (`*|`, or no prefix where no default namespace is declared).
    case any
    /// None (`|name`; an attribute without a prefix).
    case none
    case uri(String)
}

public enum SimpleSelector: Equatable, Sendable {
    /// An element's local name (compared without case for HTML elements).
    case type(String, NamespaceConstraint)
    case universal(NamespaceConstraint)
    case id(String)
    case className(String)
    case attribute(name: String, namespace: NamespaceConstraint, match: AttributeMatch?, caseInsensitive: Bool)
    case pseudoClass(PseudoClass)
    /// `:not(…)`: the element matches none of the list.
    case not([Selector])
}

/// An attribute selector's operator and value (§6.3, §6.4).
public enum AttributeMatch: Equatable, Sendable {
    case equals(String)
    /// `~=`: one of its space-separated words.
    case includes(String)
    /// `|=`: the value, or it followed by a hyphen.
    case dashMatch(String)
    case prefix(String)
    case suffix(String)
    case substring(String)
}

/// The structural pseudo-classes a book's style sheet can use (§14), and those that never
/// match in a reader (`:hover`, `:visited`…).
public enum PseudoClass: Equatable, Sendable {
    case root, empty
    case firstChild, lastChild, onlyChild
    case firstOfType, lastOfType, onlyOfType
    /// `an+b`, counted from the start or the end, among all siblings or those of its type.
    case nth(a: Int, b: Int, fromEnd: Bool, ofType: Bool)
    /// An `a` (or `area`) with an `href`.
    case link
    case never
}

/// The pseudo-elements (§16) the reader draws something for.
public enum PseudoElement: Hashable, Sendable {
    case before, after, firstLetter, firstLine, marker
}
