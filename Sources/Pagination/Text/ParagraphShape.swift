/// How the lines of a TXT file form paragraphs.
///
/// Project Gutenberg style books wrap their lines at about 70 columns and separate
/// paragraphs by blank lines; Chinese and Japanese TXT books put one paragraph on each line.
/// `book` re-flows the first kind (an LF inside a paragraph reads as a space, or as nothing
/// between two CJK characters; the text and its offsets are unchanged) and takes each line
/// of the second kind as a paragraph.
public enum ParagraphShape: Sendable, Equatable {
    /// One paragraph per line of the file.
    case linePerParagraph
    /// Paragraphs are runs of non-blank lines; LFs inside them are soft.
    case blankLineSeparated

    /// Looks at up to 1,200 lines spread over the book (600 places, two lines at each). A
    /// text is hard-wrapped when most non-blank lines are followed by another non-blank line,
    /// its lines hold at most `longestWrappedLine` characters, and at least two thirds of those
    /// lines end only because the next line's first word would not have fitted: the line,
    /// a space and that word are longer than 90% of the wrap width, taken as the 95th
    /// percentile of line lengths (Gutenberg's 72 columns, a Chinese e-book's 30 characters).
    /// In scripts written without spaces (CJK, Thai) the first word counts as one character.
    ///
    /// Verse has lines of nearly equal length too, but one ends where the verse does: in
    /// Truyện Kiều's six- and eight-syllable couplets the next line's first word would fit
    /// after half of them. A book whose lines mostly hold a caesura (a run of three or more
    /// spaces between words, as Thai klon separates its hemistichs) is verse as well.
    public static func detect(in text: BookText) -> ParagraphShape {
        let n = text.utf8.count
        guard n > 0 else { return .linePerParagraph }
        let samples = 600
        var lengths: [Int] = []  // of every non-blank line looked at
        var followed: [(length: Int, nextWord: Int, caesura: Bool)] = []
        text.utf8.withUnsafeBufferPointer { bytes in
            var nextUnseen = 0  // probes before this byte would find a line already looked at
            for k in 0..<samples {
                let probe = k * n / samples
                guard probe >= nextUnseen else { continue }
                // The line holding the probe and the one after it: a line is as likely to be
                // looked at as the line before it (verse alternates long and short lines).
                // A line longer than `measuredBytes` is no wrapped line: its end is enough.
                var line = probe
                while line > 0 && bytes[line - 1] != 0x0A && probe - line < measuredBytes { line -= 1 }
                if line > 0 && bytes[line - 1] != 0x0A { line = text.nextLineStart(after: probe) }
                for _ in 0..<2 where line < n {
                    let content = text.lineContent(at: line)
                    nextUnseen = content.upperBound + 1
                    line = nextUnseen
                    guard !isBlank(bytes, content) else { continue }
                    let measured = measure(bytes, content)
                    lengths.append(measured.length)
                    guard line < n else { continue }
                    let nextContent = text.lineContent(at: line)
                    guard !isBlank(bytes, nextContent) else { continue }
                    followed.append((measured.length, firstWordWidth(bytes, nextContent), measured.caesura))
                }
            }
        }
        guard !lengths.isEmpty, followed.count * 2 > lengths.count else { return .linePerParagraph }
        if followed.filter(\.caesura).count * 2 > followed.count { return .linePerParagraph }
        lengths.sort()
        let width = Float(lengths[lengths.count * 95 / 100])
        guard width <= Float(longestWrappedLine) else { return .linePerParagraph }
        let ended = followed.filter { Float($0.length + $0.nextWord) > 0.9 * width }.count
        return ended * 3 >= followed.count * 2 ? .blankLineSeparated : .linePerParagraph
    }

    /// The most characters a hard-wrapped line holds: wider text is paragraphs a line each.
    static let longestWrappedLine = 200
    /// How much of a line `detect` reads: more than `longestWrappedLine` characters of any
    /// script but the four-byte ones, so that a book of long paragraphs costs no more than a
    /// wrapped one.
    static let measuredBytes = 640

    /// The scalars of a line without its trailing spaces (of its first `measuredBytes`), and
    /// whether a run of three or more spaces stands between two of its words.
    private static func measure(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (length: Int, caesura: Bool) {
        var length = 0, kept = 0, spaces = 0
        var caesura = false
        for i in range.prefix(measuredBytes) where bytes[i] & 0xC0 != 0x80 {
            length += 1
            if bytes[i] == 0x20 || bytes[i] == 0x09 {
                spaces += 1
            } else {
                if spaces >= 3 && kept > 0 { caesura = true }
                spaces = 0
                kept = length
            }
        }
        return (kept, caesura)
    }

    /// What the first word of a line adds to the line before it, in scalars: a space and the
    /// word, or one character in a script written without spaces (CJK, Thai and its
    /// neighbours), where any character may start a line.
    private static func firstWordWidth(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var i = range.lowerBound
        while i < range.upperBound && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        guard i < range.upperBound else { return 0 }
        let first = UTF8Scanner.scalar(in: bytes, at: i)
        if isEastAsianWide(first) || lineBreakClass(of: first) == .SA { return 1 }
        var word = 0
        while i < range.upperBound && bytes[i] != 0x20 && bytes[i] != 0x09 {
            if bytes[i] & 0xC0 != 0x80 { word += 1 }
            i += 1
        }
        return 1 + word
    }

    /// True when the bytes hold only spaces, tabs, U+3000 and line feeds.
    @inline(__always)
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                i += 1
            } else if b == 0xE3, i + 2 < range.upperBound, bytes[i + 1] == 0x80, bytes[i + 2] == 0x80 {
                i += 3  // U+3000 IDEOGRAPHIC SPACE
            } else {
                return false
            }
        }
        return true
    }
}
