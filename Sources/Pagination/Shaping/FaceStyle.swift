/// How a run of text is set beyond its face and size: in the text face's italic, its bold,
/// its bold italic, with small capitals (OpenType `smcp`, the font's own small capitals for
/// lowercase letters), raised or lowered (superscript, subscript: `Typesetter.scriptScale`
/// of the size, off the baseline), and smaller (`Typesetter.smallerScale`, on the baseline:
/// CSS `font-size: smaller` inside a line, as books set note references), and in the reader's
/// monospaced face (CSS `font-family: monospace`: code, a table of figures). A shaper sets a
/// style it has no face for as it can (upright, regular, the text face); a run's style never
/// changes which characters it holds.
public struct FaceStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x7F }

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
    public var shaping: FaceStyle { intersection([.italic, .bold, .smallCaps, .monospace]) }

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
    public var face: FaceStyle { intersection([.italic, .bold, .monospace]) }
}
