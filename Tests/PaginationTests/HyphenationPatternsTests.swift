import Testing
@testable import Pagination

/// Liang's patterns through libhyphen, from the dictionaries `make test` installs
/// (hyphen-en-us, hyphen-ru, hyphen-fr, hyphen-el…): where a word may take a hyphen.
@Suite struct HyphenationPatternsTests {
    func patterns(_ tag: String) throws -> HyphenationPatterns {
        try #require(HyphenationPatterns.patterns(for: ContentLanguage(tag: tag)), "no hyphenation dictionary for \(tag)")
    }

    /// The word with a hyphen at each point.
    func hyphenated(_ word: String, _ patterns: HyphenationPatterns, before: Int = 2, after: Int = 3) -> String {
        let scalars = Array(word.unicodeScalars)
        var out = ""
        for (k, scalar) in scalars.enumerated() {
            if patterns.points(in: word, before: before, after: after).contains(k) { out += "-" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    @Test func englishWordsBreakWhereTheUSPatternsSay() throws {
        let english = try patterns("en")
        #expect(english.path.hasSuffix("hyph_en.dic") || english.path.hasSuffix("hyph_en_US.dic"))
        #expect(hyphenated("hyphenation", english) == "hy-phen-ation")
        #expect(hyphenated("Hyphenation", english) == "Hy-phen-ation", "looked up in lower case")
        #expect(hyphenated("rabbit", english) == "rab-bit")
        #expect(hyphenated("conversation", english) == "con-ver-sa-tion")
        #expect(hyphenated("plaited", english) == "plaited", "plait-ed would leave two letters after the hyphen")
    }

    @Test func theMinimumsOnEachSideAreKept() throws {
        let english = try patterns("en")
        for word in ["hyphenation", "uncomfortable", "representation", "extraordinary"] {
            let count = word.unicodeScalars.count
            for point in english.points(in: word) {
                #expect(point >= 2 && count - point >= 3, "\(word) at \(point)")
            }
            #expect(english.points(in: word, before: 4, after: 4).allSatisfy { $0 >= 4 && count - $0 >= 4 })
        }
        #expect(english.points(in: "the").isEmpty, "too short for 2 + 3")
        #expect(english.points(in: "").isEmpty)
    }

    @Test func anEightBitDictionaryIsReadInItsOwnEncoding() throws {
        // Debian's Russian patterns are KOI8-R: the word is converted before the look-up.
        let russian = try patterns("ru")
        #expect(hyphenated("государство", russian).contains("-"))
        #expect(hyphenated("Наташа", russian).replacingOccurrences(of: "-", with: "") == "Наташа")
        #expect(russian.points(in: "war").isEmpty, "Latin letters are not in the Russian patterns' words")
        // Greek's are ISO 8859-7, accents included.
        let greek = try patterns("el")
        #expect(hyphenated("βασιλεία", greek).contains("-"))
    }

    @Test func aUTF8DictionaryCountsCharactersNotBytes() throws {
        let french = try patterns("fr")
        let points = french.points(in: "électricité")
        #expect(!points.isEmpty)
        #expect(points.allSatisfy { $0 >= 2 && "électricité".unicodeScalars.count - $0 >= 3 })
        #expect(hyphenated("électricité", french) == "élec-tri-cité")
    }

    @Test func aLanguageWithoutADictionaryHasNoPatterns() {
        #expect(HyphenationPatterns.patterns(for: ContentLanguage(tag: "zh")) == nil)
        #expect(HyphenationPatterns.patterns(for: nil) == nil)
        #expect(HyphenationPatterns.dictionaryFile(for: "../etc") == nil)
    }

    @Test func theRegionPicksItsDictionary() {
        #expect(HyphenationPatterns.dictionaryFile(for: "de-CH")?.hasSuffix("hyph_de_CH.dic") == true)
        #expect(HyphenationPatterns.dictionaryFile(for: "de")?.hasSuffix("hyph_de_DE.dic") == true)
        #expect(HyphenationPatterns.dictionaryFile(for: "ru")?.hasSuffix("hyph_ru_RU.dic") == true)
        #expect(HyphenationPatterns.dictionaryFile(for: "en-US")?.hasSuffix("hyph_en_US.dic") == true)
    }
}
