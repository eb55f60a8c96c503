@preconcurrency import Glibc

/// Converts legacy encodings (and UTF-16/32) to UTF-8 with glibc's iconv, replacing
/// what does not decode instead of failing:
///
/// - `EILSEQ` (an invalid sequence): emit U+FFFD, skip one code unit (one byte for the
///   byte-oriented encodings, two for UTF-16, four for UTF-32) and go on, so a damaged
///   byte costs one character, and a lone byte never hides the ASCII after it;
/// - `EINVAL` (input ends inside a sequence): emit U+FFFD and stop, unless the input is
///   a sample cut out of a larger file, where the cut is not the file's fault;
/// - any other error: treated like `EILSEQ`, so the loop always makes progress.
///
/// The output is valid UTF-8 but not yet normalized (CRs, BOM): `UTF8Normalizer` does
/// that next. glibc converts GB18030 at roughly 500 MB/s, so this is not the slow part.
enum IconvDecoder {
    /// UTF-8 bytes and the number of U+FFFD inserted.
    struct Output {
        var utf8: [UInt8]
        var replacements: Int
    }

    /// Whether iconv can convert from `name` to UTF-8.
    static func canOpen(_ name: String) -> Bool {
        guard let cd = open(name) else { return false }
        iconv_close(cd)
        return true
    }

    /// Converts `input` from `encoding` to UTF-8. Returns nil only when iconv does not
    /// know the encoding (resolution checks that first, so in practice never).
    ///
    /// - Parameters:
    ///   - isSample: the input was cut out of a file; an incomplete sequence at its end
    ///     is dropped instead of replaced.
    ///   - stopAfter: give up (returning what was converted) once more than this many
    ///     replacements were made; detection uses it to drop hopeless candidates early.
    static func convert(
        _ input: UnsafeBufferPointer<UInt8>, from encoding: TextEncoding, isSample: Bool = false,
        stopAfter limit: Int = .max
    ) -> Output? {
        guard let name = encoding.iconvName, let cd = open(name) else { return nil }
        defer { iconv_close(cd) }
        var output: [UInt8] = []
        // Two-byte CJK characters grow to three bytes in UTF-8; ASCII stays the same.
        output.reserveCapacity(input.count + input.count / 2 + 16)
        var replacements = 0
        guard let base = input.baseAddress, !input.isEmpty else {
            return Output(utf8: output, replacements: 0)
        }

        let chunkSize = 64 * 1024
        let chunk = UnsafeMutablePointer<CChar>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base)
            .assumingMemoryBound(to: CChar.self)
        var inLeft = input.count
        let skip = encoding.codeUnitWidth

        func flush(_ written: Int) {
            chunk.withMemoryRebound(to: UInt8.self, capacity: written) {
                output.append(contentsOf: UnsafeBufferPointer(start: $0, count: written))
            }
        }
        func appendReplacement() {
            output.append(UTF8Bytes.replacement.0)
            output.append(UTF8Bytes.replacement.1)
            output.append(UTF8Bytes.replacement.2)
            replacements += 1
        }

        while inLeft > 0 {
            var outPointer: UnsafeMutablePointer<CChar>? = chunk
            var outLeft = chunkSize
            let before = inLeft
            let result = iconv(cd, &inPointer, &inLeft, &outPointer, &outLeft)
            flush(chunkSize - outLeft)
            if result != -1 { continue }
            let error = errno
            if error == E2BIG && (inLeft < before || outLeft < chunkSize) { continue }
            if error == EINVAL {
                // The input ends inside a character.
                if !isSample { appendReplacement() }
                inLeft = 0
                break
            }
            // EILSEQ (or anything unexpected): replace one code unit and go on.
            appendReplacement()
            if replacements > limit { break }
            let step = min(skip, inLeft)
            inPointer! += step
            inLeft -= step
        }
        // Stateful encodings (ISO-2022-*) may owe a final shift sequence.
        var outPointer: UnsafeMutablePointer<CChar>? = chunk
        var outLeft = chunkSize
        _ = iconv(cd, nil, nil, &outPointer, &outLeft)
        flush(chunkSize - outLeft)
        return Output(utf8: output, replacements: replacements)
    }

    /// An iconv descriptor converting `name` to UTF-8, or nil.
    private static func open(_ name: String) -> iconv_t? {
        let cd = iconv_open("UTF-8", name)
        guard let cd, Int(bitPattern: cd) != -1 else { return nil }
        return cd
    }
}
