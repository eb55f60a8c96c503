import CICU

/// The word around a place in a book, as a reader selects it: a long press takes the word
/// under the pointer.
///
/// Words are UAX #29's, found by ICU's word break iterator in the book's language, so that a
/// Thai, Chinese or Japanese word (no spaces between words) is found by ICU's dictionaries
/// rather than taken as the whole run of letters. Only a window of the text around the place
/// is given to ICU (its line, at most `window` scalars either side). Without ICU, a word
/// is a run of letters, digits and marks, and one ideograph alone.
public enum WordBoundaries {
    /// How far either side of the place the text is read, in scalars.
    static let window = 256

    /// The scalar range of the word (or the run of spaces, or the punctuation mark) holding
    /// `offset` (clamped into the text); empty only for an empty text.
    public static func word(containing offset: Int, in text: BookText, language: String = "") -> Range<Int> {
        guard text.scalarCount > 0 else { return 0..<0 }
        let at = min(max(offset, 0), text.scalarCount - 1)
        let line = line(containing: at, in: text)
        let start = max(line.lowerBound, at - window), end = min(line.upperBound, at + window + 1)
        let scalars = scalars(of: text, start..<end)
        guard !scalars.isEmpty else { return at..<(at + 1) }
        let local = at - start
        let found = icuWord(containing: local, in: scalars, language: language) ?? plainWord(containing: local, in: scalars)
        return (start + found.lowerBound)..<(start + found.upperBound)
    }

    /// The scalar range of the line holding `offset`: from after the line feed before it to
    /// its own line feed (excluded). A word never spans a line feed.
    static func line(containing offset: Int, in text: BookText) -> Range<Int> {
        guard text.scalarCount > 0 else { return 0..<0 }
        let at = min(max(offset, 0), text.scalarCount - 1)
        let byte = text.byteOffset(ofScalar: at)
        return text.utf8.withUnsafeBufferPointer { b -> Range<Int> in
            var first = byte
            while first > 0 && b[first - 1] != 0x0A { first -= 1 }
            var last = byte
            while last < b.count && b[last] != 0x0A { last += 1 }
            let lower = text.scalarOffset(ofByte: first), upper = text.scalarOffset(ofByte: last)
            return lower..<max(upper, min(at + 1, text.scalarCount))
        }
    }

    /// The scalars of `range`.
    static func scalars(of text: BookText, _ range: Range<Int>) -> [UInt32] {
        text.string(range).unicodeScalars.map(\.value)
    }

    /// ICU's word holding scalar `k` of `scalars`, or nil when ICU cannot be opened.
    private static func icuWord(containing k: Int, in scalars: [UInt32], language: String) -> Range<Int>? {
        guard let iterator = pageturn_ubrk_open_word(language) else { return nil }
        defer { pageturn_ubrk_close(iterator) }
        var utf16: [UInt16] = []
        var unitOfScalar: [Int32] = []
        utf16.reserveCapacity(scalars.count + 8)
        for c in scalars {
            unitOfScalar.append(Int32(utf16.count))
            if c >= 0x1_0000 {
                utf16.append(UInt16(0xD800 + ((c - 0x1_0000) >> 10)))
                utf16.append(UInt16(0xDC00 + (c & 0x3FF)))
            } else {
                utf16.append(UInt16(c))
            }
        }
        unitOfScalar.append(Int32(utf16.count))
        return utf16.withUnsafeBufferPointer { units -> Range<Int>? in
            guard pageturn_ubrk_set_text(iterator, units.baseAddress, Int32(units.count)) == 0 else { return nil }
            let unit = unitOfScalar[k]
            let after = pageturn_ubrk_following(iterator, unit)
            // Before the unit after the whole scalar: ICU snaps a trail surrogate back to its
            // lead, which would give the boundary before the word.
            let before = pageturn_ubrk_preceding(iterator, unitOfScalar[k + 1])
            guard after > unit, before >= 0, before <= unit else { return nil }
            // Back from UTF-16 units to scalars (boundaries never split a surrogate pair).
            func scalar(_ u: Int32) -> Int {
                var low = 0, high = unitOfScalar.count - 1
                while low < high {
                    let mid = (low + high) / 2
                    if unitOfScalar[mid] < u { low = mid + 1 } else { high = mid }
                }
                return low
            }
            return scalar(before)..<scalar(after)
        }
    }

    /// A word without ICU: the run of letters, digits, marks and connectors holding `k`, an
    /// ideograph or kana alone, or the one other character.
    static func plainWord(containing k: Int, in scalars: [UInt32]) -> Range<Int> {
        func kind(_ v: UInt32) -> Int {
            guard let s = Unicode.Scalar(v) else { return 0 }
            let p = s.properties
            if p.isIdeographic || (0x3040...0x30FF).contains(v) { return 2 }
            if p.isAlphabetic || p.numericType != nil || p.isGraphemeExtend || v == 0x5F || v == 0x27 || v == 0x2019 { return 1 }
            return 0
        }
        guard kind(scalars[k]) == 1 else { return k..<(k + 1) }
        var lower = k, upper = k + 1
        while lower > 0 && kind(scalars[lower - 1]) == 1 { lower -= 1 }
        while upper < scalars.count && kind(scalars[upper]) == 1 { upper += 1 }
        return lower..<upper
    }
}
