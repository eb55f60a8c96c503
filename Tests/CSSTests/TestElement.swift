@testable import CSS

/// A small element tree for the tests, built from nested calls:
/// `TestElement("body", [TestElement("p", classes: ["first"])])`. A child holds its parent
/// weakly: a test keeps the root alive while it matches.
final class TestElement: SelectorElement {
    let localName: String
    let namespaceURI: String?
    let id: String?
    let classNames: [String]
    let attributes: [String: String]
    private(set) var children: [TestElement] = []
    private(set) weak var parent: TestElement?

    init(_ name: String, id: String? = nil, classes: [String] = [], attributes: [String: String] = [:],
         namespace: String? = "http://www.w3.org/1999/xhtml", _ children: [TestElement] = []) {
        localName = name
        self.id = id
        classNames = classes
        self.attributes = attributes
        namespaceURI = namespace
        self.children = children
        for child in children { child.parent = self }
    }

    func hasClass(_ name: String) -> Bool { classNames.contains(name) }

    /// Attributes in a namespace are written `uri|name` in `attributes`.
    func attribute(_ name: String, namespace: NamespaceConstraint) -> String? {
        switch namespace {
        case .none: attributes[name]
        case .uri(let uri): attributes["\(uri)|\(name)"]
        case .any: attributes[name] ?? attributes.first { $0.key.hasSuffix("|" + name) }?.value
        }
    }

    var parentElement: TestElement? { parent }
    var previousSiblingElement: TestElement? {
        guard let parent, let k = parent.children.firstIndex(where: { $0 === self }), k > 0 else { return nil }
        return parent.children[k - 1]
    }
    var siblingIndex: Int { (parent?.children.firstIndex { $0 === self } ?? 0) + 1 }
    var siblingCount: Int { parent?.children.count ?? 1 }
    private var ofType: [TestElement] { parent?.children.filter { $0.localName == localName } ?? [self] }
    var typeIndex: Int { (ofType.firstIndex { $0 === self } ?? 0) + 1 }
    var typeCount: Int { ofType.count }
    var isEmpty: Bool { children.isEmpty }
}
