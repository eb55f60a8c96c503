/// The cascade (CSS Cascade 4 §6): an element's declarations from the user-agent sheet, the
/// book's sheets and its `style` attribute, sorted by origin and importance, then specificity,
/// then order, and applied so that the last wins; inherited properties from the parent.
///
/// Rules are indexed by the id, class, type or attribute of their selectors' rightmost
/// compound, as browsers index them, so an element is matched only against rules that could
/// apply; selectors are compiled to tests on atoms (`SelectorProgram`), and the elements to be
/// styled are given in a tree made for the cascade (`elementTree()`), their names as the same
/// atoms.
public struct Cascade: Sendable {
    /// A selector of a rule, where matching finds it: plain numbers, copied for free.
    private struct Entry: Sendable {
        let selector: Int32
        let pseudoElement: PseudoElement?
        let specificity: Int
        let rule: Int
        let author: Bool
    }

    /// Where an entry is looked for: by an atom of its rightmost compound, or in `others`.
    private enum Key: Int {
        case id, className, type, attribute
    }

    private var rules: [StyleSheet.Rule] = []
    /// Whether each rule's declarations are `!important`, all rules' back to back: rule r's
    /// are `important[declarationStart[r]..<declarationStart[r + 1]]` (read in the hot loop
    /// without touching the rules).
    private var important: [Bool] = []
    private var declarationStart: [Int] = [0]
    private var program = SelectorProgram()
    private var entries: [Entry] = []
    /// The entries whose rightmost compound names an atom, at `atom * 4 + key`.
    private var buckets: [[Int32]] = []
    private var others: [Int32] = []
    /// The pseudo-elements some selector names: an element's `::before` is looked for only when
    /// a rule could give it one.
    public private(set) var pseudoElements: Set<PseudoElement> = []

    /// The cascade of the user-agent sheet and the book's sheets, in document order.
    public init(userAgent: StyleSheet, author: [StyleSheet]) {
        var keyed: [(index: Int, number: Int32)] = []
        for (sheet, isAuthor) in [(userAgent, false)] + author.map({ ($0, true) }) {
            for rule in sheet.rules {
                let index = rules.count
                rules.append(rule)
                important += rule.declarations.map(\.important)
                declarationStart.append(important.count)
                for selector in rule.selectors {
                    let number = Int32(entries.count)
                    entries.append(Entry(selector: program.compile(selector), pseudoElement: selector.pseudoElement,
                                         specificity: selector.specificity, rule: index, author: isAuthor))
                    if let pseudo = selector.pseudoElement { pseudoElements.insert(pseudo) }
                    if let bucket = bucket(of: selector) { keyed.append((bucket, number)) } else { others.append(number) }
                }
            }
        }
        buckets = Array(repeating: [], count: program.names.count * 4)
        for (bucket, number) in keyed { buckets[bucket].append(number) }
    }

    /// The bucket of `selector`: its rightmost compound's id, else a class, else its type, else
    /// an attribute's name (books' `[epub|type~="…"]`); nil for none of them.
    private func bucket(of selector: Selector) -> Int? {
        let simple = selector.compounds.last?.simple ?? []
        func at(_ name: String, _ key: Key) -> Int { Int(program.names.atom(name)) * 4 + key.rawValue }
        for s in simple { if case .id(let id) = s { return at(id, .id) } }
        for s in simple { if case .className(let name) = s { return at(name, .className) } }
        for s in simple { if case .type(let name, _) = s { return at(name, .type) } }
        for s in simple { if case .attribute(let name, _, _, _) = s { return at(name, .attribute) } }
        return nil
    }

    /// An empty tree of elements for this cascade to style: its names are the cascade's atoms.
    public func elementTree() -> ElementTree { ElementTree(names: program.names) }

    /// A matched declaration: its band (0 user agent, 1 author, 2 the style attribute, 3 author
    /// `!important`, 4 user agent `!important`), specificity, order, and where it is.
    struct Matched {
        let band: Int
        let specificity: Int
        let order: Int
        /// The rule and the declaration in it, or -1 and the `style` attribute's declaration.
        let rule: Int
        let declaration: Int

        /// The declaration's place as one number (for `StyleResolver`'s key).
        var key: Int { rule < 0 ? -1 - declaration : rule << 20 | declaration }
    }

    /// The computed style of element `index` of `tree` whose parent's is `parent` (nil at the
    /// root), with the declarations of its `style` attribute; for `pseudo`, the style of that
    /// pseudo-element of it (`parent` then being the element's own style).
    public func style(of index: Int, in tree: ElementTree, parent: ComputedStyle?, styleAttribute: [CSSDeclaration] = [],
                      pseudo: PseudoElement? = nil) -> ComputedStyle {
        let matched = self.matched(index, in: tree, styleAttribute: styleAttribute, pseudo: pseudo)
        return computed(matched, styleAttribute: styleAttribute, parent: parent)
    }

    /// The declarations that apply to element `index`, in cascade order (the last wins).
    func matched(_ index: Int, in tree: ElementTree, styleAttribute: [CSSDeclaration], pseudo: PseudoElement?) -> [Matched] {
        var matched: [Matched] = []
        var order = 0
        func consider(_ list: [Int32]) {
            for number in list {
                let entry = entries[Int(number)]
                guard entry.pseudoElement == pseudo, program.matches(entry.selector, tree, index) else { continue }
                let first = declarationStart[entry.rule]
                for k in first..<declarationStart[entry.rule + 1] {
                    let band = important[k] ? (entry.author ? 3 : 4) : (entry.author ? 1 : 0)
                    matched.append(Matched(band: band, specificity: entry.specificity, order: entry.rule << 12 | min(order, 4095),
                                           rule: entry.rule, declaration: k - first))
                    order += 1
                }
            }
        }
        func consider(_ atom: Int32, _ key: Key) {
            if atom >= 0 { consider(buckets[Int(atom) * 4 + key.rawValue]) }
        }
        consider(tree.elements[index].idAtom, .id)
        for k in tree.elements[index].classes { consider(tree.classAtoms[Int(k)], .className) }
        consider(tree.elements[index].nameAtom, .type)
        for k in tree.elements[index].attributeNames { consider(tree.attributeAtoms[Int(k)], .attribute) }
        consider(others)
        if pseudo == nil {
            for k in styleAttribute.indices {
                matched.append(Matched(band: styleAttribute[k].important ? 3 : 2, specificity: Int.max, order: Int.max,
                                       rule: -1, declaration: k))
            }
        }
        matched.sort { ($0.band, $0.specificity, $0.order) < ($1.band, $1.specificity, $1.order) }
        return matched
    }

    /// The computed style from `matched` declarations over `parent`'s.
    func computed(_ matched: [Matched], styleAttribute: [CSSDeclaration], parent: ComputedStyle?) -> ComputedStyle {
        let base = parent ?? ComputedStyle()
        var style = parent?.inherited() ?? ComputedStyle()
        func declaration(_ m: Matched) -> CSSDeclaration {
            m.rule < 0 ? styleAttribute[m.declaration] : rules[m.rule].declarations[m.declaration]
        }
        for m in matched {
            let d = declaration(m)
            if d.name == "font-size" {
                style.applyFontSize(d.value, parent: base)
            } else if d.name == "font", let size = ComputedStyle.fontShorthand(d.value.filter { !$0.isWhitespace })?.size {
                style.applyFontSize([size], parent: base)
            }
        }
        for m in matched {
            let d = declaration(m)
            if d.name != "font-size" { style.apply(d, parent: base) }
        }
        return style
    }
}
