/// The glyph drawn for a character neither face has: a hollow box ("tofu"), so a missing
/// character is visible on the page instead of silently blank.
///
/// It is drawn here rather than taken from a font's `.notdef` glyph, which is empty in some
/// fonts and as wide as the font likes; the box is centred in the advance the layout gives
/// such characters (half an em, or an em for East Asian wide ones) and stands on the
/// baseline, about as tall as a capital.
enum MissingGlyphBox {
    /// Draws the box for a character `advance` pixels wide at `pixelSize` pixels per em into
    /// `bitmap`. False (nothing drawn) when the box would exceed `maximumSide` pixels.
    static func draw(advance: Float, pixelSize: Float, maximumSide: Int, into bitmap: inout GlyphBitmap) -> Bool {
        guard advance.isFinite, pixelSize.isFinite, pixelSize > 0 else { return false }
        let room = max(advance, pixelSize / 2)
        let boxWidth = max(3, (room * 0.75).rounded()), boxHeight = max(4, (pixelSize * 0.7).rounded())
        // Compared as floats first: an absurd size must not reach an integer conversion.
        guard boxWidth <= Float(maximumSide), boxHeight <= Float(maximumSide) else { return false }
        let width = Int(boxWidth), height = Int(boxHeight)
        let stroke = max(1, Int((pixelSize / 16).rounded()))
        let left = Int(((room - Float(width)) / 2).rounded())
        bitmap.reset(width: width, height: height, left: left, top: height)
        bitmap.pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let edgeRow = row < stroke || row >= height - stroke
                for column in 0..<width {
                    let edge = edgeRow || column < stroke || column >= width - stroke
                    out[row * width + column] = edge ? 255 : 0
                }
            }
        }
        return true
    }
}
