/// An entry of a book's table of contents.
public struct Chapter: Sendable, Equatable {
    /// The heading as it stands in the book, spaces collapsed.
    public let title: String
    /// Scalar offset of the heading's first character.
    public let offset: Int
    /// 0 for books, parts, volumes and epilogues; 1 for chapters inside them.
    public let level: Int

    public init(title: String, offset: Int, level: Int) {
        self.title = title
        self.offset = offset
        self.level = level
    }
}

/// Finds the table of contents of a TXT book from its headings.
///
/// A heading is a whole line of the file, short, with no sentence punctuation inside:
/// - Chinese: `第` + a number + `章 回 节 卷 集 部 篇` (`第一回  甄士隐梦幻识通灵`), `卷一 …`,
///   and lines such as `序`, `楔子`, `尾声`, `后记`;
/// - Latin, at the start of the line after a blank line: `CHAPTER IV`, `Chapter 12. Title`,
///   `BOOK ONE: 1805`, `PART II`, `FIRST EPILOGUE`;
/// - Japanese serials: a line that is only a kanji number (`十一`) between blank lines.
/// A line such as `第一封信就这样改变了…` inside running text is not a heading. When no
/// heading pattern matches at least twice, short lines between blank lines are taken instead.
public enum ChapterDetector {
    public static func detect(in text: BookText) -> [Chapter] {
        var found: [Chapter] = []
        // Lines that may be short isolated titles, kept as byte ranges: they are read (made
        // into strings) only when no heading pattern matched twice.
        var isolated: [Range<Int>] = []
        let n = text.utf8.count
        text.utf8.withUnsafeBufferPointer { bytes in
            var previousBlank = true
            var line = 0
            while line < n {
                let range = text.lineContent(at: line)
                let nextLine = range.upperBound + 1
                defer {
                    previousBlank = ParagraphShape.isBlank(bytes, range)
                    line = nextLine
                }
                // Headings are short: at most 60 scalars, so at most 240 bytes.
                guard range.count > 0, range.count <= 240, let first = firstInk(bytes, range) else { continue }
                let nextBlank = nextLine >= n || ParagraphShape.isBlank(bytes, text.lineContent(at: nextLine))
                let betweenBlanks = previousBlank && nextBlank
                let ink = first..<range.upperBound
                if let level = patternLevel(bytes, line: range, previousBlank: previousBlank, nextBlank: nextBlank) {
                    found.append(Chapter(title: title(bytes, ink), offset: text.scalarOffset(ofByte: first), level: level))
                } else if betweenBlanks && ink.count <= 240 {
                    // A short title between blank lines, taken when no pattern matches twice:
                    // counted on the bytes before any string is made.
                    let (letters, _) = inkScalars(bytes, ink)
                    if letters <= 20 { isolated.append(ink) }
                }
            }
        }
        if found.count >= 2 { return normalizedLevels(found) }
        let titles: [Chapter] = text.utf8.withUnsafeBufferPointer { bytes in
            isolated.compactMap { ink in
                let title = title(bytes, ink)
                guard HeadingPatterns.isShortIsolatedTitle(Array(title.unicodeScalars)) else { return nil }
                return Chapter(title: title, offset: text.scalarOffset(ofByte: ink.lowerBound), level: 0)
            }
        }
        return titles.count >= 2 ? titles : found
    }

    /// The heading level of the file's line `line` (its content, without the LF) by the heading
    /// patterns alone, or nil: a Latin keyword heading at the line's start after a blank line,
    /// a CJK `第…回` heading, or a kanji number between blank lines (see the type's comment).
    /// A line's own text and its neighbours' blankness decide, so a page laid out on its own
    /// sees the same headings as the whole book (`Typesetter` opens a page at each).
    static func patternLevel(_ bytes: UnsafeBufferPointer<UInt8>, line range: Range<Int>, previousBlank: Bool,
                             nextBlank: Bool) -> Int? {
        // Headings are short: at most 60 scalars, so at most 240 bytes.
        guard range.count > 0, range.count <= 240, let first = firstInk(bytes, range) else { return nil }
        let ink = first..<range.upperBound
        let maybeLatin = first == range.lowerBound && previousBlank && HeadingPatterns.startsWithLatinKeyword(bytes, ink)
        let maybeCJK = HeadingPatterns.startsWithCJKMarker(bytes, ink)
        if !maybeLatin && !maybeCJK {
            // Only a kanji number (at most 4 scalars) is left.
            guard previousBlank && nextBlank else { return nil }
            let (letters, allCJK) = inkScalars(bytes, ink)
            guard letters <= 4, allCJK else { return nil }
        }
        let title = title(bytes, ink)
        if maybeLatin, let level = HeadingPatterns.latinLevel(title) { return level }
        if maybeCJK, let level = HeadingPatterns.cjkLevel(Array(title.unicodeScalars)) { return level }
        if previousBlank && nextBlank && HeadingPatterns.isKanjiNumber(Array(title.unicodeScalars)) { return 1 }
        return nil
    }

    /// The line's text from its first ink, spaces collapsed.
    static func title(_ bytes: UnsafeBufferPointer<UInt8>, _ ink: Range<Int>) -> String {
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[ink]), as: UTF8.self)
        return collapseSpaces(Array(string.unicodeScalars))
    }

    /// How many scalars of `ink` are not spaces (ASCII space, tab, U+3000), and whether all of
    /// those are three-byte or longer (CJK and other scripts from U+0800).
    static func inkScalars(_ bytes: UnsafeBufferPointer<UInt8>, _ ink: Range<Int>) -> (count: Int, allCJK: Bool) {
        var count = 0, allCJK = true
        var i = ink.lowerBound
        while i < ink.upperBound {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 {
                i += 1
                continue
            }
            if b == 0xE3, i + 2 < ink.upperBound, bytes[i + 1] == 0x80, bytes[i + 2] == 0x80 {
                i += 3
                continue
            }
            count += 1
            allCJK = allCJK && b >= 0xE0
            i += b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
        }
        return (count, allCJK)
    }

    /// When a book has no books or parts, its chapters are the top level.
    static func normalizedLevels(_ chapters: [Chapter]) -> [Chapter] {
        guard let top = chapters.map(\.level).min(), top > 0 else { return chapters }
        return chapters.map { Chapter(title: $0.title, offset: $0.offset, level: $0.level - top) }
    }

    static func firstInk(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 {
                i += 1
            } else if b == 0xE3, i + 2 < range.upperBound, bytes[i + 1] == 0x80, bytes[i + 2] == 0x80 {
                i += 3
            } else {
                return i
            }
        }
        return nil
    }

    /// The line with runs of spaces (ASCII, tabs, U+3000) turned into one ASCII space and
    /// trailing spaces removed.
    static func collapseSpaces(_ scalars: [Unicode.Scalar]) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for s in scalars {
            if s == " " || s == "\t" || s == "\u{3000}" {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(s)
            }
        }
        return String(out)
    }
}
