import Pagination

/// A selection as it goes onto the clipboard: the book's own characters in logical order
/// (whatever direction they are drawn in), without what the layout added or hid, and a
/// reference to where it was found.
public enum CopiedText {
    /// The most characters one copy takes: a whole novel is selectable, but a clipboard of
    /// megabytes helps no one and stalls some desktops.
    public static let longest = 100_000

    /// The text of `range` in `text`: soft hyphens (U+00AD) dropped (the layout's own hyphens
    /// were never in the text); with `softLineFeeds` (a hard-wrapped TXT book) a line feed
    /// inside a paragraph read as a space (or as nothing between two CJK characters), a blank
    /// line kept as one paragraph break; otherwise each line feed is a paragraph break. Runs of
    /// paragraph breaks become one, and the text is trimmed at both ends.
    public static func text(of range: Range<Int>, in text: BookText, softLineFeeds: Bool) -> String {
        let scalars = text.string(range.clamped(to: 0..<text.scalarCount)).unicodeScalars.map(\.value)
        var out = String.UnicodeScalarView()
        var k = 0
        while k < scalars.count {
            let c = scalars[k]
            if c == 0xAD { k += 1; continue }
            guard c == 0x0A else {
                if let s = Unicode.Scalar(c) { out.append(s) }
                k += 1
                continue
            }
            var feeds = 0
            while k < scalars.count && (scalars[k] == 0x0A || (feeds > 0 && isBlank(scalars[k]))) {
                if scalars[k] == 0x0A { feeds += 1 }
                k += 1
            }
            if softLineFeeds && feeds == 1 {
                let before = out.last.map(\.value) ?? 0x20, after = k < scalars.count ? scalars[k] : 0x20
                if !(isWide(before) && isWide(after)) && !isBlank(before) { out.append(" ") }
            } else if !out.isEmpty {
                out.append("\n")
            }
        }
        return String(String(out).trimmingBlanks())
    }

    /// `“quotation” — Title, p. 42`: the copied text with where it comes from (the page as the
    /// reader numbers it; no page for an empty `page`).
    public static func reference(_ quotation: String, title: String, page: String) -> String {
        var s = "“" + quotation + "” — " + title
        if !page.isEmpty { s += ", p. " + page }
        return s
    }

    private static func isBlank(_ c: UInt32) -> Bool { c == 0x20 || c == 0x09 || c == 0x3000 }

    /// CJK ideographs, kana and fullwidth forms: joined without a space across a soft line feed.
    private static func isWide(_ c: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(c) || (0xF900...0xFAFF).contains(c) || (0xFF00...0xFFEF).contains(c) || (0x20000...0x3FFFF).contains(c)
    }
}

extension String {
    /// The string without blanks and line feeds at either end.
    fileprivate func trimmingBlanks() -> Substring {
        var s = Substring(self)
        while let c = s.unicodeScalars.first, c == " " || c == "\n" || c == "\t" || c == "\u{3000}" { s = s.dropFirst() }
        while let c = s.unicodeScalars.last, c == " " || c == "\n" || c == "\t" || c == "\u{3000}" { s = s.dropLast() }
        return s
    }
}
