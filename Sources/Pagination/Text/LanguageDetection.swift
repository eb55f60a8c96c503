// The content language guessed from a book's letters, once per book.

extension ContentLanguage {
    /// How many scalars `detect(in:)` reads: `sampleCount` stretches spread evenly over the
    /// text (so an English licence at the start of a Chinese book does not decide), each
    /// `sampleLength` scalars long.
    /// 16 Ki scalars in all: enough to tell the scripts apart, and well under a tenth of a
    /// millisecond, so a book pays nothing it would notice for it.
    static let sampleCount = 16
    static let sampleLength = 1024

    /// The language of `text` as far as line breaking cares, from a sample of its letters:
    /// mostly Han (with kana) → `ja`; mostly Han → `zh`; mostly Hangul → `ko`; otherwise nil
    /// (none of these, so no CSS Text 3 rule for Chinese or Japanese applies). Kana count as
    /// Japanese when they are at least a twentieth of the Han and kana (Japanese prose has
    /// far more; a Chinese book none but the odd ・).
    public static func detect(in text: BookText) -> ContentLanguage? {
        var counts = LetterCounts()
        text.utf8.withUnsafeBufferPointer { buffer in
            guard let b = buffer.baseAddress, buffer.count >= 4 else {
                for scalar in String(decoding: buffer, as: UTF8.self).unicodeScalars { counts.add(scalar.value) }
                return
            }
            // Whole scalars only: stop four bytes short of the end (valid UTF-8, as `BookText`
            // holds, never runs past it from a lead byte before that).
            let n = buffer.count - 3
            let stride = max(n / sampleCount, 1)
            var start = 0
            while start < n {
                var i = start
                while i < n && b[i] & 0xC0 == 0x80 { i += 1 }  // to a scalar's first byte
                var read = 0
                while i < n && read < sampleLength {
                    let lead = UInt32(b[i])
                    if lead < 0x80 {
                        counts.add(lead)
                        i += 1
                    } else if lead < 0xE0 {
                        counts.add((lead & 0x1F) << 6 | UInt32(b[i + 1] & 0x3F))
                        i += 2
                    } else if lead < 0xF0 {
                        counts.add((lead & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F))
                        i += 3
                    } else {
                        counts.add((lead & 0x07) << 18 | UInt32(b[i + 1] & 0x3F) << 12 | UInt32(b[i + 2] & 0x3F) << 6
                                   | UInt32(b[i + 3] & 0x3F))
                        i += 4
                    }
                    read += 1
                }
                start = max(start + stride, i)
            }
        }
        return counts.language
    }
}

/// Letters counted by script for `ContentLanguage.detect(in:)`; punctuation, digits and
/// spaces are not counted.
struct LetterCounts {
    var han = 0, kana = 0, hangul = 0, other = 0

    /// Counts `c` by script; the common cases first.
    @inline(__always)
    mutating func add(_ c: UInt32) {
        if c < 0x80 {
            if (c | 0x20) &- 0x61 < 26 { other += 1 }  // A–Z, a–z
        } else if c >= 0x4E00 && c <= 0x9FFF {
            han += 1
        } else if c >= 0x3041 && c <= 0x30FF {
            if c != 0x30FB && c != 0x30A0 { kana += 1 }  // not ・ (Chinese uses it too) or ゠
        } else if c >= 0xAC00 && c <= 0xD7AF {
            hangul += 1
        } else {
            switch c {
            case 0xC0...0x24F, 0x370...0x10FF, 0x1E00...0x1FFF: other += 1
            case 0x3400...0x4DBF, 0xF900...0xFAFF, 0x20000...0x3FFFF: han += 1
            case 0x31F0...0x31FF, 0xFF66...0xFF9F: kana += 1
            case 0x1100...0x11FF, 0x3131...0x318E: hangul += 1
            default: break
            }
        }
    }

    /// See `ContentLanguage.detect(in:)`.
    var language: ContentLanguage? {
        let total = han + kana + hangul + other
        guard total > 0 else { return nil }
        if (han + kana) * 2 > total {
            return kana * 20 >= han + kana ? .japanese : .chinese
        }
        return hangul * 2 > total ? .korean : nil
    }
}
