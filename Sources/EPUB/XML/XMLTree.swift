import CXML
@preconcurrency internal import Glibc
import CSS

/// A parsed XML (or, recovered, HTML) document: libxml2's tree, freed with this value.
///
/// Parsed without network, external DTDs or entity substitution from outside (see
/// `xml_reader.h`); a document that is not well-formed is refused, or with `htmlFallback`
/// parsed again by libxml2's HTML parser, which recovers as browsers do.
final class XMLTree {
    private let document: OpaquePointer
    /// The root element.
    let root: XMLNode
    /// Whether the document was not well-formed XML: read by the HTML parser, or kept as libxml2
    /// recovered it from a namespace error.
    let recovered: Bool
    /// Why it was not well-formed (the XML parser's first error, one line), when `recovered`.
    let recoveryReason: String?

    /// Parses `bytes`; throws the parser's first error (one line) when there is no tree.
    init(bytes: [UInt8], htmlFallback: Bool) throws(EPUBError) {
        guard bytes.count < Int(Int32.max) else { throw .malformed("a document larger than 2 GiB") }
        var message = [CChar](repeating: 0, count: 256)
        var recovered: Int32 = 0
        let parsed = bytes.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { chars in
                pt_xml_parse(chars.baseAddress, Int32(raw.count), htmlFallback ? 1 : 0, &recovered, &message, message.count)
            }
        }
        guard let parsed else {
            throw .malformed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        guard let root = pt_xml_root(parsed) else {
            pt_xml_free(parsed)
            throw .malformed("no root element")
        }
        self.document = parsed
        self.root = XMLNode(pointer: root)
        self.recovered = recovered != 0
        recoveryReason = recovered != 0
            ? String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    deinit { pt_xml_free(document) }
}

/// A node of an `XMLTree` (valid while its tree is).
struct XMLNode {
    let pointer: OpaquePointer

    enum Kind { case element, text, entityReference, other }

    var kind: Kind {
        switch pt_xml_kind(pointer) {
        case 1: .element
        case 3, 4: .text
        case 5: .entityReference
        default: .other
        }
    }

    /// An element's local name, or an entity reference's name.
    var name: String { String(cString: pt_xml_name(pointer)) }
    /// Whether the node is an element named `name` (compared without making a string).
    func isElement(_ name: StaticString) -> Bool {
        pt_xml_kind(pointer) == 1 && strcmp(pt_xml_name(pointer), name.utf8Start) == 0
    }
    /// An element's namespace URI.
    var namespace: String? { namespacePointer.map { String(cString: $0) } }
    /// An element's namespace URI as libxml2 keeps it: one pointer for every element of a
    /// namespace declaration.
    var namespacePointer: UnsafePointer<CChar>? { pt_xml_namespace(pointer) }
    /// A text node's characters, as a pointer to NUL-terminated UTF-8 (valid with the tree).
    var textPointer: UnsafePointer<CChar>? { pt_xml_text(pointer) }
    /// A text node's characters.
    var text: String? { textPointer.map { String(cString: $0) } }

    /// The node's children, in order.
    var children: Children { Children(first: pt_xml_first_child(pointer)) }

    /// The element children, in order.
    var elements: [XMLNode] { children.filter { $0.kind == .element } }

    /// The first child element named `name`.
    func child(_ name: StaticString) -> XMLNode? { children.first { $0.isElement(name) } }

    /// The first element below this one, level by level, that `matches`, within `levels`
    /// levels and 64 elements a level (a picture inside a link or an SVG group: never a walk
    /// of a whole crafted tree).
    func firstDescendant(within levels: Int = 4, where matches: (XMLNode) -> Bool) -> XMLNode? {
        var level = [self]
        for _ in 0..<levels {
            var next: [XMLNode] = []
            for element in level.flatMap(\.elements) {
                if matches(element) { return element }
                next.append(element)
            }
            level = Array(next.prefix(64))
        }
        return nil
    }

    /// The attribute named `name` (in no namespace, or in `namespace`), if present.
    func attribute(_ name: String, namespace: String? = nil) -> String? {
        var attribute = pt_xml_first_attribute(pointer)
        guard attribute != nil else { return nil }
        // Compared as C strings: most elements are asked for attributes they do not have.
        return name.withCString { wanted in
            while let a = attribute {
                if strcmp(pt_xml_attribute_name(a), wanted) == 0 {
                    let ns = pt_xml_attribute_namespace(a)
                    let same = switch (ns, namespace) {
                    case (nil, nil): true
                    case (let ns?, let namespace?): namespace.withCString { strcmp(ns, $0) == 0 }
                    default: false
                    }
                    if same { return pt_xml_attribute_value(a).map { String(cString: $0) } }
                }
                attribute = pt_xml_next_attribute(a)
            }
            return nil
        }
    }

    /// Every attribute of an element: its name, namespace URI and value.
    var attributes: [ElementTree.Attribute] {
        var list: [ElementTree.Attribute] = []
        var attribute = pt_xml_first_attribute(pointer)
        while let a = attribute {
            list.append(ElementTree.Attribute(
                name: String(cString: pt_xml_attribute_name(a)), namespace: pt_xml_attribute_namespace(a).map { String(cString: $0) },
                value: pt_xml_attribute_value(a).map { String(cString: $0) } ?? ""))
            attribute = pt_xml_next_attribute(a)
        }
        return list
    }

    /// The language an element sets (`xml:lang`, else `lang`), if it sets one.
    var language: String? {
        pt_xml_language(pointer).map { String(cString: $0) }
    }

    /// All the text under the node, white space collapsed and trimmed (for titles).
    var textContent: String {
        var parts: [String] = []
        var stack: [XMLNode] = [self]
        // Depth first, in document order: children pushed in reverse.
        while let node = stack.popLast() {
            switch node.kind {
            case .text: if let t = node.text { parts.append(t) }
            case .element: stack.append(contentsOf: node.children.reversed())
            case .entityReference: parts.append(HTMLEntities.text(named: node.name) ?? "")
            case .other: break
            }
            if parts.count > 10_000 { break }
        }
        return parts.joined().split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .joined(separator: " ")
    }

    /// A node's children as a sequence.
    struct Children: Sequence, IteratorProtocol {
        var first: OpaquePointer?

        mutating func next() -> XMLNode? {
            guard let node = first else { return nil }
            first = pt_xml_next(node)
            return XMLNode(pointer: node)
        }
    }
}

/// The namespaces EPUB documents use.
enum XMLNamespace {
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let xhtml = "http://www.w3.org/1999/xhtml"
    static let ops = "http://www.idpf.org/2007/ops"
    static let opf = "http://www.idpf.org/2007/opf"
    static let dc = "http://purl.org/dc/elements/1.1/"
    static let container = "urn:oasis:names:tc:opendocument:xmlns:container"
    static let ncx = "http://www.daisy.org/z3986/2005/ncx/"
    static let xlink = "http://www.w3.org/1999/xlink"
}
