import CSS
import Pagination

/// How an element's computed style becomes the document model's values: a block's alignment
/// and last line, its role, whether it is a thematic break, a list's first number, the text
/// `text-transform` makes, a length in root ems, a block's space above.
extension XHTMLTextReader {
    static func alignment(_ align: ComputedStyle.TextAlign, rightToLeft: Bool) -> DocumentStructure.Style.Alignment {
        switch align {
        case .center: .centered
        case .end: .end
        case .right: rightToLeft ? .justified : .end
        case .left: rightToLeft ? .end : .justified
        case .start, .justify: .justified
        }
    }

    static func lastLine(_ align: ComputedStyle.TextAlign, rightToLeft: Bool) -> DocumentStructure.Style.LastLine {
        switch align {
        case .center: .centered
        case .justify: .justified
        case .start: .start
        case .end: .end
        case .left: rightToLeft ? .end : .start
        case .right: rightToLeft ? .start : .end
        }
    }

    static func role(of name: String, style: ComputedStyle) -> DocumentStructure.Role {
        if name.count == 2, name.first == "h", let level = name.last?.wholeNumberValue, (1...6).contains(level) { return .heading }
        return style.whiteSpace == .pre || style.whiteSpace == .preWrap ? .preformatted : .paragraph
    }

    /// A thematic break: `hr`, or an empty block that draws only a border.
    static func isRule(_ name: String, node: XMLNode, style: ComputedStyle) -> Bool {
        name == "hr" || (["div", "p", "section"].contains(name) && (style.borderTop || style.borderBottom)
            && node.children.allSatisfy { $0.kind == .other || ($0.kind == .text && ($0.text ?? "").allSatisfy(\.isWhitespace)) })
    }

    /// An `ol`'s `start`, for its items' numbers.
    static func listStart(_ node: XMLNode) -> Int {
        node.isElement("ol") ? node.attribute("start").flatMap { Int($0) }.map { max(-1_000_000, min(1_000_000, $0)) } ?? 1 : 1
    }

    static func transformed(_ text: String, _ transform: ComputedStyle.TextTransform) -> String {
        switch transform {
        case .none: text
        case .uppercase: text.uppercased()
        case .lowercase: text.lowercased()
        case .capitalize: text.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        case .fullWidth:
            // CSS Text 3 §2.1.1: the ASCII characters in their fullwidth forms (U+FF01–FF5E),
            // the space as U+3000 IDEOGRAPHIC SPACE, to sit in CJK text's grid.
            String(String.UnicodeScalarView(text.unicodeScalars.map { c in
                switch c.value {
                case 0x21...0x7E: Unicode.Scalar(c.value + 0xFEE0)!
                case 0x20: Unicode.Scalar(0x3000)!
                default: c
                }
            }))
        }
    }

    /// A length in root ems (a percentage of a measure of `percentBase` ems).
    static func ems(_ length: CSSLength) -> Double {
        switch length {
        case .em(let n): n
        case .percent(let p): p / 100 * percentBase
        }
    }

    /// `style` with a line's space above when the collapsed margins come to half an em or more.
    static func spaced(_ style: DocumentStructure.Style, _ margin: Double) -> DocumentStructure.Style {
        var spaced = style
        spaced.spaceBefore = margin >= 0.5
        return spaced
    }

    static func centred(_ style: DocumentStructure.Style) -> DocumentStructure.Style {
        var centred = style
        centred.alignment = .centered
        centred.indent = 0
        return centred
    }

    /// Where a link leads: a place in the book as `path#fragment` (resolved against the
    /// document holding it), or an external URL as written.
    static func link(_ href: String, from path: String) -> String {
        if EPUBPath.isExternal(href) { return href }
        guard let target = EPUBPath.resolve(href, from: path) else { return href }
        return target.path + (target.fragment.map { "#" + $0 } ?? "")
    }

    /// How many lines a block's `::first-letter` styled `letter` sinks into as a drop cap
    /// (`block` is the block's own style): its `initial-letter` size, or for a letter floated
    /// and set at least half again as large, its size in lines of about 1.4 of the block's
    /// ems, 2 to 5; nil when it is no drop cap.
    static func dropCapLines(_ letter: ComputedStyle, block: ComputedStyle) -> Int? {
        if let lines = letter.initialLetter { return lines >= 2 ? lines : nil }
        let ratio = letter.fontSize / max(block.fontSize, 0.01)
        guard letter.float != .none, ratio >= 1.5, ratio.isFinite else { return nil }
        return min(5, max(2, Int((ratio / 1.4).rounded())))
    }

    /// The index of `tag` in `languages` (added the first time), or -1 for none.
    mutating func languageIndex(_ tag: String?) -> Int32 {
        guard let tag else { return -1 }
        if let known = languages.firstIndex(of: tag) { return Int32(known) }
        guard languages.count < 64 else { return -1 }
        languages.append(tag)
        return Int32(languages.count - 1)
    }

    /// The tag at `index` in `languages`.
    func language(_ index: Int32) -> String? {
        index >= 0 && Int(index) < languages.count ? languages[Int(index)] : nil
    }
}
