import Testing
import Pagination

/// Page numbers in the digits CLDR gives the book's language (`FolioDigits`).
@Suite struct FolioDigitsTests {
    static func format(_ number: Int, _ tag: String?, _ digits: FolioDigits = .auto) -> String {
        digits.format(number, language: tag.flatMap { ContentLanguage(tag: $0) })
    }

    @Test("auto: Persian, Arabic and Bengali books number their pages in their own digits; English and Hindi in 0–9")
    func cldrDefaults() {
        #expect(Self.format(1791, "fa") == "\u{06F1}\u{06F7}\u{06F9}\u{06F1}")
        #expect(Self.format(69, "ar") == "\u{0666}\u{0669}")
        #expect(Self.format(120, "bn") == "\u{09E7}\u{09E8}\u{09E6}")
        #expect(Self.format(120, "hi") == "120", "CLDR's default for Hindi is latn")
        #expect(Self.format(120, "en") == "120")
        #expect(Self.format(120, nil) == "120")
        #expect(Self.format(12, "ar-MA") == "12", "Arabic in the Maghreb is written in 0–9")
    }

    @Test("native gives Hindi its Devanagari digits; latin keeps 0–9 in any language")
    func choices() {
        #expect(Self.format(120, "hi", .native) == "\u{0967}\u{0968}\u{0966}")
        #expect(Self.format(12, "ar-MA", .native) == "\u{0661}\u{0662}")
        #expect(Self.format(120, "fa", .latin) == "120")
        #expect(Self.format(120, "en", .native) == "120", "a language with no digits of its own")
    }
}
