/// The bidi levels of the paragraph a line being placed belongs to, kept while the lines of
/// one paragraph are placed (a page's lines come a paragraph at a time).
final class ParagraphLevels {
    /// The paragraph's bytes and direction the levels were resolved for.
    var bytes: Range<Int> = 0..<0
    var paragraphLevel: UInt8 = 0
    /// Whether any level is not the paragraph's 0 (when none is, `levels` is not filled).
    var mixed = false
    /// How many of `scalars` and `levels` hold the paragraph (the arrays only grow).
    var count = 0
    var scalars: [UInt32] = []
    var levels: [UInt8] = []
}

extension Typesetter {
    /// Fills `levels[first..<count]` (the line's scalars, as `decodeScalars` left them in
    /// `scalars`) with the levels UAX #9 gives them in their paragraph, and returns whether
    /// any is not 0; nil when the line is its whole paragraph (the caller resolves it alone).
    ///
    /// UAX #9 resolves a paragraph's levels (rules W1–I2) before it is cut into lines; only
    /// rules L1–L2 work on a line (ICU's `ubidi_setLine`). Resolved from the line alone, a
    /// number that starts a line after an Arabic word on the line before would lose what
    /// rule W2 makes of it (an Arabic number, not a European one), and a neutral at a line's
    /// start the direction of the text before it. The paragraph is resolved once for all its
    /// lines on the page.
    mutating func paragraphLevels(ofLineAt lineBytes: Range<Int>, lineStart: Int, first: Int, count: Int,
                                  paragraphLevel: UInt8) -> Bool? {
        // The lines of a page come a paragraph at a time: most are inside the one kept.
        let kept = paragraphBidi
        let paragraph = kept.bytes.lowerBound <= lineBytes.lowerBound && lineBytes.upperBound <= kept.bytes.upperBound
            && !kept.scalars.isEmpty ? kept.bytes : paragraphBytes(holding: lineBytes.lowerBound)
        guard paragraph.lowerBound < lineBytes.lowerBound || paragraph.upperBound > lineBytes.upperBound,
              paragraph.lowerBound <= lineBytes.lowerBound, paragraph.upperBound >= lineBytes.upperBound else { return nil }
        if kept.bytes != paragraph || kept.paragraphLevel != paragraphLevel || kept.scalars.isEmpty {
            kept.bytes = paragraph
            kept.paragraphLevel = paragraphLevel
            if kept.scalars.count < paragraph.count + 1 {
                kept.scalars = [UInt32](repeating: 0, count: paragraph.count + 1)
                kept.levels = [UInt8](repeating: 0, count: paragraph.count + 1)
            }
            let n = text.utf8.withUnsafeBufferPointer { bytes in
                kept.scalars.withUnsafeMutableBufferPointer {
                    UTF8Scanner.decode(bytes, paragraph, into: $0, softLineFeeds: true)
                }
            }
            kept.count = n
            kept.mixed = kept.scalars.withUnsafeBufferPointer { s in
                kept.levels.withUnsafeMutableBufferPointer { l in
                    bidi.resolve(UnsafeBufferPointer(rebasing: s[0..<n]), paragraphLevel: paragraphLevel,
                                 rightToLeftByDefault: paragraphLevel == 1, into: UnsafeMutableBufferPointer(rebasing: l[0..<n])).mixed
                }
            }
        }
        guard kept.mixed else { return false }
        let offset = lineStart - text.scalarOffset(ofByte: paragraph.lowerBound)
        guard offset >= 0, offset + count <= kept.count else { return nil }
        for k in first..<count { levels[k] = kept.levels[offset + k] }
        return true
    }
}
