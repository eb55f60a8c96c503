/// How the lines of a TXT file form paragraphs.
///
/// Project Gutenberg style books wrap their lines at about 70 columns and separate
/// paragraphs by blank lines; Chinese and Japanese TXT books put one paragraph on each line.
/// `book` re-flows the first kind (an LF inside a paragraph is read as a space; the text
/// and its offsets are unchanged) and takes each line of the second kind as a paragraph.
public enum ParagraphShape: Sendable, Equatable {
    /// One paragraph per line of the file.
    case linePerParagraph
    /// Paragraphs are runs of non-blank lines; LFs inside them are soft.
    case blankLineSeparated

    /// Looks at up to 4,000 lines spread over the book: hard-wrapped when most non-blank
    /// lines are followed by another non-blank line, few are longer than 100 scalars and
    /// the text is not CJK.
    public static func detect(in text: BookText) -> ParagraphShape {
        let lines = text.fileLineCount
        guard lines > 2 else { return .linePerParagraph }
        let step = max(1, lines / 4000)
        var nonBlank = 0, followedByText = 0, long = 0, wide = 0, scalarsSeen = 0
        text.utf8.withUnsafeBufferPointer { bytes in
            var line = 0
            while line < lines - 1 {
                let (s0, b0) = text.start(ofFileLine: line)
                let (s1, b1) = text.start(ofFileLine: line + 1)
                let length = s1 - s0 - 1
                if !isBlank(bytes, b0..<b1) {
                    nonBlank += 1
                    if length > 100 { long += 1 }
                    let (_, b2) = text.start(ofFileLine: line + 2 <= lines ? line + 2 : lines)
                    if line + 1 < lines, !isBlank(bytes, b1..<b2) { followedByText += 1 }
                    // Lead bytes of 3-byte sequences are mostly CJK in books.
                    for i in b0..<b1 where bytes[i] & 0xF0 == 0xE0 { wide += 1 }
                    scalarsSeen += length
                }
                line += step
            }
        }
        guard nonBlank > 0 else { return .linePerParagraph }
        let cjk = wide * 4 > scalarsSeen
        let wrapped = followedByText * 2 > nonBlank && long * 10 < nonBlank
        return wrapped && !cjk ? .blankLineSeparated : .linePerParagraph
    }

    /// True when the bytes hold only spaces, tabs, U+3000 and the final LF.
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
