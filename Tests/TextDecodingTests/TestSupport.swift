import TextDecoding

/// Reference helpers for the tests: deliberately simple, obviously correct and slow.
enum Reference {
    /// What the decoder should make of UTF-8 bytes, written the plain way: Swift's own
    /// decoding (maximal-subpart U+FFFD, like the decoder), then a leading BOM dropped,
    /// CRLF and lone CR turned into LF and NUL into U+FFFD, scalar by scalar.
    static func normalizedUTF8(_ bytes: [UInt8]) -> (utf8: [UInt8], replacements: Int) {
        var scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var result = String.UnicodeScalarView()
        var nuls = 0
        for (i, scalar) in scalars.enumerated() {
            switch scalar {
            case "\r" where i + 1 < scalars.count && scalars[i + 1] == "\n": continue
            case "\r": result.append("\n")
            case "\0": result.append("\u{FFFD}"); nuls += 1
            default: result.append(scalar)
            }
        }
        // Replacements: the U+FFFD Swift inserted (those not spelled EF BF BD in the
        // input), plus the NULs.
        let decodedReplacements = scalars.filter { $0 == "\u{FFFD}" }.count - occurrences(of: [0xEF, 0xBF, 0xBD], in: bytes)
        return (Array(String(result).utf8), decodedReplacements + nuls)
    }

    /// Non-overlapping occurrences of `needle` in `haystack`.
    static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> Int {
        guard haystack.count >= needle.count else { return 0 }
        var count = 0
        var i = 0
        while i + needle.count <= haystack.count {
            if Array(haystack[i..<i + needle.count]) == needle { count += 1; i += needle.count } else { i += 1 }
        }
        return count
    }

    /// The byte offset of every scalar in valid UTF-8, plus the end.
    static func scalarStarts(_ utf8: [UInt8]) -> [Int] {
        var starts: [Int] = []
        for (offset, byte) in utf8.enumerated() where byte & 0xC0 != 0x80 { starts.append(offset) }
        starts.append(utf8.count)
        return starts
    }

    /// FNV-1a, 64-bit: a fingerprint of a whole normalized book, precomputed with Python.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

/// A small deterministic generator (SplitMix64) for tests that need reproducible
/// random offsets.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
