extension Typesetter {
    /// The most lines in a row that may end in a hyphen (book typography's rule: three
    /// stacked hyphens make a ladder).
    static let hyphenatedLinesInARow = 2

    /// The longest run of text (up to spaces) whose words are hyphenated, in characters: the
    /// longest words of the languages with patterns are some 40 to 70 letters (German and
    /// Finnish compounds), and a longer run — a DNA sequence, a base64 blob — is not a word
    /// of any. It is broken where it must be (an emergency break), and looking for a hyphen
    /// costs at most this many characters around a line's end, not the whole run each line.
    static let longestHyphenatedRun = 128

    /// The width of the hyphen a hyphenated line ends in: U+002D shaped alone, in the face
    /// that maps it first (the text face).
    mutating func hyphenWidth() -> Float {
        if hyphenAdvance < 0 { hyphenAdvance = shapes.single(0x2D).width }
        return hyphenAdvance
    }

    /// Where a line may end with a hyphen inside the word at (or just before) `overflow`, the
    /// first character that did not fit: the largest end the patterns allow (at least 2
    /// letters before the hyphen and 3 after it) that lies past `floor` and for which
    /// `fits(end)` — the line's ink up to `end` and the hyphen within the measure; nil when
    /// there is none.
    ///
    /// A word is left whole when the run of text around it (up to spaces) holds a digit, a
    /// soft hyphen (its author chose the breaks), a character of an address or a path
    /// (`/ \ @ : _ = # % & ~ < > |`, a full stop followed by a letter), when its letters are
    /// all capitals (an acronym, a shouted word, a heading), or when the run is longer than
    /// `longestHyphenatedRun`.
    func hyphenationEnd(in s: UnsafeBufferPointer<UInt32>, count n: Int, overflow: Int, floor: Int,
                        fits: (Int) -> Bool) -> Int? {
        guard hyphenator != nil || !inlineLanguages.isEmpty, overflow < n else { return nil }
        // The run of text around the overflow, up to spaces (looked at no further than a
        // run that is hyphenated may reach).
        let reach = Self.longestHyphenatedRun
        var tokenStart = overflow, tokenEnd = overflow + 1
        while tokenStart > 0 && overflow - tokenStart <= reach && !Self.isWordSpace(s[tokenStart - 1]) { tokenStart -= 1 }
        while tokenEnd < n && tokenEnd - overflow <= reach && !Self.isWordSpace(s[tokenEnd]) { tokenEnd += 1 }
        if tokenEnd - tokenStart > reach || keepsWhole(s, tokenStart..<tokenEnd) { return nil }
        // The letters of the word: the run that holds the overflow, or the last one before it
        // (the overflow may be the punctuation after the word).
        let letters = hyphenPoints
        var last = overflow
        while last >= tokenStart && !letters.isLetterOrMark(s[last]) { last -= 1 }
        guard last >= tokenStart else { return nil }
        var start = last, end = last + 1
        while start > tokenStart && letters.isLetterOrMark(s[start - 1]) { start -= 1 }
        while end < tokenEnd && letters.isLetterOrMark(s[end]) { end += 1 }
        guard end - start >= 5 else { return nil }
        let (wordPatterns, cache) = hyphenation(atScalar: start)
        guard let patterns = wordPatterns else { return nil }
        let points = wordPoints(UnsafeBufferPointer(rebasing: s[start..<end]), patterns, cache)
        for point in points.reversed() {
            let at = start + Int(point)
            if Self.splitsCluster(s, at) { continue }
            if at > floor && at <= overflow && fits(at) { return at }
        }
        return nil
    }

    /// Every place in `s[from..<n]` where a line may end in a hyphen, in order: the points
    /// `hyphenationEnd` would consider in each word of five letters or more, in runs of text
    /// not kept whole (for total-fit breaking, which weighs them all).
    func hyphenationPoints(in s: UnsafeBufferPointer<UInt32>, count n: Int, from: Int, into out: inout [Int32]) {
        // The block's patterns and words, looked up once (a word in an inline language looks up its own).
        let block = (patterns: hyphenator, points: hyphenPoints)
        guard block.patterns != nil || !inlineLanguages.isEmpty else { return }
        let letters = block.points
        var tokenStart = from
        while tokenStart < n {
            while tokenStart < n && Self.isWordSpace(s[tokenStart]) { tokenStart += 1 }
            var tokenEnd = tokenStart
            while tokenEnd < n && !Self.isWordSpace(s[tokenEnd]) { tokenEnd += 1 }
            if tokenEnd - tokenStart <= Self.longestHyphenatedRun && !keepsWhole(s, tokenStart..<tokenEnd) {
                var start = tokenStart
                while start < tokenEnd {
                    guard letters.isLetterOrMark(s[start]) else { start += 1; continue }
                    var end = start + 1
                    while end < tokenEnd && letters.isLetterOrMark(s[end]) { end += 1 }
                    if end - start >= 5 {
                        let (wordPatterns, cache) = inlineLanguages.isEmpty ? block : hyphenation(atScalar: start)
                        for point in wordPatterns.map({ wordPoints(UnsafeBufferPointer(rebasing: s[start..<end]), $0, cache) }) ?? []
                        where !Self.splitsCluster(s, start + Int(point)) {
                            out.append(Int32(start + Int(point)))
                        }
                    }
                    start = end
                }
            }
            tokenStart = tokenEnd
        }
    }

    /// Whether the run of text `s[token]` (up to spaces) is left whole: it holds a digit, a soft
    /// hyphen or a character of an address or a path (`keepsTokenWhole`), or a full stop
    /// followed by a letter (a domain, www.example.org, or an abbreviation, e.g.).
    func keepsWhole(_ s: UnsafeBufferPointer<UInt32>, _ token: Range<Int>) -> Bool {
        if !unbreakableScalars.isEmpty && meetsUnbreakableText(token) { return true }
        for k in token {
            if hyphenPoints.keepsTokenWhole(s[k]) { return true }
            if s[k] == 0x2E && k + 1 < token.upperBound && hyphenPoints.isLetterOrMark(s[k + 1]) { return true }
        }
        return false
    }

    /// The hyphenation points of `word` by `patterns` (none when its letters are all
    /// capitals), looked up once per word in its language's `cache`.
    private func wordPoints(_ word: UnsafeBufferPointer<UInt32>, _ patterns: HyphenationPatterns,
                            _ cache: HyphenPointCache) -> ArraySlice<UInt8> {
        cache.points(of: word) {
            var capitals = 0, small = 0
            for c in word {
                if cache.isUppercase(c) { capitals += 1 } else if cache.isLowercase(c) { small += 1 }
            }
            return capitals > 1 && small == 0 ? [] : patterns.points(in: word)
        }
    }

    /// Whether a line ending before `s[at]` would part a letter from its mark, or follow a
    /// joiner (text in decomposed form).
    @inline(__always)
    static func splitsCluster(_ s: UnsafeBufferPointer<UInt32>, _ at: Int) -> Bool {
        isMark(s[at]) || s[at - 1] == 0x200D
    }

    /// Spaces between words, for `hyphenationEnd`'s runs: the typeset spaces and the
    /// zero-width space a soft line feed may leave.
    @inline(__always)
    static func isWordSpace(_ c: UInt32) -> Bool { isTypesetSpace(c) || c == 0x200B || c == 0x0A }

    /// Letters and combining marks (general categories L and M).
    static func isLetterOrMark(_ c: UInt32) -> Bool {
        if c < 0x80 { return (c | 0x20) &- 0x61 < 26 }
        guard let scalar = Unicode.Scalar(c) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// Characters that keep the run of text they are in from being hyphenated (see
    /// `hyphenationEnd`).
    static func keepsTokenWhole(_ c: UInt32) -> Bool {
        switch c {
        case 0x30...0x39, 0x2F, 0x5C, 0x40, 0x3A, 0x5F, 0x3D, 0x23, 0x25, 0x26, 0x7E, 0x3C, 0x3E, 0x7C, 0xAD:
            return true
        case 0..<0x80:
            return false
        default:
            return Unicode.Scalar(c)?.properties.numericType != nil
        }
    }
}

/// A typesetter's hyphenation patterns (`LayoutSettings.hyphenationPatterns`), looked up on
/// first use and kept. One typesetter, one thread, uses it.
final class LazyPatterns {
    private let settings: LayoutSettings
    private var found: HyphenationPatterns??

    init(_ settings: LayoutSettings) { self.settings = settings }

    var patterns: HyphenationPatterns? {
        if let found { return found }
        let made = settings.hyphenationPatterns
        found = .some(made)
        return made
    }
}
