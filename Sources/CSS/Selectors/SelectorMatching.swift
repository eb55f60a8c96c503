extension Selector {
    /// Whether element `index` of `tree` matches the selector (its pseudo-element aside),
    /// matched from the right as engines do.
    public func matches(_ tree: ElementTree, _ index: Int) -> Bool {
        guard let last = compounds.indices.last else { return false }
        var failed: Set<Int>? = searchesWidely ? [] : nil
        return matches(tree, index, compound: last, failed: &failed)
    }

    /// Whether two or more combinators look at many elements (` `, `~`): then a selector like
    /// `div div div … p` could try every way up a deep tree, exponentially many, and the
    /// matcher remembers which (compound, element) pairs failed, so each is tried once.
    var searchesWidely: Bool {
        combinators.count { $0 == .descendant || $0 == .subsequentSibling } >= 2
    }

    /// Whether element `index` matches the selector's part up to compound `k`, remembering in
    /// `failed` (when given) the pairs (compound, element) known not to.
    private func matches(_ tree: ElementTree, _ index: Int, compound k: Int, failed: inout Set<Int>?) -> Bool {
        let key = index &* 64 &+ k
        if failed?.contains(key) == true { return false }
        var result = false
        if compounds[k].matches(tree, index) {
            if k == 0 {
                result = true
            } else {
                switch combinators[k - 1] {
                case .child:
                    let parent = tree.elements[index].parent
                    result = parent >= 0 && matches(tree, parent, compound: k - 1, failed: &failed)
                case .descendant:
                    var ancestor = tree.elements[index].parent
                    while ancestor >= 0 && !result {
                        result = matches(tree, ancestor, compound: k - 1, failed: &failed)
                        ancestor = tree.elements[ancestor].parent
                    }
                case .nextSibling:
                    let sibling = tree.elements[index].previousSibling
                    result = sibling >= 0 && matches(tree, sibling, compound: k - 1, failed: &failed)
                case .subsequentSibling:
                    var sibling = tree.elements[index].previousSibling
                    while sibling >= 0 && !result {
                        result = matches(tree, sibling, compound: k - 1, failed: &failed)
                        sibling = tree.elements[sibling].previousSibling
                    }
                }
            }
        }
        if !result { failed?.insert(key) }
        return result
    }
}

extension Compound {
    func matches(_ tree: ElementTree, _ index: Int) -> Bool {
        for selector in simple where !selector.matches(tree, index) { return false }
        return true
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
    func matches(_ tree: ElementTree, _ index: Int) -> Bool {
        switch self {
        case .type(let name, let namespace):
            return tree.elements[index].localName == name && namespace.admits(tree.elements[index].namespace)
        case .universal(let namespace):
            return namespace.admits(tree.elements[index].namespace)
        case .id(let id):
            return tree.elements[index].id == id
        case .className(let name):
            return tree.elements[index].classes.contains(name)
        case .attribute(let name, let namespace, let match, let caseInsensitive):
            guard let value = tree.attribute(index, name, namespace) else { return false }
            guard let match else { return true }
            return match.admits(caseInsensitive ? value.lowercased() : value, caseInsensitive: caseInsensitive)
        case .pseudoClass(let pseudo):
            return pseudo.matches(tree, index)
        case .not(let list):
            return !list.contains { $0.matches(tree, index) }
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
    func matches(_ tree: ElementTree, _ index: Int) -> Bool {
        // Fields read from the tree where they lie (a copy of the element would retain its
        // strings and arrays).
        switch self {
        case .root: return tree.elements[index].parent < 0
        case .empty: return tree.elements[index].isEmpty
        case .firstChild: return tree.elements[index].siblingIndex == 1
        case .lastChild: return tree.elements[index].siblingIndex == tree.elements[index].siblingCount
        case .onlyChild: return tree.elements[index].siblingCount == 1
        case .firstOfType: return tree.elements[index].typeIndex == 1
        case .lastOfType: return tree.elements[index].typeIndex == tree.elements[index].typeCount
        case .onlyOfType: return tree.elements[index].typeCount == 1
        case .nth(let a, let b, let fromEnd, let ofType):
            let position = ofType ? tree.elements[index].typeIndex : tree.elements[index].siblingIndex
            let count = ofType ? tree.elements[index].typeCount : tree.elements[index].siblingCount
            return Self.isNth(fromEnd ? count - position + 1 : position, a: a, b: b)
        case .link:
            let name = tree.elements[index].localName
            return (name == "a" || name == "area") && tree.attribute(index, "href", .none) != nil
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
