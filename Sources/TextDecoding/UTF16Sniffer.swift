/// Finds UTF-16 text that has no byte order mark, by its zero bytes, and confirms it by
/// decoding, as detection confirms the legacy encodings.
///
/// Text in UTF-8 or a legacy encoding has no zero bytes at all, while UTF-16 has one in every
/// code unit below U+0100 (spaces, line ends, digits, Latin letters) on the same side of the
/// unit: the odd bytes in UTF-16LE, the even ones in UTF-16BE. CJK text has few such units,
/// and some ideographs and marks (U+3000, U+4E00) put a zero on the other side, so both byte
/// orders are tried, the one with more zeros in the first 8 KiB first. A reading is kept only
/// when the sample decodes without an error, a NUL, a control character other than tab, line
/// ends and form feed, or a non-character (U+FFFE, U+FFFF), and when the zeros are
/// unmistakable: one unit in ten at least (alphabetic text, which has spaces), or a line end
/// in a reading that looks like CJK text (`CJKPlausibility`). A text file with a few stray
/// NUL bytes, read as UTF-16, pairs its ASCII bytes into a scatter of ideographs with no line
/// end among them, and stays "not text".
enum UTF16Sniffer {
    /// How far the zero bytes are counted and the sample decoded.
    static let sampleLength = 8 * 1024

    /// UTF-16LE or UTF-16BE when `bytes` (without a BOM) read as such, else nil.
    static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> TextEncoding? {
        let n = min(bytes.count, sampleLength) & ~1
        guard n >= 2 else { return nil }
        var evenZeros = 0, oddZeros = 0
        for i in stride(from: 0, to: n, by: 2) {
            if bytes[i] == 0 { evenZeros += 1 }
            if bytes[i + 1] == 0 { oddZeros += 1 }
        }
        let sample = UnsafeBufferPointer(rebasing: bytes[0..<n])
        let orders = [(TextEncoding.utf16LE, oddZeros), (TextEncoding.utf16BE, evenZeros)].sorted { $0.1 > $1.1 }
        for (encoding, zeros) in orders where zeros > 0 && confirms(sample, as: encoding, zeros: zeros) {
            return encoding
        }
        return nil
    }

    /// Whether `sample` reads cleanly as `encoding` with `zeros` zero bytes on its ASCII side.
    private static func confirms(_ sample: UnsafeBufferPointer<UInt8>, as encoding: TextEncoding, zeros: Int) -> Bool {
        guard let decoded = IconvDecoder.convert(sample, from: encoding, isSample: true, stopAfter: 0),
              decoded.replacements == 0, !decoded.utf8.isEmpty, isClean(decoded.utf8)
        else { return false }
        if zeros * 10 >= sample.count / 2 { return true }
        guard decoded.utf8.contains(0x0A) || decoded.utf8.contains(0x0D) else { return false }
        return decoded.utf8.withUnsafeBufferPointer { CJKPlausibility(utf8: $0) }.isPlausible
    }

    /// No NUL, no control character but tab, LF, CR and form feed, no U+FFFE or U+FFFF (whose
    /// UTF-8 is EF BF BE / EF BF BF) in well-formed UTF-8.
    private static func isClean(_ utf8: [UInt8]) -> Bool {
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0C && byte != 0x0D { return false }
            if byte == 0xEF && i + 2 < utf8.count && utf8[i + 1] == 0xBF && utf8[i + 2] >= 0xBE { return false }
            i += 1
        }
        return true
    }
}
