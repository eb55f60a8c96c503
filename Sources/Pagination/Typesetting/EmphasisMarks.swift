@preconcurrency internal import Glibc

/// How emphasis is written in a plain-text book.
public enum TextMarkup: String, Sendable, Codable, CaseIterable {
    /// Project Gutenberg's convention: `_a word or a phrase_` between underscores is in
    /// italics, and the underscores are not shown (`EmphasisMarks`).
    case underscores
    /// Nothing is markup: underscores are shown as typed.
    case none
}

/// The spans of a paragraph written in emphasis with underscores, as Project Gutenberg's
/// plain texts mark italics: `_Pierre_`, `(_sotto voce_)`, `_a phrase
/// across a line's end_`.
///
/// An underscore opens a span when it starts a word — after the paragraph's start, a space
/// or an opening mark (`(`, `“`, a dash…) and before a character that is not a space — and
/// the span ends at the first underscore after it that ends a word — after a character that
/// is not a space, before the paragraph's end, a space or a mark (`.`, `,`, `)`, `”`…). An
/// underscore inside a word (`snake_case`), or one that opens a span nothing closes in its
/// paragraph within `longestSpan` bytes, is only an underscore. Spans never cross a
/// paragraph's end.
///
/// Read from the UTF-8 bytes (an underscore is one byte, never inside another character's
/// sequence), so that a page's line, laid out on its own, finds the same spans as its
/// paragraph did.
enum EmphasisMarks {
    static let underscore: UInt8 = 0x5F
    /// The most bytes a span runs to its closing underscore (an emphasised phrase, not a
    /// chapter): an opener nothing closes nearby is an underscore, and a paragraph of such
    /// openers costs no more than this each.
    static let longestSpan = 2048

    /// The spans of `bytes[paragraph]`: the byte offsets of each opening and closing
    /// underscore, in order.
    static func spans(in bytes: UnsafeBufferPointer<UInt8>, _ paragraph: Range<Int>) -> [(open: Int, close: Int)] {
        var spans: [(open: Int, close: Int)] = []
        var i = paragraph.lowerBound
        while let open = next(underscoreIn: bytes, from: i, to: paragraph.upperBound) {
            i = open + 1
            guard opens(bytes, at: open, in: paragraph) else { continue }
            var j = open + 1
            let limit = min(paragraph.upperBound, open + Self.longestSpan)
            while let close = next(underscoreIn: bytes, from: j, to: limit) {
                if close > open + 1 && closes(bytes, at: close, in: paragraph) {
                    spans.append((open, close))
                    i = close + 1
                    break
                }
                j = close + 1
            }
        }
        return spans
    }

    /// The first underscore in `bytes[start..<end]` (`memchr`: a paragraph without one, most of
    /// them, costs a glance).
    private static func next(underscoreIn bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(underscore), end - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    private static func opens(_ bytes: UnsafeBufferPointer<UInt8>, at k: Int, in paragraph: Range<Int>) -> Bool {
        guard k + 1 < paragraph.upperBound, let after = scalar(in: bytes, at: k + 1), !isSpace(after), after != 0x5F
        else { return false }
        guard let before = scalar(in: bytes, endingBefore: k, from: paragraph.lowerBound) else { return true }
        return isSpace(before) || openingMarks.contains(before)
    }

    private static func closes(_ bytes: UnsafeBufferPointer<UInt8>, at k: Int, in paragraph: Range<Int>) -> Bool {
        guard let before = scalar(in: bytes, endingBefore: k, from: paragraph.lowerBound), !isSpace(before), before != 0x5F
        else { return false }
        guard k + 1 < paragraph.upperBound, let after = scalar(in: bytes, at: k + 1) else { return true }
        return isSpace(after) || closingMarks.contains(after)
    }

    /// Marks a span may open after: brackets, quotes, dashes, a slash.
    static let openingMarks: Set<UInt32> = [
        0x28, 0x5B, 0x7B, 0x22, 0x27, 0x2D, 0x2F, 0x201C, 0x2018, 0x00AB, 0x2014, 0x2013, 0x201E, 0x00BF, 0x00A1,
    ]
    /// Marks a span may close before: stops, commas, brackets, quotes, dashes, an ellipsis.
    static let closingMarks: Set<UInt32> = [
        0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x29, 0x5D, 0x7D, 0x22, 0x27, 0x2D, 0x2F, 0x201D, 0x2019, 0x00BB, 0x2014,
        0x2013, 0x2026,
    ]

    private static func isSpace(_ c: UInt32) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D || c == 0xA0 || c == 0x3000
    }

    /// The scalar whose sequence starts at byte `k`.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at k: Int) -> UInt32? {
        let length = bytes[k] >= 0xF0 ? 4 : bytes[k] >= 0xE0 ? 3 : bytes[k] >= 0x80 ? 2 : 1
        guard k + length <= bytes.count else { return nil }
        return UTF8Scanner.scalar(in: bytes, at: k)
    }

    /// The scalar whose sequence ends just before byte `k`, or nil at `start`.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, endingBefore k: Int, from start: Int) -> UInt32? {
        guard k > start else { return nil }
        var lead = k - 1
        while lead > start && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        return scalar(in: bytes, at: lead)
    }
}
