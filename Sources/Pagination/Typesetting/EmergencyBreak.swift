/// Where a line ends when not even one word fits on it (CSS Text 3's `overflow-wrap:
/// anywhere`): at a grapheme cluster boundary (UAX #29), so that a letter keeps its marks
/// and an emoji ZWJ sequence stays whole; the line is filled with as many clusters as fit.
///
/// The boundaries are the standard library's (`Character`s are extended grapheme clusters),
/// looked for only on the line being cut: an emergency break costs the line's length. A
/// single cluster wider than the line (a chain of a thousand emoji joined by ZWJ) has no
/// boundary to use: it is cut before the overflowing character, or, if that is a combining
/// mark or a joiner, after those that follow (a line never begins with one: the line holding
/// a base too wide for it keeps its marks).
@inline(__always)
func emergencyBreak(in s: UnsafeBufferPointer<UInt32>, count n: Int, lineStart: Int, overflow: Int) -> Int {
    func afterMarks(_ at: Int) -> Int {
        var cut = at
        while cut < n && isMark(s[cut]) { cut += 1 }
        return cut
    }
    guard overflow > lineStart + 1 else { return afterMarks(overflow) }
    // The clusters of s[lineStart...overflow]: a boundary before s[overflow] depends only on
    // what comes before it.
    var scalars = String.UnicodeScalarView()
    for k in lineStart...overflow {
        scalars.append(Unicode.Scalar(s[k]) ?? "\u{FFFD}")
    }
    var boundary = lineStart, offset = lineStart
    for character in String(scalars) {
        if offset > lineStart { boundary = offset }
        offset += character.unicodeScalars.count
    }
    if boundary > lineStart { return boundary }
    return afterMarks(overflow)
}
