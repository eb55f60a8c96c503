/// Decoding of valid UTF-8 without checks, for text that `TextDecoding` already validated.
enum UTF8Scanner {
    /// The scalar whose UTF-8 starts at `byte` (a lead byte of valid UTF-8, its whole sequence
    /// inside `bytes`).
    @inline(__always)
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at byte: Int) -> UInt32 {
        let b0 = UInt32(bytes[byte])
        if b0 < 0x80 { return b0 }
        let length = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : 2
        var c = b0 & (0x7F >> UInt32(length))
        for n in 1..<length { c = c << 6 | UInt32(bytes[byte + n] & 0x3F) }
        return c
    }

    /// Decodes `range` of `bytes` into `out` and returns the number of scalars written.
    /// With `softLineFeeds`, an LF becomes a space, or a zero-width space between CJK
    /// characters (a re-flowed hard-wrapped paragraph), and the spaces that indent the line
    /// after it (ASCII, tabs, U+3000) become zero-width spaces: a continuation line's indent
    /// is no gap in the middle of a sentence. Every scalar stays one scalar, so offsets hold.
    @inline(__always)
    /// `inLineIndent`: `range` starts among the spaces that indent a line after a soft line
    /// feed (a placed line that begins there), which then decode as zero-width spaces too.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into out: UnsafeMutableBufferPointer<UInt32>,
        softLineFeeds: Bool, inLineIndent: Bool = false
    ) -> Int {
        var i = range.lowerBound
        let end = range.upperBound
        var n = 0
        var lineIndent = softLineFeeds && inLineIndent  // among the leading spaces of a line after a soft line feed
        while i < end {
            let b0 = UInt32(bytes[i])
            var c: UInt32
            if b0 < 0x80 {
                c = b0
                if b0 == 0x0A && softLineFeeds {
                    // A soft line feed joins the lines with a space, or with nothing (a
                    // zero-width space, still a break opportunity) between CJK characters.
                    var next = i &+ 1
                    while next < end && (bytes[next] == 0x20 || bytes[next] == 0x09) { next &+= 1 }
                    if next &+ 2 < end && bytes[next] == 0xE3 && bytes[next &+ 1] == 0x80 && bytes[next &+ 2] == 0x80 {
                        next &+= 3  // U+3000 indents a CJK line: look past it
                        while next &+ 2 < end && bytes[next] == 0xE3 && bytes[next &+ 1] == 0x80 && bytes[next &+ 2] == 0x80 {
                            next &+= 3
                        }
                    }
                    let cjkBefore = n > 0 && out[n &- 1] >= 0x2E80
                    let cjkAfter = next < end && bytes[next] >= 0xE2
                    c = cjkBefore && cjkAfter ? 0x200B : 0x20
                    lineIndent = true
                    out[n] = c
                    n &+= 1
                    i &+= 1
                    continue
                }
                if lineIndent && (b0 == 0x20 || b0 == 0x09) {
                    c = 0x200B
                } else {
                    lineIndent = false
                }
                i &+= 1
            } else if b0 < 0xE0 {
                c = (b0 & 0x1F) << 6 | (UInt32(bytes[i &+ 1]) & 0x3F)
                lineIndent = false
                i &+= 2
            } else if b0 < 0xF0 {
                c = (b0 & 0x0F) << 12 | (UInt32(bytes[i &+ 1]) & 0x3F) << 6 | (UInt32(bytes[i &+ 2]) & 0x3F)
                if lineIndent && c == 0x3000 { c = 0x200B } else { lineIndent = false }
                i &+= 3
            } else {
                c = (b0 & 0x07) << 18 | (UInt32(bytes[i &+ 1]) & 0x3F) << 12
                    | (UInt32(bytes[i &+ 2]) & 0x3F) << 6 | (UInt32(bytes[i &+ 3]) & 0x3F)
                lineIndent = false
                i &+= 4
            }
            out[n] = c
            n &+= 1
        }
        return n
    }

    /// Whether only indenting spaces (ASCII, tabs, U+3000) stand between an LF and `byte`.
    static func followsLineFeed(_ bytes: UnsafeBufferPointer<UInt8>, _ byte: Int) -> Bool {
        var i = byte
        while i > 0 {
            let b = bytes[i - 1]
            if b == 0x0A { return true }
            if b == 0x20 || b == 0x09 {
                i -= 1
            } else if i >= 3 && b == 0x80 && bytes[i - 2] == 0x80 && bytes[i - 3] == 0xE3 {
                i -= 3
            } else {
                return false
            }
        }
        return false
    }
}
