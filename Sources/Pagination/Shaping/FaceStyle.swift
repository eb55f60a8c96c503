/// How a run of text is set beyond its face and size: in the text face's italic, its bold,
/// its bold italic, and with small capitals (OpenType `smcp`, the font's own small capitals
/// for lowercase letters). A shaper sets a style it has no face for as it can (upright,
/// regular); a run's style never changes which characters it holds.
public struct FaceStyle: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x7 }

    public static let italic = FaceStyle(rawValue: 1)
    public static let bold = FaceStyle(rawValue: 2)
    public static let smallCaps = FaceStyle(rawValue: 4)

    /// The style of a face: the part of a style a font file is chosen by (small capitals are
    /// a feature of the face, not a face).
    public var face: FaceStyle { subtracting(.smallCaps) }
}
