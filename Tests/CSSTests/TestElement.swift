@testable import CSS

/// A small element tree for the tests, written as nested calls:
/// `TestElement("body", [TestElement("p", classes: ["first"])])`, and made into CSS's
/// `ElementTree` by `TestDocument`.
final class TestElement {
    let localName: String
    let namespace: String?
    let attributes: [ElementTree.Attribute]
    let children: [TestElement]

    init(_ name: String, id: String? = nil, classes: [String] = [], attributes: [String: String] = [:],
         namespace: String? = "http://www.w3.org/1999/xhtml", _ children: [TestElement] = []) {
        localName = name
        self.namespace = namespace
        self.children = children
        var list: [ElementTree.Attribute] = []
        if let id { list.append(.init(name: "id", value: id)) }
        if !classes.isEmpty { list.append(.init(name: "class", value: classes.joined(separator: " "))) }
        // An attribute in a namespace is written `uri|name`.
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
            if let bar = key.lastIndex(of: "|") {
                list.append(.init(name: String(key[key.index(after: bar)...]), namespace: String(key[..<bar]), value: value))
            } else {
                list.append(.init(name: key, value: value))
            }
        }
        self.attributes = list
    }
}

/// A `TestElement` tree, made into the `ElementTree` of each cascade that styles it.
struct TestDocument {
    let root: TestElement

    init(_ root: TestElement) { self.root = root }

    /// The computed style of `element` under `cascade`, its ancestors' computed first.
    func style(_ element: TestElement, _ cascade: Cascade, styleAttribute: [CSSDeclaration] = []) -> ComputedStyle {
        var tree = cascade.elementTree()
        var indexes: [ObjectIdentifier: Int] = [:]
        func add(_ element: TestElement, parent: Int) {
            let index = tree.append(localName: element.localName, namespace: element.namespace,
                                    attributes: element.attributes, parent: parent, isEmpty: element.children.isEmpty)
            indexes[ObjectIdentifier(element)] = index
            for child in element.children { add(child, parent: index) }
        }
        add(root, parent: -1)
        tree.finish()
        var chain: [Int] = []
        var k = indexes[ObjectIdentifier(element)]!
        while k >= 0 {
            chain.insert(k, at: 0)
            k = tree.elements[k].parent
        }
        var style: ComputedStyle?
        for (n, i) in chain.enumerated() {
            style = cascade.style(of: i, in: tree, parent: style, styleAttribute: n == chain.count - 1 ? styleAttribute : [])
        }
        return style!
    }
}
