import CSS

/// A content document's elements for the cascade: CSS's `ElementTree` of the XML tree, made in
/// one pass, and the index of each element's entry by its node.
struct ElementTable {
    private(set) var tree = ElementTree()
    private var indexes: [OpaquePointer: Int] = [:]

    /// The elements under (and including) `root`, in document order.
    init(root: XMLNode) {
        var stack: [(XMLNode, Int)] = [(root, -1)]
        while let (node, parent) = stack.popLast() {
            var children: [XMLNode] = []
            var hasContent = false
            for child in node.children {
                switch child.kind {
                case .element: children.append(child)
                case .text, .entityReference: hasContent = true
                case .other: break
                }
            }
            let index = tree.append(localName: node.name, namespace: node.namespace, attributes: node.attributes,
                                    parent: parent, isEmpty: children.isEmpty && !hasContent)
            indexes[node.pointer] = index
            for child in children.reversed() { stack.append((child, index)) }
        }
        tree.finish()
    }

    /// The index of `node`'s element (an element of the tree the table was made from).
    func index(of node: XMLNode) -> Int? { indexes[node.pointer] }
}
