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

    /// Looks at up to 2,000 lines spread over the book: hard-wrapped when most non-blank
    /// lines are followed by another non-blank line, few are longer than 100 scalars and
    /// the text is not CJK.
    public static func detect(in text: BookText) -> ParagraphShape {
        let n = text.utf8.count
        guard n > 0 else { return .linePerParagraph }
        let samples = 2000
        var nonBlank = 0, followedByText = 0, long = 0, multiByte = 0, scalarsSeen = 0
        text.utf8.withUnsafeBufferPointer { bytes in
            var lastLine = -1
            for k in 0..<samples {
                let probe = k * n / samples
                let line = probe == 0 ? 0 : text.nextLineStart(after: probe)
                guard line < n, line != lastLine else { continue }
                lastLine = line
                let content = text.lineContent(at: line)
                guard !isBlank(bytes, content) else { continue }
                nonBlank += 1
                var length = 0
                for i in content where bytes[i] & 0xC0 != 0x80 {
                    length += 1
                    if bytes[i] >= 0xE0 { multiByte += 1 }
                }
                scalarsSeen += length
                if length > 100 { long += 1 }
                let next = content.upperBound + 1
                if next < n, !isBlank(bytes, text.lineContent(at: next)) { followedByText += 1 }
            }
        }
        guard nonBlank > 0 else { return .linePerParagraph }
        let cjk = multiByte * 4 > scalarsSeen
        let wrapped = followedByText * 2 > nonBlank && long * 10 < nonBlank
        return wrapped && !cjk ? .blankLineSeparated : .linePerParagraph
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
