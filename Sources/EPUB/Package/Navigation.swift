/// An EPUB's table of contents and page list: the EPUB 3 navigation document's `toc` and
/// `page-list` navs (EPUB 3.3 §7.4), or else the EPUB 2 NCX's `navMap` and `pageList`.
struct Navigation {
    /// One entry of a contents or page list, in order; `level` 0 at the top.
    struct Entry: Equatable {
        let title: String
        let level: Int
        /// The document and fragment it leads to (nil for a heading without a link).
        let target: (path: String, fragment: String?)?

        static func == (a: Entry, b: Entry) -> Bool {
            a.title == b.title && a.level == b.level && a.target?.path == b.target?.path && a.target?.fragment == b.target?.fragment
        }
    }

    var contents: [Entry] = []
    var pageList: [Entry] = []
    var landmarks: [Entry] = []

    /// The deepest nesting read; deeper lists are passed over (a hostile book's 100,000 levels).
    static let deepestLevel = 16

    /// Reads the navigation document, else the NCX; a book with neither (or with one that
    /// cannot be read) has no contents, which is no reason to refuse it.
    init(package: PackageDocument, container: EPUBContainer) {
        if let path = package.navigationPath, let tree = try? XMLTree(bytes: container.data(at: path), htmlFallback: true) {
            readNavigationDocument(tree.root, path: path)
        }
        if contents.isEmpty, let path = package.ncxPath,
           let tree = try? XMLTree(bytes: container.data(at: path), htmlFallback: false) {
            readNCX(tree.root, path: path)
        }
    }

    private mutating func readNavigationDocument(_ root: XMLNode, path: String) {
        var stack: [(XMLNode, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            guard depth < 64 else { continue }
            if node.isElement("nav") {
                let types = (node.attribute("type", namespace: XMLNamespace.ops) ?? "").split(separator: " ")
                var list: [Entry] = []
                if let ol = node.child("ol") { readList(ol, level: 0, path: path, into: &list) }
                if types.contains("toc") && contents.isEmpty { contents = list }
                if types.contains("page-list") && pageList.isEmpty { pageList = list }
                if types.contains("landmarks") && landmarks.isEmpty { landmarks = list }
                continue
            }
            stack.append(contentsOf: node.elements.reversed().map { ($0, depth + 1) })
        }
    }

    /// An `ol` of `li`s, each an `a` (or a `span` heading) and perhaps an `ol` of its own.
    private func readList(_ ol: XMLNode, level: Int, path: String, into list: inout [Entry]) {
        guard level < Self.deepestLevel else { return }
        for li in ol.elements where li.isElement("li") {
            if let label = li.elements.first(where: { $0.isElement("a") || $0.isElement("span") }) {
                let target = label.attribute("href").flatMap { EPUBPath.resolve($0, from: path) }
                // A label that is a picture is named by its text (`alt`), as a screen reader names it.
                let title = label.textContent.isEmpty ? Self.pictureText(in: label) : label.textContent
                if !title.isEmpty { list.append(Entry(title: title, level: level, target: target)) }
            }
            if let inner = li.child("ol") { readList(inner, level: level + 1, path: path, into: &list) }
        }
    }

    private mutating func readNCX(_ root: XMLNode, path: String) {
        func points(_ parent: XMLNode, level: Int, into list: inout [Entry], element: StaticString) {
            guard level < Self.deepestLevel else { return }
            for point in parent.elements where point.isElement(element) {
                let title = point.child("navLabel")?.child("text")?.textContent ?? ""
                let target = point.child("content")?.attribute("src").flatMap { EPUBPath.resolve($0, from: path) }
                if !title.isEmpty { list.append(Entry(title: title, level: level, target: target)) }
                points(point, level: level + 1, into: &list, element: element)
            }
        }
        if let map = root.child("navMap") { points(map, level: 0, into: &contents, element: "navPoint") }
        if let pages = root.child("pageList") { points(pages, level: 0, into: &pageList, element: "pageTarget") }
    }

    /// The `alt` text of the first picture inside `node` (a contents entry that is an `img`),
    /// spaces collapsed; "" when there is none.
    static func pictureText(in node: XMLNode) -> String {
        let picture = node.firstDescendant { $0.isElement("img") && $0.attribute("alt") != nil }
        return picture?.attribute("alt")?.split(whereSeparator: \.isWhitespace).joined(separator: " ") ?? ""
    }
}
