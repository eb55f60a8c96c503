/// A document's elements as selectors see them, in document order: each one's name,
/// attributes, parent, previous sibling and places among its siblings, with its names as the
/// cascade's atoms (`SelectorNames`). A format's reader fills it once per document (`append`,
/// then `finish`) for the cascade that will style it (`Cascade.elementTree()`); matching a
/// selector is then a few array look-ups and integer comparisons.
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
        /// The atoms of its local name, namespace and `id` (`SelectorNames.unknown` when no
        /// selector names them).
        let nameAtom: Int32, namespaceAtom: Int32, idAtom: Int32
        /// Its classes' atoms, `classAtoms[classes]` (only the classes some selector names),
        /// and the atoms of its attributes' names, `attributeAtoms[attributeNames]` (likewise).
        let classes: Range<Int32>, attributeNames: Range<Int32>
    }

    /// The names of the cascade the tree is made for.
    let names: SelectorNames
    public private(set) var elements: [Element] = []
    private(set) var classAtoms: [Int32] = []
    private(set) var attributeAtoms: [Int32] = []
    /// While the tree is made: each element's last child and number of children so far, at
    /// its index + 1 (the root's parent at 0), and the children of each name under a parent.
    private var lastChild: [Int] = [-1]
    private var childCount: [Int] = [0]
    private var typeCounts: [ParentAndName: Int] = [:]

    private struct ParentAndName: Hashable {
        let parent: Int
        let name: String
    }

    init(names: SelectorNames) { self.names = names }

    /// Adds an element (its parent must have been added before it, and its earlier siblings)
    /// and returns its index. Its `id` and `class` come from its attributes in no namespace.
    @discardableResult
    public mutating func append(localName: String, namespace: String?, attributes: [Attribute], parent: Int,
                                isEmpty: Bool) -> Int {
        precondition(parent >= -1 && parent < elements.count, "an element's parent comes before it")
        let name = localName.lowercased()
        var id = SelectorNames.unknown
        let classStart = Int32(classAtoms.count), attributeStart = Int32(attributeAtoms.count)
        for attribute in attributes {
            let atom = names.atom(attribute.name)
            if atom != SelectorNames.unknown && !attributeAtoms[Int(attributeStart)...].contains(atom) {
                attributeAtoms.append(atom)
            }
            guard attribute.namespace == nil else { continue }
            if attribute.name == "id" { id = names.atom(attribute.value) }
            if attribute.name == "class" {
                for word in attribute.value.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }) {
                    let atom = names.atom(String(Substring(word)))
                    if atom != SelectorNames.unknown && !classAtoms[Int(classStart)...].contains(atom) {
                        classAtoms.append(atom)
                    }
                }
            }
        }
        var element = Element(
            localName: name, namespace: namespace, attributes: attributes, parent: parent, isEmpty: isEmpty,
            nameAtom: names.atom(name), namespaceAtom: names.namespaceAtom(namespace), idAtom: id,
            classes: classStart..<Int32(classAtoms.count), attributeNames: attributeStart..<Int32(attributeAtoms.count))
        let index = elements.count
        element.previousSibling = lastChild[parent + 1]
        lastChild[parent + 1] = index
        childCount[parent + 1] += 1
        element.siblingIndex = childCount[parent + 1]
        let ofType = typeCounts[ParentAndName(parent: parent, name: name), default: 0] + 1
        typeCounts[ParentAndName(parent: parent, name: name)] = ofType
        element.typeIndex = ofType
        elements.append(element)
        lastChild.append(-1)
        childCount.append(0)
        return index
    }

    /// Counts each element's siblings, once every element is in.
    public mutating func finish() {
        for k in elements.indices {
            let parent = elements[k].parent
            elements[k].siblingCount = childCount[parent + 1]
            elements[k].typeCount = typeCounts[ParentAndName(parent: parent, name: elements[k].localName)] ?? 1
        }
        lastChild = []
        childCount = []
        typeCounts = [:]
    }

    /// Whether element `index` has the class `atom`.
    func hasClass(_ index: Int, _ atom: Int32) -> Bool {
        let range = elements[index].classes
        return classAtoms[Int(range.lowerBound)..<Int(range.upperBound)].contains(atom)
    }

    /// The value of element `index`'s attribute `name` in `namespace`.
    func attribute(_ index: Int, _ name: String, _ namespace: NamespaceConstraint) -> String? {
        for attribute in elements[index].attributes where attribute.name == name {
            if namespace.admits(attribute.namespace) { return attribute.value }
        }
        return nil
    }
}
