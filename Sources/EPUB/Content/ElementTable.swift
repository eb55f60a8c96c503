import CSS

/// A content document's elements as selectors see them: each element's parent, previous
/// sibling and place among its siblings (of any type, and of its own), found in one pass
/// over the tree so that matching a selector is a few array look-ups.
final class ElementTable {
    struct Entry {
        let node: XMLNode
        let localName: String
        let namespace: String?
        let id: String?
        let classes: [String]
        let parent: Int
        var previousSibling = -1
        var siblingIndex = 1, siblingCount = 1
        var typeIndex = 1, typeCount = 1
        var isEmpty = true
    }

    private(set) var entries: [Entry] = []
    /// The index of each element's entry, by its node.
    private var indexes: [OpaquePointer: Int] = [:]

    /// The elements under (and including) `root`, in document order.
    init(root: XMLNode) {
        var stack: [(XMLNode, Int)] = [(root, -1)]
        while let (node, parent) = stack.popLast() {
            let index = entries.count
            let classes = (node.attribute("class") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            entries.append(Entry(node: node, localName: node.name.lowercased(), namespace: node.namespace,
                                 id: node.attribute("id"), classes: classes.map(String.init), parent: parent))
            indexes[node.pointer] = index
            var children: [XMLNode] = []
            var hasContent = false
            for child in node.children {
                switch child.kind {
                case .element: children.append(child)
                case .text, .entityReference: hasContent = true
                case .other: break
                }
            }
            entries[index].isEmpty = children.isEmpty && !hasContent
            for child in children.reversed() { stack.append((child, index)) }
        }
        // Sibling positions: children of one parent are contiguous runs in parent order only
        // per parent, so count per parent.
        var lastChild: [Int: Int] = [:]
        var childCount: [Int: Int] = [:]
        var typeCounts: [Int: [String: Int]] = [:]
        for k in entries.indices {
            let parent = entries[k].parent
            entries[k].previousSibling = lastChild[parent] ?? -1
            lastChild[parent] = k
            let position = (childCount[parent] ?? 0) + 1
            childCount[parent] = position
            entries[k].siblingIndex = position
            let ofType = (typeCounts[parent]?[entries[k].localName] ?? 0) + 1
            typeCounts[parent, default: [:]][entries[k].localName] = ofType
            entries[k].typeIndex = ofType
        }
        for k in entries.indices {
            let parent = entries[k].parent
            entries[k].siblingCount = childCount[parent] ?? 1
            entries[k].typeCount = typeCounts[parent]?[entries[k].localName] ?? 1
        }
    }

    /// The element of `node` (an element of the tree the table was made from).
    func element(_ node: XMLNode) -> XHTMLElement? {
        indexes[node.pointer].map { XHTMLElement(table: self, index: $0) }
    }
}

/// An element of a content document, as the cascade matches it.
struct XHTMLElement: SelectorElement {
    let table: ElementTable
    let index: Int

    private var entry: ElementTable.Entry { table.entries[index] }

    var localName: String { entry.localName }
    var namespaceURI: String? { entry.namespace }
    var id: String? { entry.id }
    var classNames: [String] { entry.classes }
    func hasClass(_ name: String) -> Bool { entry.classes.contains(name) }

    func attribute(_ name: String, namespace: NamespaceConstraint) -> String? {
        switch namespace {
        case .none: entry.node.attribute(name)
        case .uri(let uri): entry.node.attribute(name, namespace: uri)
        case .any: entry.node.attribute(name) ?? entry.node.attributeInAnyNamespace(name)
        }
    }

    var parentElement: XHTMLElement? { entry.parent >= 0 ? XHTMLElement(table: table, index: entry.parent) : nil }
    var previousSiblingElement: XHTMLElement? {
        entry.previousSibling >= 0 ? XHTMLElement(table: table, index: entry.previousSibling) : nil
    }
    var siblingIndex: Int { entry.siblingIndex }
    var siblingCount: Int { entry.siblingCount }
    var typeIndex: Int { entry.typeIndex }
    var typeCount: Int { entry.typeCount }
    var isEmpty: Bool { entry.isEmpty }
}
