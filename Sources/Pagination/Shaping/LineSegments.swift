/// One shaped segment of a line being placed: its first scalar (in the line's decoded
/// scalars), glyphs, width and level.
struct PlacedSegment {
    var start: Int
    var glyphs: [ShapedGlyph]
    var width: Float
    var level: UInt8
    /// A separator (`ShapeSegments.isSeparator`): trailing ones hang.
    var space: Bool
    /// A word space justification may stretch (a space, an ideographic space, a tab).
    var stretches: Bool
    /// The style it was shaped in.
    var style: FaceStyle
}

extension ShapeCache {
    /// The segments of a line's scalars `s` in logical order (`ShapeSegments`: cut at spaces,
    /// at a change of bidi level and at a change of style), each shaped in its own direction
    /// and style, a smaller or raised style's glyphs scaled to its size. Each segment's
    /// `start` counts from `offset` (where `s` starts in the caller's scalars).
    ///
    /// `levels` holds each scalar's level, or is nil when all are `paragraphLevel`; `styles`,
    /// when given, each scalar's `FaceStyle` raw value. A segment after unstyled text starts
    /// in the face the text before it ended in (`faceBefore`), so that fallback text keeps
    /// its face across a space. Page lines and the chrome's lines (`TextLine`) are both cut
    /// and shaped here.
    func placedSegments(of s: UnsafeBufferPointer<UInt32>, levels: UnsafeBufferPointer<UInt8>?, paragraphLevel: UInt8,
                        styles: ArraySlice<UInt16>? = nil, offset: Int = 0) -> [PlacedSegment] {
        var segments: [PlacedSegment] = []
        // Segments are cut at a change of level, and of style (`Typesetter.segmentKey`).
        var keys: [UInt16]?
        if let styles {
            keys = (0..<s.count).map {
                Typesetter.segmentKey(level: levels?[$0] ?? paragraphLevel, style: styles[styles.startIndex + $0])
            }
        }
        var start = 0
        var face: UInt16 = 0
        while start < s.count {
            let end = keys.map { k in k.withUnsafeBufferPointer { ShapeSegments.end(in: s, from: start, to: s.count, levels: $0) } }
                ?? ShapeSegments.end(in: s, from: start, to: s.count, levels: levels)
            let (level, style) = keys.map { Typesetter.levelAndStyle(ofKey: $0[start]) }
                ?? (levels?[start] ?? paragraphLevel, FaceStyle())
            let range = glyphs(of: UnsafeBufferPointer(rebasing: s[start..<end]), rightToLeft: level & 1 == 1,
                               faceBefore: face, style: style.shaping)
            face = style.isEmpty ? lastFace(of: range) : 0
            var shaped = Array(glyphs[range])
            if style.scale != 1 {
                // Superscript, subscript and smaller text: the glyphs at their scale.
                for k in shaped.indices {
                    shaped[k].advance *= style.scale
                    shaped[k].xOffset *= style.scale
                    shaped[k].yOffset *= style.scale
                }
            }
            segments.append(PlacedSegment(start: offset + start, glyphs: shaped, width: shaped.reduce(0) { $0 + $1.advance },
                                          level: level, space: ShapeSegments.isSeparator(s[start]),
                                          stretches: isTypesetSpace(s[start]), style: style))
            start = end
        }
        return segments
    }
}
