/// The cascade (CSS Cascade 4 §6): an element's declarations from the user-agent sheet, the
/// book's sheets and its `style` attribute, sorted by origin and importance, then specificity,
/// then order, and applied so that the last wins; inherited properties from the parent.
///
/// Rules are indexed by the id, class or type of their selectors' rightmost compound, as
/// browsers index them, so an element is matched only against rules that could apply.
public struct Cascade: Sendable {
    private struct Entry: Sendable {
        let selector: Selector
        let rule: Int
        /// Origin and importance band, then specificity, then order (CSS Cascade 4 §6.1).
        let author: Bool
    }

    private var rules: [StyleSheet.Rule] = []
    private var byID: [String: [Entry]] = [:]
    private var byClass: [String: [Entry]] = [:]
    private var byType: [String: [Entry]] = [:]
    private var others: [Entry] = []
    /// The pseudo-elements some selector names: an element's `::before` is looked for only when
    /// a rule could give it one.
    public private(set) var pseudoElements: Set<PseudoElement> = []

    /// The cascade of the user-agent sheet and the book's sheets, in document order.
    public init(userAgent: StyleSheet, author: [StyleSheet]) {
        for (sheet, isAuthor) in [(userAgent, false)] + author.map({ ($0, true) }) {
            for rule in sheet.rules {
                let index = rules.count
                rules.append(rule)
                for selector in rule.selectors { add(Entry(selector: selector, rule: index, author: isAuthor)) }
            }
        }
    }

    private mutating func add(_ entry: Entry) {
        if let pseudo = entry.selector.pseudoElement { pseudoElements.insert(pseudo) }
        let key = entry.selector.compounds.last?.simple ?? []
        for simple in key {
            if case .id(let id) = simple { byID[id, default: []].append(entry); return }
        }
        for simple in key {
            if case .className(let name) = simple { byClass[name, default: []].append(entry); return }
        }
        for simple in key {
            if case .type(let name, _) = simple { byType[name, default: []].append(entry); return }
        }
        others.append(entry)
    }

    /// The computed style of `element` whose parent's is `parent` (nil at the root), with the
    /// declarations of its `style` attribute; for `pseudo`, the style of that pseudo-element
    /// of it (`parent` then being the element's own style).
    public func style<E: SelectorElement>(of element: E, parent: ComputedStyle?, styleAttribute: [CSSDeclaration] = [],
                                           pseudo: PseudoElement? = nil) -> ComputedStyle {
        var candidates: [Entry] = []
        if let id = element.id, let list = byID[id] { candidates += list }
        for name in element.classNames { if let list = byClass[name] { candidates += list } }
        if let list = byType[element.localName] { candidates += list }
        candidates += others

        // (band, specificity, order, declaration): band 0 user agent, 1 author, 2 the style
        // attribute, 3 author !important, 4 user agent !important.
        var matched: [(band: Int, specificity: Int, order: Int, declaration: CSSDeclaration)] = []
        var order = 0
        for entry in candidates where entry.selector.pseudoElement == pseudo && entry.selector.matches(element) {
            for declaration in rules[entry.rule].declarations {
                let band = declaration.important ? (entry.author ? 3 : 4) : (entry.author ? 1 : 0)
                matched.append((band, entry.selector.specificity, entry.rule << 12 | min(order, 4095), declaration))
                order += 1
            }
        }
        if pseudo == nil {
            for declaration in styleAttribute {
                matched.append((declaration.important ? 3 : 2, Int.max, Int.max, declaration))
            }
        }
        matched.sort { ($0.band, $0.specificity, $0.order) < ($1.band, $1.specificity, $1.order) }

        let base = parent ?? ComputedStyle()
        var style = parent?.inherited() ?? ComputedStyle()
        for m in matched where m.declaration.name == "font-size" { style.applyFontSize(m.declaration, parent: base) }
        for m in matched where m.declaration.name != "font-size" { style.apply(m.declaration, parent: base) }
        return style
    }
}
