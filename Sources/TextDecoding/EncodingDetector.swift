@preconcurrency import Glibc

/// Finds the encoding of a TXT book.
///
/// 1. A byte order mark decides: EF BB BF is UTF-8, FF FE is UTF-16LE, FE FF is UTF-16BE.
///    Without one, UTF-16's zero bytes give it away, confirmed by decoding (`UTF16Sniffer`).
/// 2. A NUL in the first 8 KiB means the file is not text (checked per code unit for
///    UTF-16, where NUL bytes are normal).
/// 3. Valid UTF-8 (the whole file, strictly) is UTF-8. Legacy CJK text practically
///    never forms valid multibyte UTF-8 by chance, so this is safe and fast.
/// 4. Otherwise detection looks at a sample (up to 32 KiB, from just before the first
///    non-ASCII byte, cut at a line end so no character is split). A candidate *fits*
///    the sample when at most 2% of its non-ASCII bytes fail to decode. UTF-8 that fits
///    wins outright (a UTF-8 book with a damaged byte).
/// 5. Else uchardet guesses, and the sample is decoded with each CJK candidate:
///    GB18030, Big5, Shift_JIS (CP932), EUC-JP, and uchardet's answer if it is another
///    CJK encoding (EUC-KR). Among those that fit, the fewest failures win; near-ties go
///    to uchardet's answer.
/// 6. When uchardet named no CJK encoding that fits (0.0.7 sometimes says ISO-8859-x,
///    or nothing, for CJK samples that begin with a damaged character), the near-tie
///    goes to the most plausible text (`CJKPlausibility`), which must also read like
///    CJK text. Otherwise, or when nothing fits, uchardet's single-byte answer is used,
///    else windows-1252: a Latin reading is more useful than a refusal.
enum EncodingDetector {
    /// How far the NUL check looks.
    static let nulCheckLength = 8 * 1024
    /// How much of the file detection samples.
    static let sampleLength = 32 * 1024

    /// The encoding a byte order mark at the start of `bytes` announces.
    static func bomEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> TextEncoding? {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { return .utf8 }
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE { return .utf16LE }
        if bytes.count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF { return .utf16BE }
        return nil
    }

    /// The byte offset of the first all-zero code unit in the first 8 KiB, if any.
    static func firstNUL(_ bytes: UnsafeBufferPointer<UInt8>, codeUnitWidth: Int) -> Int? {
        let limit = min(bytes.count, nulCheckLength)
        guard let base = bytes.baseAddress, limit > 0 else { return nil }
        if codeUnitWidth <= 1 {
            guard let hit = memchr(base, 0, limit) else { return nil }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }
        var offset = 0
        while offset + codeUnitWidth <= limit {
            var allZero = true
            for k in 0..<codeUnitWidth where bytes[offset + k] != 0 { allZero = false; break }
            if allZero { return offset }
            offset += codeUnitWidth
        }
        return nil
    }

    /// The encoding of `bytes`, or nil when they are not text (an early NUL).
    static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> TextEncoding? {
        if bytes.isEmpty { return .utf8 }
        if let unicode = bomEncoding(bytes) ?? UTF16Sniffer.detect(bytes) {
            return firstNUL(bytes, codeUnitWidth: unicode.codeUnitWidth) == nil ? unicode : nil
        }
        if firstNUL(bytes, codeUnitWidth: 1) != nil { return nil }
        if UTF8Validator.isValid(bytes) { return .utf8 }
        return detectLegacy(bytes)
    }

    /// How one candidate did on the sample.
    struct Trial {
        let encoding: TextEncoding
        /// Sequences that did not decode (counting may stop once the candidate cannot fit).
        let invalid: Int
        /// The sample decoded to UTF-8.
        let decoded: [UInt8]

        var plausibility: CJKPlausibility {
            decoded.withUnsafeBufferPointer { CJKPlausibility(utf8: $0) }
        }
    }

    /// Detects the encoding of text that has no BOM and is not valid UTF-8 (steps 4–6).
    static func detectLegacy(_ bytes: UnsafeBufferPointer<UInt8>) -> TextEncoding {
        let sample = UnsafeBufferPointer(rebasing: bytes[sampleRange(bytes)])
        var highBytes = 0, leadBytes = 0
        for byte in sample where byte >= 0x80 {
            highBytes += 1
            if byte >= 0xC0 { leadBytes += 1 }
        }
        let allowed = highBytes / 50  // "fits": at most 2% of the non-ASCII bytes fail

        // UTF-8 with a few damaged bytes: legacy text almost never forms valid
        // multibyte UTF-8, so passing this bar is proof enough. In mostly-ASCII text with
        // few multibyte characters (six curly quotes and one stray byte), one bad sequence
        // in five is still UTF-8.
        let utf8Allowed = max(allowed, leadBytes / 5)
        let utf8 = UTF8Validator.validate(sample, limit: utf8Allowed, allowTruncatedEnd: true)
        if utf8.invalidSequences <= utf8Allowed { return .utf8 }

        let answer = Uchardet.guess(sample).flatMap { TextEncoding.resolve($0) }
        var candidates = TextEncoding.cjkCandidates
        if let answer, answer.kind == .cjk, !candidates.contains(answer) { candidates.append(answer) }
        func trial(_ encoding: TextEncoding) -> Trial? {
            guard let decoded = IconvDecoder.convert(sample, from: encoding, isSample: true, stopAfter: allowed),
                  decoded.replacements <= allowed
            else { return nil }
            return Trial(encoding: encoding, invalid: decoded.replacements, decoded: decoded.utf8)
        }
        // A cut or damaged character costs the right encoding an error or two that a
        // looser one may not pay, so near-ties count as ties.
        let slack = 2 + highBytes / 1000
        // uchardet's CJK answer within the slack of a perfect score wins whatever the others
        // score (the near-tie goes to it), so they are not tried: each costs an iconv module.
        let first = answer.flatMap { candidates.contains($0) ? trial($0) : nil }
        if let first, first.invalid <= slack { return first.encoding }
        let fitting = (first.map { [$0] } ?? []) + candidates.filter { $0 != answer }.compactMap(trial)

        if let fewest = fitting.map(\.invalid).min() {
            let tied = fitting.filter { $0.invalid <= fewest + slack }
            if let vote = tied.first(where: { $0.encoding == answer }) {
                return vote.encoding  // uchardet breaks the tie
            }
            // uchardet named no CJK encoding that fits: the most plausible reading wins,
            // if it reads like CJK text at all.
            var best = (trial: tied[0], plausibility: tied[0].plausibility)
            for trial in tied.dropFirst() {
                let plausibility = trial.plausibility
                if plausibility.ratio > best.plausibility.ratio { best = (trial, plausibility) }
            }
            if best.plausibility.isPlausible { return best.trial.encoding }
        }
        if let answer, answer.kind == .other { return answer }
        return .windows1252
    }

    /// The part of `bytes` detection looks at: from a little before the first non-ASCII
    /// byte (everything before it is ASCII, so any start is a character boundary) for up
    /// to `sampleLength` bytes, ending after a LF when the file goes on. No CJK encoding
    /// uses 0x0A inside a character, so the sample splits none.
    static func sampleRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return 0..<0 }
        var first = 0
        while first + 8 <= n && UTF8Bytes.word(base, first) & UTF8Bytes.highBits == 0 { first += 8 }
        while first < n && bytes[first] < 0x80 { first += 1 }
        if first == n { first = 0 }
        let start = max(0, first - 256)
        var end = min(n, start + sampleLength)
        if end < n {
            var lineEnd = end
            while lineEnd > start + sampleLength / 2 && bytes[lineEnd - 1] != 0x0A { lineEnd -= 1 }
            if bytes[lineEnd - 1] == 0x0A { end = lineEnd }
        }
        return start..<end
    }
}
