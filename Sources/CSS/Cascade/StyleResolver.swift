/// One document's computed styles, shared between elements the cascade gives the same
/// declarations under the same parent style (style sharing, as browser engines do): most
/// paragraphs of a book are styled alike, and each such style is computed once. Styles are
/// named by their place in `styles`.
public struct StyleResolver {
    public let cascade: Cascade
    /// Every style computed so far.
    public private(set) var styles: [ComputedStyle] = []
    private var known: [Key: Int] = [:]

    private struct Key: Hashable {
        let parent: Int
        let declarations: [Int]
        /// The `style` attribute's text (its declarations are the element's own).
        let attribute: String
        let pseudo: PseudoElement?
    }

    public init(cascade: Cascade) { self.cascade = cascade }

    /// The style of element `index` of `tree` (or its `pseudo`-element) whose parent's style
    /// is `parent` (nil at the root); `attribute` is its `style` attribute's text.
    public mutating func style(of index: Int, in tree: ElementTree, parent: Int?, attribute: String? = nil,
                               pseudo: PseudoElement? = nil) -> Int {
        let declarations = attribute.map { CSSParser.declarations(of: $0) } ?? []
        let matched = cascade.matched(index, in: tree, styleAttribute: declarations, pseudo: pseudo)
        let key = Key(parent: parent ?? -1, declarations: matched.map(\.key), attribute: attribute ?? "", pseudo: pseudo)
        if let id = known[key] { return id }
        let style = cascade.computed(matched, styleAttribute: declarations, parent: parent.map { styles[$0] })
        styles.append(style)
        known[key] = styles.count - 1
        return styles.count - 1
    }

    public subscript(id: Int) -> ComputedStyle { styles[id] }
}
