/// A plain-text book's opening matter, set as a title page (`ParagraphKind.title`): its
/// title and author centred in the upper part of a page of their own, larger than the text,
/// with no running head or folio, as a printed book's title page.
///
/// Found in the file's first lines alone, so that a page laid out on its own agrees:
/// - a first line in brackets followed by a blank line, as Project Gutenberg's HTML-derived
///   texts open (`[Alice's Adventures in Wonderland by Lewis Carroll 1865]`): the line breaks
///   before its " by " so that the author stands on a line of their own;
/// - a Project Gutenberg header's `Title:` paragraph, within the first `headerBytes`, with the
///   `Author:` paragraph right after it (blank lines between); a paragraph of more than
///   `longestParagraph` lines (a file without blank lines) is its first line alone.
///
/// The brackets and the `Title:` and `Author:` labels are the file's text (they stay in the
/// lines' ranges) but are not drawn (`hiddenPrefix`, `hiddenSuffix`).
public struct TitleMatter: Sendable, Equatable {
    /// The matter's bytes, from its first line's start to its last line's end.
    public var bytes: Range<Int>
    /// Whether it is a bracketed first line (its brackets are not drawn).
    public var bracketed: Bool
    /// The byte of the space before " by " in a bracketed title, where its line breaks.
    public var authorBreak: Int?

    /// How much larger than the text the title page is set.
    public static let scale: Float = 1.5
    /// How far into the file a header's `Title:` line is looked for.
    static let headerBytes = 3000
    /// The longest bracketed title line, in bytes.
    static let longestBracketedLine = 300
    /// The most lines a header's paragraph may have and be title matter.
    static let longestParagraph = 4

    /// The opening matter of `text`, or nil when it has none of the two forms.
    public static func find(in text: BookText) -> TitleMatter? {
        let bytes = text.utf8
        var start = 0
        // Blank lines before the first line (`BookText` has no byte-order mark and LF ends).
        while start < bytes.count, text.isBlankLine(at: start) {
            let end = text.lineContent(at: start).upperBound
            guard end < bytes.count else { return nil }
            start = end + 1
        }
        guard start < bytes.count else { return nil }
        let first = trimmed(text, text.lineContent(at: start))
        if first.count >= 3, first.count <= longestBracketedLine, bytes[first.lowerBound] == 0x5B,
           bytes[first.upperBound - 1] == 0x5D, isFollowedByBlank(text, first) {
            return TitleMatter(bytes: start..<text.lineContent(at: start).upperBound, bracketed: true,
                               authorBreak: lastBy(in: bytes, first.lowerBound + 1..<first.upperBound - 1))
        }
        // A header's Title: paragraph, then its Author: paragraph.
        var line = start
        while line < min(bytes.count, headerBytes) {
            let content = text.lineContent(at: line)
            if hasPrefix(bytes, content, "Title:") {
                var end = paragraphEnd(text, from: line)
                var next = end + 1
                while next < bytes.count, text.isBlankLine(at: next) { next = text.lineContent(at: next).upperBound + 1 }
                if next < bytes.count, hasPrefix(bytes, text.lineContent(at: next), "Author:") { end = paragraphEnd(text, from: next) }
                return TitleMatter(bytes: line..<end, bracketed: false, authorBreak: nil)
            }
            line = content.upperBound + 1
        }
        return nil
    }

    /// How many scalars at the start of a title-matter paragraph are not drawn: the bracket
    /// of a bracketed title, or a `Title:` or `Author:` label, and the spaces after it.
    static func hiddenPrefix(_ s: UnsafeBufferPointer<UInt32>, bracketed: Bool) -> Int {
        var k = 0
        for label in bracketed ? ["["] : ["Title:", "Author:"] {
            let scalars = label.unicodeScalars.map(\.value)
            if s.count >= scalars.count && zip(s, scalars).allSatisfy({ $0 == $1 }) {
                k = scalars.count
                break
            }
        }
        while k < s.count && (s[k] == 0x20 || s[k] == 0x09) { k += 1 }
        return k
    }

    /// How many scalars at the end of a title-matter paragraph are not drawn: a closing
    /// bracket and the spaces before it.
    static func hiddenSuffix(_ s: UnsafeBufferPointer<UInt32>) -> Int {
        var k = 0
        while k < s.count && (s[s.count - 1 - k] == 0x20 || s[s.count - 1 - k] == 0x09) { k += 1 }
        guard k < s.count && s[s.count - 1 - k] == 0x5D else { return 0 }
        k += 1
        while k < s.count && (s[s.count - 1 - k] == 0x20 || s[s.count - 1 - k] == 0x09) { k += 1 }
        return k
    }

    private static func trimmed(_ text: BookText, _ line: Range<Int>) -> Range<Int> {
        var a = line.lowerBound, b = line.upperBound
        while a < b && (text.utf8[a] == 0x20 || text.utf8[a] == 0x09) { a += 1 }
        while b > a && (text.utf8[b - 1] == 0x20 || text.utf8[b - 1] == 0x09) { b -= 1 }
        return a..<b
    }

    private static func isFollowedByBlank(_ text: BookText, _ line: Range<Int>) -> Bool {
        let end = text.lineContent(at: line.lowerBound).upperBound
        return end >= text.utf8.count || text.isBlankLine(at: end + 1)
    }

    /// The end of the paragraph whose first line starts at `line`: its last line before a
    /// blank line or the end, or its first line's end when it has more than
    /// `longestParagraph` lines.
    private static func paragraphEnd(_ text: BookText, from line: Int) -> Int {
        let first = text.lineContent(at: line).upperBound
        var end = first, lines = 1
        while end + 1 < text.utf8.count, !text.isBlankLine(at: end + 1) {
            end = text.lineContent(at: end + 1).upperBound
            lines += 1
            if lines > longestParagraph { return first }
        }
        return end
    }

    private static func hasPrefix(_ bytes: [UInt8], _ range: Range<Int>, _ prefix: String) -> Bool {
        let p = Array(prefix.utf8)
        return range.count >= p.count && bytes[range.lowerBound..<range.lowerBound + p.count].elementsEqual(p)
    }

    /// The byte of the space that starts the last " by " in `range`.
    private static func lastBy(in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        let by = Array(" by ".utf8)
        guard range.count > by.count else { return nil }
        for k in stride(from: range.upperBound - by.count, through: range.lowerBound + 1, by: -1)
            where bytes[k..<k + by.count].elementsEqual(by) { return k }
        return nil
    }
}
