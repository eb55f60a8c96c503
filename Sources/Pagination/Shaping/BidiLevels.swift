import CICU

/// The bidi embedding levels of a paragraph or a line (UAX #9), from ICU's ubidi: even
/// levels run left to right, odd ones right to left.
///
/// Text without a right-to-left character (`mayHoldRightToLeft` false for every scalar) in
/// a paragraph that is not right to left by default has every level 0, found without ICU: a
/// Latin or CJK book never loads it. One resolver serves one typesetter (ICU's object is
/// reused from paragraph to paragraph); it is not shared between threads, so its storage
/// skips the dynamic exclusivity checks (`@exclusivity(unchecked)`).
final class BidiLevels {
    @exclusivity(unchecked) private var bidi: OpaquePointer?
    @exclusivity(unchecked) private var opened = false
    @exclusivity(unchecked) private var utf16: [UInt16] = []
    /// The UTF-16 index of each scalar's first unit.
    @exclusivity(unchecked) private var unitOfScalar: [Int32] = []

    deinit { if let bidi { pageturn_ubidi_close(bidi) } }

    /// Characters that can make text right to left: the Hebrew, Arabic, Syriac, Thaana, NKo,
    /// Samaritan and Mandaic blocks and their presentation forms, the right-to-left
    /// historic scripts of the SMP, and the explicit RLM, RLE, RLO and RLI.
    @inline(__always)
    static func mayHoldRightToLeft(_ c: UInt32) -> Bool { rightToLeftBit(c) != 0 }

    /// 1 for a character of `mayHoldRightToLeft`, else 0, without a branch (so that
    /// `containsRightToLeft` vectorizes).
    @inline(__always)
    static func rightToLeftBit(_ c: UInt32) -> UInt32 {
        (c &- 0x0590 < 0x0370 ? 1 : 0) | (c &- 0xFB1D < 0xFE00 - 0xFB1D ? 1 : 0) | (c &- 0xFE70 < 0xFEFD - 0xFE70 ? 1 : 0)
            | (c &- 0x10800 < 0x800 ? 1 : 0) | (c &- 0x1E800 < 0x800 ? 1 : 0)
            | (c == 0x200F ? 1 : 0) | (c == 0x202B ? 1 : 0) | (c == 0x202E ? 1 : 0) | (c == 0x2067 ? 1 : 0)
    }

    /// Whether any of `s` may be right to left (`mayHoldRightToLeft`), tested branch-free 64
    /// scalars at a time so that the compiler can vectorize it: every paragraph of every book
    /// is asked.
    static func containsRightToLeft(_ s: UnsafeBufferPointer<UInt32>) -> Bool {
        var start = 0
        while start < s.count {
            let end = min(s.count, start &+ 64)
            var found: UInt32 = 0
            for k in start..<end { found |= rightToLeftBit(s[k]) }
            if found != 0 { return true }
            start = end
        }
        return false
    }

    /// Fills `levels[0..<s.count]` with each scalar's level and returns the paragraph's level
    /// (0 or 1) and whether any level is not 0 (when none is, `levels` is left as it was). `paragraphLevel` is 0 or 1 for a known direction (a line of a paragraph
    /// already resolved) or nil for UAX #9 P2–P3, with `rightToLeftByDefault` deciding a
    /// paragraph that has no strong character (the book's language is written right to
    /// left).
    ///
    /// A paragraph of right-to-left letters and neutral characters alone, most of a Persian
    /// or Arabic book's, is resolved without ICU (`rightToLeftOnly`); `usingShortcut: false`
    /// sends it to ICU too (the tests compare the two).
    func resolve(_ s: UnsafeBufferPointer<UInt32>, paragraphLevel: UInt8?, rightToLeftByDefault: Bool,
                 into levels: UnsafeMutableBufferPointer<UInt8>, usingShortcut: Bool = true) -> (paragraph: UInt8, mixed: Bool) {
        let n = s.count
        let candidate = Self.containsRightToLeft(s)
        if !candidate && (paragraphLevel ?? (rightToLeftByDefault ? 1 : 0)) == 0 {
            return (0, false)
        }
        if usingShortcut, n > 0, let letter = Self.rightToLeftOnly(s),
           paragraphLevel == 1 || (paragraphLevel == nil && (letter || rightToLeftByDefault)) {
            for k in 0..<n { levels[k] = 1 }
            return (1, true)
        }
        if !opened {
            opened = true
            bidi = pageturn_ubidi_open(0)
        }
        guard let bidi, n > 0 else {
            // Without ICU, a rough stand-in: the paragraph's direction from its first strong
            // character, right-to-left letters odd, Latin letters and digits even, the rest the
            // paragraph's level (enough to keep "2024" and English words readable).
            let first = s.first { Self.mayHoldRightToLeft($0) || Self.isStrongLeftToRight($0) }
            let level = paragraphLevel ?? (first.map(Self.mayHoldRightToLeft) ?? rightToLeftByDefault ? 1 : 0)
            for k in 0..<n {
                let c = s[k]
                if Self.mayHoldRightToLeft(c) && !(0x0660...0x0669).contains(c) && !(0x06F0...0x06F9).contains(c) {
                    levels[k] = 1
                } else if Self.isStrongLeftToRight(c) || (0x30...0x39).contains(c) {
                    levels[k] = level == 1 ? 2 : 0
                } else {
                    levels[k] = level
                }
            }
            return (level, true)
        }
        utf16.removeAll(keepingCapacity: true)
        unitOfScalar.removeAll(keepingCapacity: true)
        for c in s {
            unitOfScalar.append(Int32(utf16.count))
            if c < 0x10000 {
                utf16.append(UInt16(c))
            } else {
                let v = c - 0x10000
                utf16.append(UInt16(0xD800 | (v >> 10)))
                utf16.append(UInt16(0xDC00 | (v & 0x3FF)))
            }
        }
        let requested = paragraphLevel ?? UInt8(rightToLeftByDefault ? PAGETURN_UBIDI_DEFAULT_RTL : PAGETURN_UBIDI_DEFAULT_LTR)
        var resolved: UnsafePointer<UInt8>?
        let level = utf16.withUnsafeBufferPointer {
            pageturn_ubidi_levels(bidi, $0.baseAddress, Int32($0.count), requested, &resolved)
        }
        guard level >= 0, let resolved else {
            let fallback = paragraphLevel ?? 0
            for k in 0..<n { levels[k] = fallback }
            return (fallback, fallback != 0)
        }
        for k in 0..<n { levels[k] = resolved[Int(unitOfScalar[k])] }
        return (UInt8(level & 1), true)
    }


    /// For text of right-to-left letters, their marks and neutral characters only (no
    /// character of bidi class L, EN or AN, no explicit embedding, override, isolate or
    /// paragraph separator): whether it has a right-to-left letter; nil for any other text.
    ///
    /// Such a paragraph at level 1 has every character at level 1 (UAX #9): its strong
    /// characters are R or AL, so P2 gives it level 1 when one is a letter; W1–W7 leave no
    /// number to act on (a separator or terminator with no number beside it is neutral, W6);
    /// N0–N2 give every neutral and every bracket pair, between R's or the paragraph's edges,
    /// the direction R. What is left to ICU is any text where a level could be 0 or 2.
    static func rightToLeftOnly(_ s: UnsafeBufferPointer<UInt32>) -> Bool? {
        var letter = false
        for c in s {
            if c &- 0x0590 < 0x0370 || c &- 0xFB1D < 0xFE00 - 0xFB1D || c &- 0xFE70 < 0xFEFD - 0xFE70 {
                // Arabic's digits and number signs are AN or EN.
                if c &- 0x0600 < 6 || c &- 0x0660 < 10 || c == 0x066B || c == 0x066C || c == 0x06DD || c &- 0x06F0 < 10
                    || c == 0x0890 || c == 0x0891 || c == 0x08E2 {
                    return nil
                }
                if !letter, let scalar = Unicode.Scalar(c) {
                    switch scalar.properties.generalCategory {
                    case .otherLetter, .modifierLetter, .uppercaseLetter, .lowercaseLetter, .titlecaseLetter: letter = true
                    default: break
                    }
                }
                continue
            }
            switch c {
            case 0x09, 0x20...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E, 0xA0, 0xAB, 0xBB,
                 0x2000...0x200D, 0x200F, 0x2010...0x2028, 0x202F, 0x2030...0x205E, 0x2060, 0xFEFF:
                continue
            default:
                return nil
            }
        }
        return letter
    }

    /// Whether `language` is written right to left (a paragraph without a strong character
    /// then runs right to left).
    static func isRightToLeft(_ language: ContentLanguage?) -> Bool {
        language?.isWrittenRightToLeft ?? false
    }

    /// Letters of the scripts written left to right that the stand-in without ICU knows:
    /// Latin, Greek, Cyrillic, and everything from U+0900 that is not right to left.
    static func isStrongLeftToRight(_ c: UInt32) -> Bool {
        ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) || (0xC0...0x24F).contains(c) || (0x370...0x52F).contains(c)
            || (c >= 0x900 && !mayHoldRightToLeft(c) && !(0x2000...0x2BFF).contains(c))
    }

    /// UAX #9 rule L2 for runs of the given levels: the logical index of each run, left to
    /// right.
    static func visualOrder(of runLevels: [UInt8]) -> [Int] {
        guard runLevels.contains(where: { $0 != 0 }) else { return Array(runLevels.indices) }
        var visual = [Int32](repeating: 0, count: runLevels.count)
        let failed = runLevels.withUnsafeBufferPointer { levels in
            visual.withUnsafeMutableBufferPointer {
                pageturn_ubidi_reorder_visual(levels.baseAddress, Int32(levels.count), $0.baseAddress)
            }
        }
        if failed != 0 { return runLevels.allSatisfy { $0 & 1 == 1 } ? Array(runLevels.indices.reversed()) : Array(runLevels.indices) }
        return visual.map(Int.init)
    }
}

extension ContentLanguage {
    /// Primary language subtags of languages written right to left.
    static let rightToLeftLanguages: Set<String> = ["he", "iw", "yi", "ar", "fa", "ur", "ps", "ckb", "sd", "ug", "dv", "syr"]

    /// Whether the language is written right to left (Hebrew, Arabic, Persian, Urdu…): its
    /// paragraphs with no strong character run right to left, and its books turn their pages
    /// right to left.
    public var isWrittenRightToLeft: Bool {
        Self.rightToLeftLanguages.contains(String(tag.prefix { $0 != "-" }).lowercased())
    }
}
