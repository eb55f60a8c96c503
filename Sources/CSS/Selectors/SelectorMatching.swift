/// An element as selectors see it (its document's tree around it). The EPUB reader gives its
/// XHTML elements so; tests give their own.
public protocol SelectorElement {
    /// The local name, lower case.
    var localName: String { get }
    var namespaceURI: String? { get }
    var id: String? { get }
    func hasClass(_ name: String) -> Bool
    /// Its classes (the `class` attribute's words).
    var classNames: [String] { get }
    /// The value of the attribute `name` in `namespace` (`.none`: no namespace; `.any`: the
    /// first of that name in any).
    func attribute(_ name: String, namespace: NamespaceConstraint) -> String?
    var parentElement: Self? { get }
    var previousSiblingElement: Self? { get }
    /// The element's place among its parent's element children, from 1, and their number.
    var siblingIndex: Int { get }
    var siblingCount: Int { get }
    /// The same among the siblings of its own type.
    var typeIndex: Int { get }
    var typeCount: Int { get }
    /// Whether it has no children but comments (`:empty`).
    var isEmpty: Bool { get }
}

extension Selector {
    /// Whether `element` matches the selector (its pseudo-element aside), matched from the
    /// right as engines do.
    public func matches<E: SelectorElement>(_ element: E) -> Bool {
        guard let last = compounds.indices.last else { return false }
        return matches(element, compound: last)
    }

    private func matches<E: SelectorElement>(_ element: E, compound k: Int) -> Bool {
        guard compounds[k].matches(element) else { return false }
        guard k > 0 else { return true }
        switch combinators[k - 1] {
        case .child:
            return element.parentElement.map { matches($0, compound: k - 1) } ?? false
        case .descendant:
            var ancestor = element.parentElement
            while let a = ancestor {
                if matches(a, compound: k - 1) { return true }
                ancestor = a.parentElement
            }
            return false
        case .nextSibling:
            return element.previousSiblingElement.map { matches($0, compound: k - 1) } ?? false
        case .subsequentSibling:
            var sibling = element.previousSiblingElement
            while let s = sibling {
                if matches(s, compound: k - 1) { return true }
                sibling = s.previousSiblingElement
            }
            return false
        }
    }
}

extension Compound {
    func matches<E: SelectorElement>(_ element: E) -> Bool {
        simple.allSatisfy { $0.matches(element) }
    }
}

extension NamespaceConstraint {
    func admits(_ uri: String?) -> Bool {
        switch self {
        case .any: true
        case .none: uri == nil || uri == ""
        case .uri(let expected): uri == expected
        }
    }
}

extension SimpleSelector {
    func matches<E: SelectorElement>(_ element: E) -> Bool {
        switch self {
        case .type(let name, let namespace):
            return element.localName == name && namespace.admits(element.namespaceURI)
        case .universal(let namespace):
            return namespace.admits(element.namespaceURI)
        case .id(let id):
            return element.id == id
        case .className(let name):
            return element.hasClass(name)
        case .attribute(let name, let namespace, let match, let caseInsensitive):
            guard let value = element.attribute(name, namespace: namespace) else { return false }
            guard let match else { return true }
            return match.admits(caseInsensitive ? value.lowercased() : value, caseInsensitive: caseInsensitive)
        case .pseudoClass(let pseudo):
            return pseudo.matches(element)
        case .not(let list):
            return !list.contains { $0.matches(element) }
        }
    }
}

extension AttributeMatch {
    func admits(_ value: String, caseInsensitive: Bool) -> Bool {
        func fold(_ s: String) -> String { caseInsensitive ? s.lowercased() : s }
        switch self {
        case .equals(let v): return value == fold(v)
        case .includes(let v):
            let word = fold(v)
            return !word.isEmpty && !word.contains(" ")
                && value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { $0 == word }
        case .dashMatch(let v): return value == fold(v) || value.hasPrefix(fold(v) + "-")
        case .prefix(let v): return !v.isEmpty && value.hasPrefix(fold(v))
        case .suffix(let v): return !v.isEmpty && value.hasSuffix(fold(v))
        case .substring(let v): return !v.isEmpty && value.contains(fold(v))
        }
    }
}

extension PseudoClass {
    func matches<E: SelectorElement>(_ element: E) -> Bool {
        switch self {
        case .root: return element.parentElement == nil
        case .empty: return element.isEmpty
        case .firstChild: return element.siblingIndex == 1
        case .lastChild: return element.siblingIndex == element.siblingCount
        case .onlyChild: return element.siblingCount == 1
        case .firstOfType: return element.typeIndex == 1
        case .lastOfType: return element.typeIndex == element.typeCount
        case .onlyOfType: return element.typeCount == 1
        case .nth(let a, let b, let fromEnd, let ofType):
            let index = ofType ? element.typeIndex : element.siblingIndex
            let count = ofType ? element.typeCount : element.siblingCount
            return Self.isNth(fromEnd ? count - index + 1 : index, a: a, b: b)
        case .link: return (element.localName == "a" || element.localName == "area") && element.attribute("href", namespace: .none) != nil
        case .never: return false
        }
    }

    /// Whether `index` is `a·n + b` for some n ≥ 0.
    static func isNth(_ index: Int, a: Int, b: Int) -> Bool {
        if a == 0 { return index == b }
        let difference = index - b
        return difference % a == 0 && difference / a >= 0
    }
}
