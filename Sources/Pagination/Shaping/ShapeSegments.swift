/// How a paragraph is cut into the segments that are shaped one at a time and cached
/// (`ShapeCache`): minikin's words, with the rules a book's scripts need.
///
/// - A space (U+0020, U+3000, a tab) or an invisible break or no-break mark (U+200B, U+2060,
///   U+FEFF) is a segment of its own: lines break there, and justification stretches the
///   spaces among them. (The joiners U+200C and U+200D stay in their word.)
/// - An East Asian wide character is a segment with the marks and selectors after it: CJK
///   breaks between any two characters and its glyphs do not interact.
/// - Any other run of characters is a segment up to the next of those, or up to a change of
///   bidi level (a Latin word inside Arabic, or Hebrew inside English), or
///   `maximumLength` scalars.
///
/// Shaping a segment on its own loses only what a font does across a space (rare kerning
/// with the space glyph), as in minikin and Pango's word cache; Arabic joining, Indic
/// reordering and Thai marks all happen inside a word.
public enum ShapeSegments {
    /// The most scalars shaped at once (a "word" longer than this is cut, and loses context
    /// at the cut).
    public static let maximumLength = 256

    /// A scalar that is a segment of its own and takes no part in the words around it.
    @inline(__always)
    public static func isSeparator(_ c: UInt32) -> Bool {
        c == 0x20 || c == 0x3000 || c == 0x09 || c == 0x200B || c == 0x2060 || c == 0xFEFF
    }

    /// The end of the segment that starts at `start` in `s[..<end]`; `levels`, when given,
    /// holds each scalar's bidi level (a segment keeps one).
    @inline(__always)
    public static func end<Level: FixedWidthInteger>(
        in s: UnsafeBufferPointer<UInt32>, from start: Int, to end: Int, levels: UnsafeBufferPointer<Level>?
    ) -> Int {
        let c = s[start]
        if isSeparator(c) { return start &+ 1 }
        var i = start &+ 1
        let limit = min(end, start &+ maximumLength)
        if c >= 0x1100 && isEastAsianWide(c) {
            while i < limit && isMark(s[i]) { i &+= 1 }
            return i
        }
        if let levels {
            let level = levels[start]
            while i < limit {
                let next = s[i]
                if isSeparator(next) || levels[i] != level || (next >= 0x1100 && isEastAsianWide(next) && !isMark(next)) { break }
                i &+= 1
            }
            return i
        }
        while i < limit {
            let next = s[i]
            // Nothing below U+1100 is East Asian wide.
            if isSeparator(next) || (next >= 0x1100 && isEastAsianWide(next) && !isMark(next)) { break }
            i &+= 1
        }
        return i
    }
}
