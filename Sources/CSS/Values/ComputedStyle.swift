/// An element's computed style (CSS Cascade 4 §4.4) for the properties a reflowable book's
/// text needs: what the EPUB reader turns into blocks and runs. Lengths are in root ems
/// (`CSSLength`), so the reader's font size scales the book's sizes.
public struct ComputedStyle: Equatable, Sendable {
    public enum Display: Sendable { case inline, block, listItem, none }
    public enum TextAlign: Sendable { case start, end, left, right, center, justify }
    public enum VerticalAlign: Sendable { case baseline, superscript, `subscript` }
    public enum TextTransform: Sendable { case none, uppercase, lowercase, capitalize, fullWidth }
    public enum WhiteSpace: Sendable { case normal, pre, preWrap, preLine, nowrap }
    public enum Hyphens: Sendable { case auto, manual, none }
    /// CSS Text 3 §5.2 `word-break` (and EPUB's `-epub-word-break`): `keepAll` breaks no
    /// word, `breakAll` lets a line end between any two letters.
    public enum WordBreak: Sendable { case normal, keepAll, breakAll }
    public enum Break: Sendable { case auto, page, avoid }
    public enum ListStyle: Sendable { case disc, circle, square, decimal, lowerAlpha, upperAlpha, lowerRoman, upperRoman, none }
    public enum Direction: Sendable { case ltr, rtl }
    /// The part of a table a box is (CSS 2.1 §17.2's `display` values), or `none`.
    public enum TablePart: Sendable { case none, table, rowGroup, row, cell, caption }
    /// Which side of its line a floated box goes to (CSS 2 §9.5.1); `none` keeps it in the flow.
    public enum FloatSide: Sendable { case none, left, right }

    /// The four sides of a margin or a padding.
    public struct Edges: Equatable, Sendable {
        public var top = CSSLength.zero, right = CSSLength.zero, bottom = CSSLength.zero, left = CSSLength.zero
    }

    // Not inherited.
    public var display = Display.inline
    /// The table part its `display` makes it (its `display` is then `block`).
    public var tablePart = TablePart.none
    public var margin = Edges()
    public var padding = Edges()
    public var verticalAlign = VerticalAlign.baseline
    public var breakBefore = Break.auto
    public var breakAfter = Break.auto
    public var avoidsBreakInside = false
    /// `float`: an inline element floated to a side of its line (a poem's line numbers).
    public var float = FloatSide.none
    /// `initial-letter`'s size in lines (a `::first-letter` set as a drop cap), or nil: `normal`.
    public var initialLetter: Int?
    /// A border drawn above or below the block (`border-top`, `border-bottom`, `border`).
    public var borderTop = false
    public var borderBottom = false
    /// A `::before` or `::after`'s `content` strings (nil: `normal`, nothing generated);
    /// `open-quote` and `close-quote` are `openQuote` and `closeQuote`, which the format's
    /// reader replaces with the quotation marks of the element's language and depth.
    public var content: [String]?
    /// `content: open-quote` and `close-quote` (CSS Generated Content 3 §2.3): noncharacters,
    /// never a book's text.
    public static let openQuote = String(Unicode.Scalar(UInt32(0xFDD0))!)
    public static let closeQuote = String(Unicode.Scalar(UInt32(0xFDD1))!)
    /// `width`, `height` and their maximums (a picture's size).
    public var size = BoxSize()

    // Inherited.
    public var italic = false
    /// 100 to 900.
    public var weight = 400
    public var smallCaps = false
    /// In root ems.
    public var fontSize = 1.0
    public var fontFamilies: [String] = [] { didSet { isMonospace = Self.isMonospaced(fontFamilies) } }
    /// Whether the text is set in a monospaced face (`isMonospaced(_:)` of its families).
    public private(set) var isMonospace = false
    public var textAlign = TextAlign.start
    public var textAlignLast: TextAlign?
    public var textIndent = CSSLength.zero
    public var textTransform = TextTransform.none
    /// `letter-spacing`, in root ems (0: `normal`), within `letterSpacings`.
    public var letterSpacing = 0.0
    public var whiteSpace = WhiteSpace.normal
    public var hyphens = Hyphens.manual
    public var wordBreak = WordBreak.normal
    public var listStyle = ListStyle.disc
    public var direction: Direction?
    /// `text-decoration: underline` or a color other than black: shown as emphasis.
    public var emphasized = false

    public init() {}

    /// The style an element's child starts from: the inherited properties kept, the others at
    /// their initial values.
    public func inherited() -> ComputedStyle {
        var child = ComputedStyle()
        child.italic = italic
        child.weight = weight
        child.smallCaps = smallCaps
        child.fontSize = fontSize
        child.fontFamilies = fontFamilies
        child.textAlign = textAlign
        child.textAlignLast = textAlignLast
        child.textIndent = textIndent
        child.textTransform = textTransform
        child.letterSpacing = letterSpacing
        child.whiteSpace = whiteSpace
        child.hyphens = hyphens
        child.wordBreak = wordBreak
        child.listStyle = listStyle
        child.direction = direction
        child.emphasized = emphasized
        return child
    }

    /// The letter spacings a book may set, in root ems: a crafted `letter-spacing: 1e9em` stops
    /// at an em, a negative one at a quarter of an em.
    public static let letterSpacings: ClosedRange<Double> = -0.25...1

    /// Whether `families` (a `font-family` list) asks for a monospaced face: the first of them
    /// the reader can place is `monospace` (or `ui-monospace`) or a monospaced family books
    /// name (Courier, Consolas…); a serif or sans-serif one is the reader's text face, whose
    /// setting rules the book's faces.
    public static func isMonospaced(_ families: [String]) -> Bool {
        for family in families {
            let name = family.lowercased()
            if monospacedFamilies.contains(name) { return true }
            if otherGenericFamilies.contains(name) { return false }
        }
        return false
    }

    /// Whether `name` (in lower case) is one of CSS's generic families (`serif`,
    /// `monospace`…), which the reader's faces set.
    public static func isGenericFamily(_ name: String) -> Bool {
        otherGenericFamilies.contains(name) || name == "monospace" || name == "ui-monospace"
    }

    static let monospacedFamilies: Set<String> = [
        "monospace", "ui-monospace", "courier", "courier new", "consolas", "menlo", "monaco", "lucida console",
        "lucida sans typewriter", "andale mono", "dejavu sans mono", "liberation mono", "noto sans mono",
        "source code pro", "fira mono", "inconsolata",
    ]
    static let otherGenericFamilies: Set<String> = [
        "serif", "sans-serif", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif", "ui-rounded", "math",
        "emoji", "fangsong",
    ]

    /// The properties this cascade computes (and `@supports` answers true for), shorthands
    /// and the `-epub-`/`-webkit-` aliases books write included.
    public static let supportedProperties: Set<String> = [
        "display", "margin", "margin-top", "margin-right", "margin-bottom", "margin-left", "padding", "padding-top",
        "padding-right", "padding-bottom", "padding-left", "vertical-align", "page-break-before", "page-break-after",
        "page-break-inside", "break-before", "break-after", "break-inside", "border", "border-top", "border-bottom",
        "border-width", "border-style", "border-top-style", "border-bottom-style", "border-top-width", "border-bottom-width",
        "content", "font-style", "font-weight", "font-variant", "font-variant-caps", "font-size", "font-family", "font",
        "text-align", "text-align-last", "-epub-text-align-last", "text-indent", "text-transform", "white-space", "hyphens", "-epub-hyphens",
        "-webkit-hyphens", "adobe-hyphenate", "list-style", "list-style-type", "direction", "text-decoration",
        "text-decoration-line", "color", "font-feature-settings", "float", "letter-spacing", "width", "height", "max-width",
        "max-height", "word-break", "-epub-word-break", "initial-letter", "-webkit-initial-letter",
    ]
}
