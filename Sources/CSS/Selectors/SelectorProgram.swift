/// A cascade's selectors compiled for matching, as browser engines compile them: each
/// compound's simple selectors become tests on the atoms of `SelectorNames`, kept in flat
/// arrays, so that matching an element compares integers and copies no string or array.
///
/// Selectors are matched from the right (Selectors 4 §3.1: the rightmost compound is the
/// subject), going to the parent, an ancestor or an earlier sibling at each combinator.
struct SelectorProgram: Sendable {
    /// One simple selector, on atoms.
    enum Test: Sendable {
        case type(Int32, namespace: Int32)
        case universal(namespace: Int32)
        case id(Int32)
        case className(Int32)
        /// `attributeTests[k]`: compared as strings (attribute selectors are few).
        case attribute(Int32)
        case pseudoClass(PseudoClass)
        /// `:not(…)`: the element matches none of the selectors `notLists[start..<end]`.
        case not(start: Int32, end: Int32)
    }

    /// A compound: its tests, and the combinator joining it to the compound on its left.
    struct CompiledCompound: Sendable {
        let tests: Range<Int32>
        let combinator: Combinator?
    }

    /// A complex selector: its compounds, left to right.
    struct CompiledSelector: Sendable {
        let compounds: Range<Int32>
        /// Two or more combinators look at many elements (` `, `~`): a selector like
        /// `div div div … p` could try every way up a deep tree, exponentially many, so the
        /// matcher remembers which (compound, element) pairs failed, and tries each once.
        let searchesWidely: Bool
    }

    struct AttributeTest: Sendable {
        let name: String
        let namespace: NamespaceConstraint
        let match: AttributeMatch?
        let caseInsensitive: Bool
    }

    private(set) var names = SelectorNames()
    private var tests: [Test] = []
    private var compounds: [CompiledCompound] = []
    private var selectors: [CompiledSelector] = []
    private var attributeTests: [AttributeTest] = []
    private var notLists: [Int32] = []

    /// Compiles `selector` and returns its number for `matches`.
    mutating func compile(_ selector: Selector) -> Int32 {
        // Each compound's tests are gathered before any is stored: a `:not` compiles its own
        // selectors on the way, and a compound's tests must lie together.
        var gathered: [[Test]] = []
        for compound in selector.compounds {
            gathered.append(compound.simple.map { test(for: $0) })
        }
        let first = Int32(compounds.count)
        for (k, list) in gathered.enumerated() {
            let start = Int32(tests.count)
            tests += list
            compounds.append(CompiledCompound(tests: start..<Int32(tests.count),
                                              combinator: k == 0 ? nil : selector.combinators[k - 1]))
        }
        let wide = selector.combinators.count { $0 == .descendant || $0 == .subsequentSibling } >= 2
        selectors.append(CompiledSelector(compounds: first..<Int32(compounds.count), searchesWidely: wide))
        return Int32(selectors.count - 1)
    }

    private mutating func test(for simple: SimpleSelector) -> Test {
        switch simple {
        case .type(let name, let namespace): return .type(names.intern(name), namespace: names.constraint(namespace))
        case .universal(let namespace): return .universal(namespace: names.constraint(namespace))
        case .id(let id): return .id(names.intern(id))
        case .className(let name): return .className(names.intern(name))
        case .attribute(let name, let namespace, let match, let caseInsensitive):
            _ = names.intern(name)
            attributeTests.append(AttributeTest(name: name, namespace: namespace, match: match, caseInsensitive: caseInsensitive))
            return .attribute(Int32(attributeTests.count - 1))
        case .pseudoClass(let pseudo): return .pseudoClass(pseudo)
        case .not(let list):
            let compiled = list.map { compile($0) }
            let start = Int32(notLists.count)
            notLists += compiled
            return .not(start: start, end: Int32(notLists.count))
        }
    }

    /// Whether element `index` of `tree` matches selector `number` (its pseudo-element aside).
    /// The tree must have been made with these `names`.
    func matches(_ number: Int32, _ tree: ElementTree, _ index: Int) -> Bool {
        let selector = selectors[Int(number)]
        guard !selector.compounds.isEmpty else { return false }
        var failed: Set<Int>? = selector.searchesWidely ? [] : nil
        return matches(selector, compound: Int(selector.compounds.upperBound) - 1, tree, index, failed: &failed)
    }

    /// Whether element `index` matches `selector`'s part up to compound `k`, remembering in
    /// `failed` (when given) the pairs (compound, element) known not to.
    private func matches(_ selector: CompiledSelector, compound k: Int, _ tree: ElementTree, _ index: Int,
                         failed: inout Set<Int>?) -> Bool {
        let key = index &* 64 &+ (k - Int(selector.compounds.lowerBound))
        if failed?.contains(key) == true { return false }
        var result = false
        if passes(compounds[k].tests, tree, index) {
            switch compounds[k].combinator {
            case nil:
                result = true
            case .child?:
                let parent = tree.elements[index].parent
                result = parent >= 0 && matches(selector, compound: k - 1, tree, parent, failed: &failed)
            case .descendant?:
                var ancestor = tree.elements[index].parent
                while ancestor >= 0 && !result {
                    result = matches(selector, compound: k - 1, tree, ancestor, failed: &failed)
                    ancestor = tree.elements[ancestor].parent
                }
            case .nextSibling?:
                let sibling = tree.elements[index].previousSibling
                result = sibling >= 0 && matches(selector, compound: k - 1, tree, sibling, failed: &failed)
            case .subsequentSibling?:
                var sibling = tree.elements[index].previousSibling
                while sibling >= 0 && !result {
                    result = matches(selector, compound: k - 1, tree, sibling, failed: &failed)
                    sibling = tree.elements[sibling].previousSibling
                }
            }
        }
        if !result { failed?.insert(key) }
        return result
    }

    /// Whether element `index` passes every test of `range`.
    private func passes(_ range: Range<Int32>, _ tree: ElementTree, _ index: Int) -> Bool {
        for t in range {
            switch tests[Int(t)] {
            case .type(let name, let namespace):
                guard tree.elements[index].nameAtom == name,
                      namespace == SelectorNames.anyNamespace || namespace == tree.elements[index].namespaceAtom
                else { return false }
            case .universal(let namespace):
                guard namespace == SelectorNames.anyNamespace || namespace == tree.elements[index].namespaceAtom
                else { return false }
            case .id(let id):
                guard tree.elements[index].idAtom == id else { return false }
            case .className(let name):
                guard tree.hasClass(index, name) else { return false }
            case .attribute(let k):
                guard attributeTests[Int(k)].matches(tree, index) else { return false }
            case .pseudoClass(let pseudo):
                guard pseudo.matches(tree, index) else { return false }
            case .not(let start, let end):
                for n in notLists[Int(start)..<Int(end)] where matches(n, tree, index) { return false }
            }
        }
        return true
    }
}
