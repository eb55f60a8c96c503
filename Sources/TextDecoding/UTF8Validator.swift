/// Byte-level building blocks shared by the UTF-8 validator and the normalizer.
///
/// Everything here works on raw pointers and assumes the caller has checked bounds
/// (`i < end`). The word helpers read 8 bytes as a little-endian `UInt64`, so "the
/// lowest set bit" always means "the first byte in memory".
enum UTF8Bytes {
    static let highBits: UInt64 = 0x8080_8080_8080_8080
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let carriageReturns: UInt64 = 0x0D0D_0D0D_0D0D_0D0D

    /// The U+FFFD REPLACEMENT CHARACTER in UTF-8.
    static let replacement: (UInt8, UInt8, UInt8) = (0xEF, 0xBF, 0xBD)

    /// How many bytes the sequence led by `lead` has in well-formed UTF-8 (0 for a
    /// continuation byte or a byte that never leads).
    @inline(__always)
    static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    /// Loads 8 bytes at `p + i` (any alignment) with the first byte in the low bits.
    @inline(__always)
    static func word(_ p: UnsafePointer<UInt8>, _ i: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
    }

    /// Sets bit 7 of every zero byte of `w`.
    ///
    /// A borrow can also flag a byte *after* a zero byte, never one before it, so the
    /// lowest flagged byte is always a real zero; that is all the callers rely on.
    @inline(__always)
    static func zeroBytes(_ w: UInt64) -> UInt64 {
        (w &- ones) & ~w & highBits
    }

    /// Sets bit 7 of exactly the bytes of `w` equal to `byte` (no borrow: unlike
    /// `zeroBytes(_:)`, every flag is real).
    @inline(__always)
    static func bytes(of w: UInt64, equalTo byte: UInt8) -> UInt64 {
        let x = w ^ (ones &* UInt64(byte))
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((x & low) &+ low) | x | low)
    }

    /// Bit 7 of each of the first `count` (0...8) bytes.
    @inline(__always)
    static func firstBytes(_ count: Int) -> UInt64 {
        count >= 8 ? highBits : highBits & ((1 << UInt64(8 * count)) &- 1)
    }

    /// A mask whose lowest set bit marks the first byte of `w` that the ASCII fast path
    /// cannot copy unchanged: a non-ASCII byte, a CR (0x0D) or a NUL. Zero means all
    /// 8 bytes are plain ASCII.
    @inline(__always)
    static func specialBytes(_ w: UInt64) -> UInt64 {
        (w & highBits) | zeroBytes(w) | zeroBytes(w ^ carriageReturns)
    }

    /// Whether a well-formed two-byte sequence (U+0080–U+07FF: Latin-1 and Latin Extended,
    /// Greek, Cyrillic, Armenian, Hebrew, Arabic, Syriac, Thaana, NKo) starts at `p[i]`. The
    /// quick test for runs of letters of those scripts.
    @inline(__always)
    static func isTwoByteSequence(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
        end - i >= 2 && p[i] >= 0xC2 && p[i] <= 0xDF && p[i + 1] & 0xC0 == 0x80
    }

    /// Whether a common three-byte sequence (lead E1...EC, EE or EF: all of CJK, kana,
    /// CJK and general punctuation) starts at `p[i]` and is well-formed. The quick test
    /// the hot loops try before `multibyteSequence(_:_:_:)`.
    @inline(__always)
    static func isCommonThreeByteSequence(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
        let lead = p[i]
        return end - i >= 3 && lead >= 0xE1 && lead <= 0xEF && lead != 0xED
            && p[i + 1] & 0xC0 == 0x80 && p[i + 2] & 0xC0 == 0x80
    }

    /// Checks the multibyte sequence that starts with the non-ASCII byte `p[i]`.
    ///
    /// Returns its length (2...4) when it is well-formed. When it is not, returns the
    /// *negated* length of its maximal subpart (the lead byte plus the continuation
    /// bytes that were still possible), which becomes one U+FFFD: the practice the
    /// Unicode Standard recommends (§3.9, "U+FFFD Substitution of Maximal Subparts"),
    /// and the one Swift's `String(decoding:as:)` and Python's `errors="replace"` follow.
    @inline(__always)
    static func multibyteSequence(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        let lead = p[i]
        var need = 0
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: need = 2
        case 0xED: need = 2; high = 0x9F  // no UTF-16 surrogates
        case 0xF0: need = 3; low = 0x90  // no overlong 4-byte forms
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; high = 0x8F  // nothing above U+10FFFF
        default: return -1  // a stray continuation byte, C0, C1 or F5...FF
        }
        guard i + 1 < end, p[i + 1] >= low, p[i + 1] <= high else { return -1 }
        if need == 1 { return 2 }
        guard i + 2 < end, p[i + 2] & 0xC0 == 0x80 else { return -2 }
        if need == 2 { return 3 }
        guard i + 3 < end, p[i + 3] & 0xC0 == 0x80 else { return -3 }
        return 4
    }
}

/// Strict UTF-8 validation without copying, used by detection.
enum UTF8Validator {
    /// The result of a validation pass.
    struct Report {
        /// Ill-formed sequences (maximal subparts) found, up to one more than the limit.
        var invalidSequences = 0
        /// Offset of the first ill-formed sequence, if any.
        var firstInvalidOffset: Int?
    }

    /// Validates `bytes`, counting ill-formed sequences; stops once more than `limit`
    /// were found (0: at the first one).
    ///
    /// An incomplete sequence cut off by the end of the buffer counts as ill-formed,
    /// unless `allowTruncatedEnd` (used for samples cut out of a larger file).
    static func validate(
        _ bytes: UnsafeBufferPointer<UInt8>, limit: Int = 0, allowTruncatedEnd: Bool = false
    ) -> Report {
        var report = Report()
        guard let p = bytes.baseAddress else { return report }
        let n = bytes.count
        var i = 0
        while i < n {
            if n - i >= 8 {
                let high = UTF8Bytes.word(p, i) & UTF8Bytes.highBits
                if high == 0 { i += 8; continue }
                i += high.trailingZeroBitCount >> 3
            }
            while i < n && UTF8Bytes.isCommonThreeByteSequence(p, i, n) { i += 3 }
            if i == n { break }
            if p[i] < 0x80 { i += 1; continue }
            let length = UTF8Bytes.multibyteSequence(p, i, n)
            if length > 0 { i += length; continue }
            if allowTruncatedEnd && i - length >= n && n - i < 4 && p[i] >= 0xC2 && p[i] <= 0xF4 {
                break  // the sample ends inside a sequence that may well be complete in the file
            }
            report.invalidSequences += 1
            if report.firstInvalidOffset == nil { report.firstInvalidOffset = i }
            if report.invalidSequences > limit { break }
            i -= length
        }
        return report
    }

    /// Whether the whole buffer is well-formed UTF-8.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        validate(bytes).invalidSequences == 0
    }
}
