/// One rasterized glyph's place in a `GlyphAtlas` bitmap and how to draw it.
///
/// To draw the glyph of a character whose pen position is `penX` on a line whose baseline
/// is at `baselineY` (y grows downwards), copy the atlas rectangle (`x`, `y`, `width`,
/// `height`) to
///
///     left = penX + bearingX,  top = baselineY - bearingY
///
/// then advance the pen by `advance` (or by what the layout says: it is the same value the
/// `AdvanceTable` of the same font set and size gives). The bitmap was rendered with the
/// pen on a whole pixel: round `left` and `top` to whole pixels and draw it 1:1 for crisp
/// text (the pen itself keeps its fractional position from glyph to glyph).
///
/// Blank glyphs (space, characters whose outline is empty) have a zero-sized rectangle and
/// nothing to draw; so do glyphs too large for the atlas's maximum size.
public struct AtlasGlyph: Sendable, Equatable {
    /// Left edge of the glyph's bitmap in the atlas, in pixels.
    public var x: Int32
    /// Top edge of the glyph's bitmap in the atlas, in pixels (rows grow downwards).
    public var y: Int32
    /// Width of the bitmap in pixels (0 for a blank glyph).
    public var width: Int32
    /// Height of the bitmap in pixels (0 for a blank glyph).
    public var height: Int32
    /// Horizontal offset from the pen position to the bitmap's left edge (FreeType's
    /// `bitmap_left`); may be negative.
    public var bearingX: Float
    /// Distance from the baseline up to the bitmap's top edge (FreeType's `bitmap_top`).
    public var bearingY: Float
    /// The unhinted advance in pixels: exactly what the `AdvanceTable` says.
    public var advance: Float

    /// A glyph's place and metrics.
    public init(
        x: Int32, y: Int32, width: Int32, height: Int32, bearingX: Float, bearingY: Float, advance: Float
    ) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.bearingX = bearingX
        self.bearingY = bearingY
        self.advance = advance
    }

    /// A glyph with nothing to draw that moves the pen by `advance`.
    public static func blank(advance: Float) -> AtlasGlyph {
        AtlasGlyph(x: 0, y: 0, width: 0, height: 0, bearingX: 0, bearingY: 0, advance: advance)
    }

    /// True when there is nothing to draw (a zero-sized rectangle).
    public var isBlank: Bool { width == 0 || height == 0 }
}
