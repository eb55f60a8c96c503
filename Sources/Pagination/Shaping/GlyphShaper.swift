/// One glyph a shaper produced for a segment of text, as HarfBuzz reports it: the glyph, the
/// face it comes from, the scalar it starts at and where it goes relative to the pen.
///
/// Lengths are pixels at the shaper's size. `yOffset` grows upwards, as in HarfBuzz and
/// OpenType; `PageLayout` turns it into a page coordinate.
public struct ShapedGlyph: Sendable, Equatable {
    /// The glyph's index in its face, or for `font == ShapedGlyph.scalarFont` the scalar
    /// itself (a shaper without fonts).
    public var id: UInt32
    /// The face: an index into the shaper's faces (`GlyphShaper.faceCount`).
    public var font: UInt16
    /// The first scalar the glyph shows, counted from the start of the shaped segment.
    public var cluster: UInt16
    /// How far the pen moves after the glyph.
    public var advance: Float
    /// The glyph's offset from the pen, rightwards.
    public var xOffset: Float
    /// The glyph's offset from the baseline, upwards.
    public var yOffset: Float

    public init(id: UInt32, font: UInt16, cluster: UInt16, advance: Float, xOffset: Float = 0, yOffset: Float = 0) {
        self.id = id
        self.font = font
        self.cluster = cluster
        self.advance = advance
        self.xOffset = xOffset
        self.yOffset = yOffset
    }

    /// The `font` of a glyph that is a scalar, not a face's glyph (`AdvanceTable` shapes so).
    public static let scalarFont: UInt16 = 0xFFFF
}

/// Turns a segment of text — a word, a space, one CJK character — into positioned glyphs:
/// the interface the pagination core measures and places text through, so that it needs
/// no fonts on disk. `Fonts` implements it with HarfBuzz over a `FontSet` (with fallback
/// faces chosen by coverage); `AdvanceTable` implements it without fonts, one glyph a
/// scalar, for tests and as the last resort.
///
/// A shaper is used from several threads at once (the full pass runs in the background
/// while the page on screen is laid out), so it must not keep per-call state.
public protocol GlyphShaper: Sendable {
    /// The em size glyphs are measured at, in pixels.
    var pixelSize: Float { get }
    /// Identifies the shaper's faces and how it shapes: part of the page cache's key.
    var shapingIdentity: UInt64 { get }
    /// Appends the glyphs of `segment`, left to right as they are drawn (a right-to-left
    /// segment's glyphs come out last character first, as HarfBuzz gives them).
    /// `segment` holds at most `ShapeSegments.maximumLength` scalars. `faceBefore` is the face
    /// of the text just before the segment: a space or another character with no ink of its
    /// own at the segment's start takes that face if it has one (Pango's rule), so a space
    /// between Bengali words is the Bengali face's. (`ShapeCache` passes it for segments that
    /// start with a separator, and 0 for the others.)
    func shape(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool, language: ContentLanguage?,
               faceBefore: UInt16, into glyphs: inout [ShapedGlyph])
    /// `shape` for text set in `style` (italic, bold, small capitals): in the face of that
    /// style where the shaper has one. By default, as `shape` sets it.
    func shape(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool, language: ContentLanguage?,
               faceBefore: UInt16, style: FaceStyle, into glyphs: inout [ShapedGlyph])
    /// The same shaper, readied for text in `language`: whatever it looks up per language
    /// done once (a `ShapeCache`, which shapes one language, keeps it so). By default itself.
    func prepared(for language: ContentLanguage?) -> Self
    /// The book's typefaces (`FaceStyle.typeface`) it has faces for: bit `n` for typeface
    /// `n`. Text in any other is laid out as the reader's faces set it, its typeface dropped
    /// (the fast path of plain text kept). By default none.
    var typefaceMask: UInt8 { get }
}

extension GlyphShaper {
    public func prepared(for language: ContentLanguage?) -> Self { self }
    public var typefaceMask: UInt8 { 0 }

    public func shape(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool, language: ContentLanguage?,
                      faceBefore: UInt16, style: FaceStyle, into glyphs: inout [ShapedGlyph]) {
        shape(segment, rightToLeft: rightToLeft, language: language, faceBefore: faceBefore, into: &glyphs)
    }
}

extension AdvanceTable: GlyphShaper {
    /// The table's `digest`: two tables share shaped words only when every advance and pair
    /// is the same.
    public var shapingIdentity: UInt64 { digest }

    /// One glyph a scalar (`ShapedGlyph.scalarFont`), the table's advances, its kerning
    /// added to the left glyph of each pair (where HarfBuzz puts a pair adjustment).
    public func shape(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool, language: ContentLanguage?,
                      faceBefore: UInt16, into glyphs: inout [ShapedGlyph]) {
        let first = glyphs.count
        var previous: UInt32 = 0
        for (k, scalar) in segment.enumerated() {
            if k > 0 { glyphs[glyphs.count - 1].advance += kerning(previous, scalar) }
            glyphs.append(ShapedGlyph(id: scalar, font: ShapedGlyph.scalarFont, cluster: UInt16(k), advance: advance(of: scalar)))
            previous = scalar
        }
        if rightToLeft { glyphs[first...].reverse() }
    }
}
