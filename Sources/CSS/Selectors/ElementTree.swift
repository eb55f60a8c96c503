/// A document's elements as selectors see them, in document order: each one's name,
/// attributes, parent, previous sibling and places among its siblings. A format's reader fills
/// it once per document (`append`, then `finish`); matching a selector is then a few array
/// look-ups, with no protocol or generic in the way.
public struct ElementTree: Sendable {
    public struct Attribute: Sendable {
        public var name: String
        public var namespace: String?
        public var value: String

        public init(name: String, namespace: String? = nil, value: String) {
            self.name = name
            self.namespace = namespace
            self.value = value
        }
    }

    public struct Element: Sendable {
        /// The local name, lower case.
        public let localName: String
        public let namespace: String?
        public let id: String?
        public let classes: [String]
        public let attributes: [Attribute]
        /// The parent's index, or -1 at the root.
        public let parent: Int
        public internal(set) var previousSibling = -1
        /// The place among the parent's element children, from 1, and their number; the same
        /// among the siblings of its own name.
        public internal(set) var siblingIndex = 1, siblingCount = 1
        public internal(set) var typeIndex = 1, typeCount = 1
        /// No element or text children (`:empty`).
        public let isEmpty: Bool
    }

    public private(set) var elements: [Element] = []
    private var lastChild: [Int: Int] = [:]
    private var childCount: [Int: Int] = [:]
    private var typeCounts: [Int: [String: Int]] = [:]

    public init() {}

    /// Adds an element (its parent must have been added before it, and its earlier siblings)
    /// and returns its index. Its `id` and `class` come from its attributes in no namespace.
    @discardableResult
    public mutating func append(localName: String, namespace: String?, attributes: [Attribute], parent: Int,
                                isEmpty: Bool) -> Int {
        let name = localName.lowercased()
        var id: String?, classes: [String] = []
        for attribute in attributes where attribute.namespace == nil {
            if attribute.name == "id" { id = attribute.value }
            if attribute.name == "class" {
                classes = attribute.value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            }
        }
        var element = Element(localName: name, namespace: namespace, id: id, classes: classes, attributes: attributes,
                              parent: parent, isEmpty: isEmpty)
        let index = elements.count
        element.previousSibling = lastChild[parent] ?? -1
        lastChild[parent] = index
        let position = (childCount[parent] ?? 0) + 1
        childCount[parent] = position
        element.siblingIndex = position
        let ofType = (typeCounts[parent]?[name] ?? 0) + 1
        typeCounts[parent, default: [:]][name] = ofType
        element.typeIndex = ofType
        elements.append(element)
        return index
    }

    /// Counts each element's siblings, once every element is in.
    public mutating func finish() {
        for k in elements.indices {
            let parent = elements[k].parent
            elements[k].siblingCount = childCount[parent] ?? 1
            elements[k].typeCount = typeCounts[parent]?[elements[k].localName] ?? 1
        }
        lastChild = [:]
        childCount = [:]
        typeCounts = [:]
    }

    /// The value of element `index`'s attribute `name` in `namespace`.
    func attribute(_ index: Int, _ name: String, _ namespace: NamespaceConstraint) -> String? {
        for attribute in elements[index].attributes where attribute.name == name {
            if namespace.admits(attribute.namespace) { return attribute.value }
        }
        return nil
    }
}
