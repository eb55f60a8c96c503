internal import Glibc

extension NamespaceConstraint {
    func admits(_ uri: String?) -> Bool {
        switch self {
        case .any: true
        case .none: uri == nil || uri == ""
        case .uri(let expected): uri == expected
        }
    }
}

extension SelectorProgram.AttributeTest {
    /// Whether element `index` has the attribute, with a value the match admits (§6.3, §6.4).
    func matches(_ tree: ElementTree, _ index: Int) -> Bool {
        guard let value = tree.attribute(index, name, namespace) else { return false }
        guard let match else { return true }
        return match.admits(caseInsensitive ? value.lowercased() : value, caseInsensitive: caseInsensitive)
    }
}

extension AttributeMatch {
    func admits(_ value: String, caseInsensitive: Bool) -> Bool {
        func fold(_ s: String) -> String { caseInsensitive ? s.lowercased() : s }
        switch self {
        case .equals(let v): return value == fold(v)
        case .includes(let v):
            let word = fold(v)
            return !word.isEmpty && !word.contains(" ") && Self.words(of: value, include: word)
        case .dashMatch(let v): return value == fold(v) || value.hasPrefix(fold(v) + "-")
        case .prefix(let v): return !v.isEmpty && value.hasPrefix(fold(v))
        case .suffix(let v): return !v.isEmpty && value.hasSuffix(fold(v))
        case .substring(let v): return !v.isEmpty && value.contains(fold(v))
        }
    }

    /// Whether `word` is one of the white-space-separated words of `value`, compared as
    /// UTF-8 where they lie (books test `epub:type` so on every element).
    static func words(of value: String, include word: String) -> Bool {
        var value = value, word = word
        return value.withUTF8 { v in
            word.withUTF8 { w in
                var start = 0
                while start < v.count {
                    var end = start
                    while end < v.count && v[end] != 0x20 && v[end] != 0x09 && v[end] != 0x0A { end += 1 }
                    if end - start == w.count && memcmp(v.baseAddress! + start, w.baseAddress!, w.count) == 0 { return true }
                    start = end + 1
                }
                return false
            }
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
