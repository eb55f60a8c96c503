/// The cascade (CSS Cascade 4 §6): an element's declarations from the user-agent sheet, the
/// book's sheets and its `style` attribute, sorted by origin and importance, then specificity,
/// then order, and applied so that the last wins; inherited properties from the parent.
///
/// Rules are indexed by the id, class or type of their selectors' rightmost compound, as
/// browsers index them, so an element is matched only against rules that could apply. The
/// index holds numbers into one flat list of selectors, so that finding an element's
/// candidates copies no selector.
public struct Cascade: Sendable {
    private struct Entry: Sendable {
        let selector: Selector
        let specificity: Int
        let rule: Int
        let author: Bool
    }

    private var rules: [StyleSheet.Rule] = []
    /// Whether each rule's declarations are `!important`, all rules' back to back: rule r's
    /// are `important[declarationStart[r]..<declarationStart[r + 1]]` (read in the hot loop
    /// without touching the rules).
    private var important: [Bool] = []
    private var declarationStart: [Int] = [0]
    private var entries: [Entry] = []
    private var byID: [String: [Int32]] = [:]
    private var byClass: [String: [Int32]] = [:]
    private var byType: [String: [Int32]] = [:]
    /// Selectors whose rightmost compound names no id, class or type but an attribute (books'
    /// `[epub|type~="…"]`), by the attribute's name: looked at only for elements that have it.
    private var byAttribute: [String: [Int32]] = [:]
    private var others: [Int32] = []
    /// The pseudo-elements some selector names: an element's `::before` is looked for only when
    /// a rule could give it one.
    public private(set) var pseudoElements: Set<PseudoElement> = []

    /// The cascade of the user-agent sheet and the book's sheets, in document order.
    public init(userAgent: StyleSheet, author: [StyleSheet]) {
        for (sheet, isAuthor) in [(userAgent, false)] + author.map({ ($0, true) }) {
            for rule in sheet.rules {
                let index = rules.count
                rules.append(rule)
                important += rule.declarations.map(\.important)
                declarationStart.append(important.count)
                for selector in rule.selectors {
                    add(Entry(selector: selector, specificity: selector.specificity, rule: index, author: isAuthor))
                }
            }
        }
    }

    private mutating func add(_ entry: Entry) {
        let number = Int32(entries.count)
        entries.append(entry)
        if let pseudo = entry.selector.pseudoElement { pseudoElements.insert(pseudo) }
        let key = entry.selector.compounds.last?.simple ?? []
        for simple in key {
            if case .id(let id) = simple { byID[id, default: []].append(number); return }
        }
        for simple in key {
            if case .className(let name) = simple { byClass[name, default: []].append(number); return }
        }
        for simple in key {
            if case .type(let name, _) = simple { byType[name, default: []].append(number); return }
        }
        for simple in key {
            if case .attribute(let name, _, _, _) = simple { byAttribute[name, default: []].append(number); return }
        }
        others.append(number)
    }

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
                guard entry.selector.pseudoElement == pseudo, entry.selector.matches(tree, index) else { continue }
                let first = declarationStart[entry.rule]
                for k in first..<declarationStart[entry.rule + 1] {
                    let band = important[k] ? (entry.author ? 3 : 4) : (entry.author ? 1 : 0)
                    matched.append(Matched(band: band, specificity: entry.specificity, order: entry.rule << 12 | min(order, 4095),
                                           rule: entry.rule, declaration: k - first))
                    order += 1
                }
            }
        }
        if let id = tree.elements[index].id, let list = byID[id] { consider(list) }
        for name in tree.elements[index].classes { if let list = byClass[name] { consider(list) } }
        if let list = byType[tree.elements[index].localName] { consider(list) }
        for attribute in tree.elements[index].attributes { if let list = byAttribute[attribute.name] { consider(list) } }
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
