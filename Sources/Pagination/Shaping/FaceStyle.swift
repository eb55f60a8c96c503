/// How a run of text is set beyond its face and size: in the text face's italic, its bold,
/// its bold italic, with small capitals (OpenType `smcp`, the font's own small capitals for
/// lowercase letters), raised or lowered (superscript, subscript: `Typesetter.scriptScale`
/// of the size, off the baseline), and smaller (`Typesetter.smallerScale`, on the baseline:
/// CSS `font-size: smaller` inside a line, as books set note references), and in the reader's
/// monospaced face (CSS `font-family: monospace`: code, a table of figures), and in one of
/// the book's own typefaces (`typeface`: CSS `@font-face`, `DocumentStructure.Typeface`). A
/// shaper sets a style it has no face for as it can (upright, regular, the text face); a
/// run's style never changes which characters it holds.
public struct FaceStyle: OptionSet, Sendable, Hashable {
    /// Seven flags in the low bits, the typeface's number (0 to `typefaceLimit`) in the three
    /// above them.
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue & 0x3FF }

    /// In the family's italic face.
    public static let italic = FaceStyle(rawValue: 1)
    /// In the family's bold face (bold italic with `italic`).
    public static let bold = FaceStyle(rawValue: 2)
    /// With the face's small capitals for lowercase letters (OpenType `smcp`).
    public static let smallCaps = FaceStyle(rawValue: 4)
    /// Superscript: smaller, above the baseline.
    public static let raised = FaceStyle(rawValue: 8)
    /// Subscript: smaller, below the baseline.
    public static let lowered = FaceStyle(rawValue: 16)
    /// Smaller than the paragraph's text, on its baseline.
    public static let smaller = FaceStyle(rawValue: 32)
    /// In the reader's monospaced face (its regular: a monospaced run is set upright and
    /// regular whatever else it is).
    public static let monospace = FaceStyle(rawValue: 64)

    /// What a shaper sets: the style without its place off the baseline (the typesetter
    /// scales and moves a raised or lowered run's glyphs).
    public var shaping: FaceStyle { intersection([.italic, .bold, .smallCaps, .monospace, .typefaceBits]) }

    /// The most typefaces of its own a book's text is set in (the number's three bits); text
    /// in any other is set in the reader's faces.
    public static let typefaceLimit = 7
    private static let typefaceShift: UInt16 = 7
    private static let typefaceBits = FaceStyle(rawValue: 7 << typefaceShift)

    /// The book's typeface the text is set in: its number, 1 to `typefaceLimit` (the index in
    /// `DocumentStructure.typefaces` plus one), or 0 for the reader's faces.
    public var typeface: Int { Int(rawValue >> Self.typefaceShift) & 7 }

    /// Text in the book's typeface `number` (0: the reader's faces; past `typefaceLimit`: the
    /// reader's too).
    public static func typeface(_ number: Int) -> FaceStyle {
        (1...typefaceLimit).contains(number) ? FaceStyle(rawValue: UInt16(number) << typefaceShift) : []
    }

    /// The same style in the reader's faces.
    public var withoutTypeface: FaceStyle { subtracting(.typefaceBits) }

    /// Raised or lowered: set at `Typesetter.scriptScale` of the size.
    public var isScript: Bool { !isDisjoint(with: [.raised, .lowered]) }

    /// The size a run in this style is set at, in ems of its paragraph's: a raised or lowered
    /// run's `Typesetter.scriptScale` (already small, made no smaller), else a smaller run's
    /// `Typesetter.smallerScale`, else 1.
    public var scale: Float {
        isScript ? Typesetter.scriptScale : contains(.smaller) ? Typesetter.smallerScale : 1
    }

    /// The style of a face: the part of a style a font file is chosen by (small capitals are
    /// a feature of the face, not a face; a place off the baseline, the typesetter's).
    public var face: FaceStyle { intersection([.italic, .bold, .monospace, .typefaceBits]) }
}
