import PropertyBased
import Testing
@testable import CSS

/// The cascade matches selectors compiled to atoms (`SelectorProgram`); whatever the tree and
/// the selector, it must answer as Selectors Level 4 defines matching, which the oracle below
/// spells out on the elements' own strings, one step at a time and without memo.
@Suite struct SelectorMatchingPropertyTests {
    static let names = ["p", "div", "span", "h2"]
    static let classes = ["a", "b", "continued"]
    static let compoundParts = [".a", ".b", "#x", "[epub|type~=\"chapter\"]", "[title]", ":first-child", ":last-child",
                                ":nth-child(2n+1)", ":nth-of-type(2)", ":only-child", ":empty", ":not(.b)", ":not(p > span)",
                                ".unknown", "#y"]
    static let combinators = [" ", " > ", " + ", " ~ "]

    /// A random document: each of up to 40 elements under one of the few before it, with a
    /// name, some classes, maybe an id, an `epub:type`, a `title`.
    static let trees = Gen.int(in: 0...1_000_000).array(of: 1...40)
    /// Random selectors, a few compounds each: each a type (or none) and up to two parts.
    static let selectors = Gen.int(in: 0...1_000_000).array(of: 1...3).array(of: 1...16)

    @Test func compiledMatchingAgreesWithTheDefinition() async {
        await propertyCheck(count: 300, input: Self.trees, Self.selectors) { treeSeeds, selectorSeeds in
            var program = SelectorProgram()
            let selectors = selectorSeeds.compactMap { seeds -> (String, Selector, Int32)? in
                let text = Self.selectorText(seeds)
                let sheet = StyleSheet("@namespace epub \"http://www.idpf.org/2007/ops\"; \(text) { text-indent: 3em }",
                                       media: MediaContext())
                guard let selector = sheet.rules.first?.selectors.first else {
                    Issue.record("\(text) did not parse")
                    return nil
                }
                return (text, selector, program.compile(selector))
            }
            var tree = ElementTree(names: program.names)
            for (k, seed) in treeSeeds.enumerated() {
                // A parent among the last few: deep trees with runs of siblings.
                let parent = k == 0 ? 0 : max(0, k - 1 - (seed / 7) % 4)
                tree.append(localName: Self.names[seed % Self.names.count], namespace: "http://www.w3.org/1999/xhtml",
                            attributes: Self.attributes(seed), parent: k == 0 ? -1 : parent, isEmpty: seed % 5 == 0)
            }
            tree.finish()
            for (text, selector, number) in selectors {
                for index in tree.elements.indices {
                    #expect(program.matches(number, tree, index) == Oracle.matches(selector, tree, index),
                            "\(text) on element \(index) of \(treeSeeds)")
                }
            }
        }
    }

    static func attributes(_ seed: Int) -> [ElementTree.Attribute] {
        var list: [ElementTree.Attribute] = []
        let picked = classes.indices.filter { (seed >> (3 + $0)) & 1 == 1 }.map { classes[$0] }
        if !picked.isEmpty { list.append(.init(name: "class", value: picked.joined(separator: " "))) }
        if seed % 3 == 0 { list.append(.init(name: "id", value: seed % 2 == 0 ? "x" : "y")) }
        if seed % 4 == 1 { list.append(.init(name: "type", namespace: "http://www.idpf.org/2007/ops", value: "z3998:poem chapter")) }
        if seed % 11 == 2 { list.append(.init(name: "title", value: "t")) }
        return list
    }

    static func selectorText(_ seeds: [Int]) -> String {
        var text = ""
        for (k, seed) in seeds.enumerated() {
            if k > 0 { text += combinators[seed % combinators.count] }
            let type = seed / 4 % (names.count * 2)
            text += type < names.count ? names[type] : type == names.count ? "*" : ""
            let parts = seed / 64 % 3
            for n in 0..<parts { text += compoundParts[(seed / (256 << (4 * n))) % compoundParts.count] }
            if type > names.count && parts == 0 { text += "*" }
        }
        return text
    }

    /// Selector matching as the specification says it, on strings.
    enum Oracle {
        static func matches(_ selector: Selector, _ tree: ElementTree, _ index: Int) -> Bool {
            matches(selector, upTo: selector.compounds.count - 1, tree, index)
        }

        static func matches(_ selector: Selector, upTo k: Int, _ tree: ElementTree, _ index: Int) -> Bool {
            guard selector.compounds[k].simple.allSatisfy({ simple($0, tree, index) }) else { return false }
            guard k > 0 else { return true }
            let e = tree.elements[index]
            switch selector.combinators[k - 1] {
            case .child: return e.parent >= 0 && matches(selector, upTo: k - 1, tree, e.parent)
            case .nextSibling: return e.previousSibling >= 0 && matches(selector, upTo: k - 1, tree, e.previousSibling)
            case .descendant: return chain(from: e.parent, next: { tree.elements[$0].parent }).contains { matches(selector, upTo: k - 1, tree, $0) }
            case .subsequentSibling:
                return chain(from: e.previousSibling, next: { tree.elements[$0].previousSibling })
                    .contains { matches(selector, upTo: k - 1, tree, $0) }
            }
        }

        static func chain(from start: Int, next: (Int) -> Int) -> [Int] {
            var list: [Int] = []
            var k = start
            while k >= 0 {
                list.append(k)
                k = next(k)
            }
            return list
        }

        static func simple(_ s: SimpleSelector, _ tree: ElementTree, _ index: Int) -> Bool {
            let e = tree.elements[index]
            let own = e.attributes.filter { $0.namespace == nil }
            switch s {
            case .type(let name, let namespace): return e.localName == name && namespace.admits(e.namespace)
            case .universal(let namespace): return namespace.admits(e.namespace)
            case .id(let id): return own.contains { $0.name == "id" && $0.value == id }
            case .className(let name):
                return own.contains { $0.name == "class" && $0.value.split(separator: " ").contains { $0 == name } }
            case .attribute(let name, let namespace, let match, _):
                guard let a = e.attributes.first(where: { $0.name == name && namespace.admits($0.namespace) }) else { return false }
                guard case .includes(let word)? = match else { return match == nil }
                return a.value.split(separator: " ").contains { $0 == word }
            case .pseudoClass(let pseudo): return pseudo.matches(tree, index)
            case .not(let list): return !list.contains { matches($0, tree, index) }
            }
        }
    }
}
