import CSS

/// The quotation marks `q` and `content: open-quote` set, by the language of the element
/// (CSS Generated Content 3 §2.3, `quotes: auto`; the marks are CLDR's `quotationStart`,
/// `quotationEnd` and their alternates for a quotation inside a quotation).
enum QuotationMarks {
    /// The marks of a language: outer, then inner, each an opening and a closing mark.
    typealias Marks = (outer: (String, String), inner: (String, String))

    static let english: Marks = (("\u{201C}", "\u{201D}"), ("\u{2018}", "\u{2019}"))
    static let guillemets: Marks = (("\u{00AB}", "\u{00BB}"), ("\u{201C}", "\u{201D}"))

    /// By primary language subtag (Traditional Chinese apart); English's for any other.
    static let byLanguage: [String: Marks] = [
        "fr": (("\u{00AB}\u{202F}", "\u{202F}\u{00BB}"), ("\u{201C}", "\u{201D}")),
        "de": (("\u{201E}", "\u{201C}"), ("\u{201A}", "\u{2018}")),
        "ru": (("\u{00AB}", "\u{00BB}"), ("\u{201E}", "\u{201C}")),
        "uk": (("\u{00AB}", "\u{00BB}"), ("\u{201E}", "\u{201C}")),
        "pl": (("\u{201E}", "\u{201D}"), ("\u{00AB}", "\u{00BB}")),
        "cs": (("\u{201E}", "\u{201C}"), ("\u{201A}", "\u{2018}")),
        "es": guillemets, "it": guillemets, "pt": guillemets, "el": guillemets, "fa": guillemets, "ar": (("\u{201D}", "\u{201C}"), ("\u{2019}", "\u{2018}")),
        "he": (("\u{201D}", "\u{201D}"), ("\u{2019}", "\u{2019}")),
        "ja": (("\u{300C}", "\u{300D}"), ("\u{300E}", "\u{300F}")),
        "zh-hant": (("\u{300C}", "\u{300D}"), ("\u{300E}", "\u{300F}")),
        "zh": english, "ko": english, "vi": english, "nl": english, "bn": english, "th": english,
    ]

    /// The marks for text in `language` (a BCP 47 tag, nil: English's).
    static func marks(for language: String?) -> Marks {
        guard let tag = language?.lowercased() else { return english }
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let primary = parts.first.map(String.init) else { return english }
        if primary == "zh", parts.dropFirst().contains(where: { ["hant", "tw", "hk", "mo"].contains($0) }) {
            return byLanguage["zh-hant"] ?? english
        }
        return byLanguage[primary] ?? english
    }

    /// `content` (a `::before` or `::after`'s strings) with `open-quote` and `close-quote`
    /// replaced by the marks of `language` at quotation depth `depth` (the quotations open
    /// around it), which they move on: an opening mark deepens it after it is written, a
    /// closing one lessens it before (a closing mark with none open writes nothing).
    static func resolve(_ content: [String], language: String?, depth: inout Int) -> [String] {
        guard content.contains(where: { $0 == ComputedStyle.openQuote || $0 == ComputedStyle.closeQuote }) else { return content }
        let marks = marks(for: language)
        return content.compactMap { item in
            switch item {
            case ComputedStyle.openQuote:
                defer { depth += 1 }
                return depth % 2 == 0 ? marks.outer.0 : marks.inner.0
            case ComputedStyle.closeQuote:
                guard depth > 0 else { return nil }
                depth -= 1
                return depth % 2 == 0 ? marks.outer.1 : marks.inner.1
            default:
                return item
            }
        }
    }
}
