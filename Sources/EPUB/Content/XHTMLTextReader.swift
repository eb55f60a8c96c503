@preconcurrency internal import Glibc
import Pagination

/// Writes an XHTML content document's body into a `DocumentBuilder`, set as HTML's rendering
/// section styles elements (WHATWG HTML §15.3): headings, paragraphs and the other block
/// elements each a block, `hr` a scene break, `pre` kept line by line, `br` a line break,
/// `em`, `i`, `cite`, `dfn` and `var` in italics, list items after their marker; what is not
/// shown (`head`, `script`, `style`, `[hidden]`) passed over.
///
/// The walk keeps its own stack, so a document nested 100,000 deep costs memory in proportion,
/// never the thread's stack.
struct XHTMLTextReader {
    /// Where each element with an `id` starts: a scalar offset of the book, by `path#id`.
    private(set) var anchors: [String: Int] = [:]

    private enum Step {
        case enter(XMLNode)
        case exit(XMLNode, wasItalic: Bool)
    }

    /// A list being written: `ol` numbers its items, `ul` marks them with a bullet.
    private struct ListState {
        let ordered: Bool
        var next: Int
    }

    /// Writes the body of the document `tree` (at `path`) into `builder`.
    mutating func read(_ tree: XMLTree, path: String, into builder: inout DocumentBuilder) {
        let body = tree.root.child("body") ?? tree.root
        var stack: [Step] = [.enter(body)]
        var italicDepth = 0
        var lists: [ListState] = []
        while let step = stack.popLast() {
            switch step {
            case .exit(let node, let wasItalic):
                if wasItalic { italicDepth -= 1 }
                if node.isElement("ol") || node.isElement("ul") { lists.removeLast() }
                if Self.isBlock(node) { builder.endBlock() }
            case .enter(let node):
                switch node.kind {
                case .text:
                    if let text = node.textPointer {
                        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
                        builder.append(utf8: UnsafeBufferPointer(start: bytes, count: strlen(text)), italic: italicDepth > 0)
                    }
                case .entityReference:
                    if let text = HTMLEntities.text(named: node.name) { builder.append(text, italic: italicDepth > 0) }
                case .other:
                    break
                case .element:
                    guard !Self.isHidden(node) else { continue }
                    if let id = node.attribute("id"), anchors["\(path)#\(id)"] == nil {
                        anchors["\(path)#\(id)"] = builder.scalarCount
                    }
                    if node.isElement("br") {
                        builder.lineBreak()
                        continue
                    }
                    if node.isElement("hr") {
                        builder.beginBlock(.sceneBreak)
                        builder.append("*\u{2003}*\u{2003}*")
                        builder.endBlock()
                        continue
                    }
                    if let role = Self.blockRole(node) { builder.beginBlock(role, unindented: node.isElement("li")) }
                    if node.isElement("ol") || node.isElement("ul") {
                        let start = node.attribute("start").flatMap { Int($0) } ?? 1
                        lists.append(ListState(ordered: node.isElement("ol"), next: start))
                    }
                    if node.isElement("li"), var list = lists.popLast() {
                        builder.append(list.ordered ? "\(list.next). " : "•\u{2002}")
                        list.next += 1
                        lists.append(list)
                    }
                    let italic = Self.isItalic(node)
                    if italic { italicDepth += 1 }
                    stack.append(.exit(node, wasItalic: italic))
                    for child in node.children.reversed() { stack.append(.enter(child)) }
                }
            }
        }
        builder.endBlock()
    }

    /// Elements whose content is not shown.
    private static let hiddenElements: Set<String> = [
        "head", "script", "style", "template", "title", "svg", "math", "img", "video", "audio", "object", "embed",
        "iframe", "canvas", "noscript", "map", "param", "source", "track", "input", "button", "select", "textarea",
    ]

    private static func isHidden(_ node: XMLNode) -> Bool {
        hiddenElements.contains(node.name) || node.attribute("hidden") != nil
    }

    /// Elements HTML's user-agent style sheet sets `display: block` (or `list-item`, and the
    /// table's parts, taken as blocks until tables are laid out as tables).
    private static let blockElements: Set<String> = [
        "html", "body", "p", "div", "section", "article", "aside", "header", "footer", "main", "nav", "blockquote",
        "figure", "figcaption", "address", "li", "ol", "ul", "dl", "dd", "dt", "table", "caption", "tr", "td", "th",
        "thead", "tbody", "tfoot", "hgroup", "details", "summary", "center", "h1", "h2", "h3", "h4", "h5", "h6",
        "pre", "legend", "fieldset", "menu", "dialog", "search",
    ]

    private static func isBlock(_ node: XMLNode) -> Bool { blockElements.contains(node.name) }

    private static func blockRole(_ node: XMLNode) -> DocumentStructure.Role? {
        let name = node.name
        guard blockElements.contains(name) else { return nil }
        if name.count == 2, name.first == "h", let level = name.last?.wholeNumberValue, (1...6).contains(level) {
            return .heading
        }
        return name == "pre" ? .preformatted : .paragraph
    }

    private static let italicElements: Set<String> = ["em", "i", "cite", "dfn", "var"]

    private static func isItalic(_ node: XMLNode) -> Bool { italicElements.contains(node.name) }
}
