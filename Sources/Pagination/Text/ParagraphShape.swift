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

    /// Looks at up to 2,000 lines spread over the book. A text is hard-wrapped when most
    /// non-blank lines are followed by another non-blank line and those lines have nearly
    /// the same length: at least 60% of them are between 75% and 100% of the 90th
    /// percentile length (Gutenberg's 72 columns, a Chinese e-book's 30 characters).
    /// A book with one paragraph per line has lengths all over the place.
    public static func detect(in text: BookText) -> ParagraphShape {
        let n = text.utf8.count
        guard n > 0 else { return .linePerParagraph }
        let samples = 2000
        var nonBlank = 0
        var wrappedLengths: [Int] = []
        text.utf8.withUnsafeBufferPointer { bytes in
            var nextUnseen = 0  // probes before this byte would find a line already looked at
            for k in 0..<samples {
                let probe = k * n / samples
                guard probe >= nextUnseen else { continue }
                let line = probe == 0 ? 0 : text.nextLineStart(after: probe)
                guard line < n else { break }  // no line feed after the probe: none after later ones
                let content = text.lineContent(at: line)
                nextUnseen = content.upperBound  // a probe on this line's LF finds the next line
                guard !isBlank(bytes, content) else { continue }
                nonBlank += 1
                let next = content.upperBound + 1
                guard next < n, !isBlank(bytes, text.lineContent(at: next)) else { continue }
                var length = 0
                for i in content where bytes[i] & 0xC0 != 0x80 { length += 1 }
                wrappedLengths.append(length)
            }
        }
        guard nonBlank > 0, wrappedLengths.count * 2 > nonBlank else { return .linePerParagraph }
        wrappedLengths.sort()
        let p90 = Float(wrappedLengths[wrappedLengths.count * 9 / 10])
        let near = wrappedLengths.filter { Float($0) >= 0.75 * p90 }.count
        return near * 10 >= wrappedLengths.count * 6 ? .blankLineSeparated : .linePerParagraph
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
