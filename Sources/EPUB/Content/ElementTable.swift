import CSS
import CXML

/// A content document's elements for the cascade: CSS's `ElementTree` of the XML tree, made in
/// one pass, and the index of each element's entry by its node (kept on the node itself, as
/// libxml2 lets an application: no table to hash into for every element).
struct ElementTable {
    private(set) var tree: ElementTree

    /// The elements under (and including) `root`, in document order, for `cascade`.
    init(root: XMLNode, cascade: Cascade) {
        tree = cascade.elementTree()
        // Most elements share their namespace declaration: its URI is made a string once.
        var namespace: (pointer: UnsafePointer<CChar>?, uri: String?) = (nil, nil)
        var stack: [(XMLNode, Int)] = [(root, -1)]
        while let (node, parent) = stack.popLast() {
            // The element children go on the stack last first (so the first is taken next),
            // given their parent's index once it has one.
            let firstChild = stack.count
            var hasContent = false
            for child in node.children {
                switch child.kind {
                case .element: stack.append((child, -1))
                case .text, .entityReference: hasContent = true
                case .other: break
                }
            }
            let uri = node.namespacePointer
            if uri != namespace.pointer { namespace = (uri, node.namespace) }
            let index = tree.append(localName: node.name, namespace: namespace.uri, attributes: node.attributes,
                                    parent: parent, isEmpty: stack.count == firstChild && !hasContent)
            pt_xml_set_mark(node.pointer, index + 1)
            stack[firstChild...].reverse()
            for k in firstChild..<stack.count { stack[k].1 = index }
        }
        tree.finish()
    }

    /// The index of `node`'s element (an element of the tree the table was made from, which
    /// no other table has marked since).
    func index(of node: XMLNode) -> Int? {
        let mark = pt_xml_mark(node.pointer)
        return mark > 0 && mark <= tree.elements.count ? mark - 1 : nil
    }
}
