import CHyphen
import Foundation
import Testing
@testable import Pagination
import TestSupport
import TextDecoding

/// Liang's patterns from the dictionaries `make test` installs (hyphen-en-us, hyphen-ru,
/// hyphen-fr, hyphen-el…): where a word may take a hyphen, as libhyphen says.
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

    @Test func aFileWithTwoLevelsIsReadAsTwo() throws {
        // Compound joins, NEXTLEVEL, the patterns for each part (German's shape).
        let crafted = try #require(PatternFile.parse(Array("UTF-8\nCOMPOUNDLEFTHYPHENMIN 3\n1a1\nNEXTLEVEL\n.ab1c\n".utf8)))
        #expect(crafted.compoundLevel?.patterns == 1 && crafted.wordLevel.patterns == 1)
        #expect(crafted.compoundMinimums == (3, 0) && crafted.minimums == (2, 2))
        // A file whose NEXTLEVEL comes first (French's) is one level, its keywords read on
        // both sides.
        let french = try #require(PatternFile.parse(Array("UTF-8\nLEFTHYPHENMIN 1\nNEXTLEVEL\nRIGHTHYPHENMIN 3\n.ab1c\n".utf8)))
        #expect(french.compoundLevel == nil && french.wordLevel.patterns == 1 && french.minimums == (1, 3))
        // As libhyphen reads it: a second NEXTLEVEL ends the file, and only the first
        // level's keywords count.
        let three = try #require(PatternFile.parse(Array("UTF-8\na1\nNEXTLEVEL\nb1\nLEFTHYPHENMIN 4\nNEXTLEVEL\nc1\n".utf8)))
        #expect(three.wordLevel.patterns == 1 && three.minimums == (2, 2))
    }

    @Test func noBytesCrashTheReader() {
        for bytes in ["", "UTF-8", "UTF-8\n", "UTF-8\r\nab1c\r\n", "UTF-8\n123\n", "UTF-8\n\u{FF}\u{FE}1\n",
                      "UTF-8\nLEFTHYPHENMIN 9223372036854775807\nRIGHTHYPHENMIN -5\na1b\n", "KOI8-R\n\u{00C1}1\n",
                      "NO-SUCH-SET\na1b\n", "UTF-8\n%comment\n#comment\nf1f/ff=f,1,2\n", "UTF-8\nNEXTLEVEL",
                      "UTF-8\na1\nNEXTLEVEL", "UTF-8\na1\nNEXTLEVEL\nNEXTLEVEL\n", "UTF-8\nNOHYPHEN\n1a\nNEXTLEVEL\nb1\n",
                      "UTF-8\nNOHYPHEN ,,\u{FF}\na1\nNEXTLEVEL\n", "UTF-8\nCOMPOUNDRIGHTHYPHENMIN -9\na1\nNEXTLEVEL\nb1\n"] {
            let parsed = PatternFile.parse(Array(bytes.utf8))
            if let parsed {
                #expect((1...16).contains(parsed.minimums.before) && (1...16).contains(parsed.minimums.after))
                #expect((0...16).contains(parsed.compoundMinimums.before) && (0...16).contains(parsed.compoundMinimums.after))
            }
        }
        // A truncated character is read as U+FFFD, a letter no word has.
        let truncated = PatternFile.parse(Array([0x55, 0x54, 0x46, 0x2D, 0x38, 0x0A, 0xE4, 0xB8]))
        let word: [UInt32] = [0x2E, 0xFFFD, 0x2E]
        #expect(truncated.map { parsed in word.withUnsafeBufferPointer { parsed.wordLevel.values(for: $0).count } } == 4)
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

    @Test func russianAndUkrainianAsLiangsAlgorithmReadsTheirPatterns() throws {
        // Debian's Russian and Ukrainian files were not expanded with libhyphen's
        // substrings.pl, so libhyphen's state machine misses most of their points ("Австрии":
        // none); Liang's algorithm finds the syllables TeX finds.
        let russian = try patterns("ru")
        #expect(hyphenated("государство", russian) == "го-су-дар-ство")
        #expect(hyphenated("разговаривали", russian) == "раз-го-ва-ри-вали")
        #expect(hyphenated("Петербург", russian) == "Пе-тер-бург")
        #expect(hyphenated("Австрии", russian) == "Ав-стрии")
        #expect(hyphenated("перемога", try patterns("uk")) == "пе-ре-мога")
    }

    /// libhyphen is the truth where its dictionaries were built for it (their patterns
    /// expanded with substrings.pl): English, Greek, French, Spanish, Italian.
    @Test("the same points as libhyphen for every word of a corpus book", arguments: [
        ("en", "en_tolstoy_war_and_peace.txt"), ("el", "el_luke_luke-acts-byzantine-rp2018.txt"), ("fr", nil), ("es", nil),
        ("it", nil),
    ] as [(String, String?)])
    func agreesWithLibhyphen(tag: String, book: String?) throws {
        let patterns = try patterns(tag)
        let oracle = try #require(Libhyphen(path: patterns.path), "libhyphen (libhyphen0) reads \(patterns.path)")
        var words = Set(["hyphenation", "représentation", "государство", "ευαγγέλιον", "rappresentazione", "representación",
                         "перемога", "extraordinary", "électricité"])
        if let book {
            let text = BookText(decoded: try TextDecoder.decodeFile(atPath: SharedData.corpus(book)))
            for word in text.string(0..<min(text.scalarCount, 400_000)).split(whereSeparator: { !$0.isLetter }) where word.count >= 5 { words.insert(String(word)) }
        }
        var compared = 0, differing: [String] = []
        for word in words.sorted() {
            guard let truth = oracle.points(in: word) else { continue }
            compared += 1
            if patterns.points(in: word) != truth { differing.append(word) }
        }
        #expect(compared > 0)
        let sample = differing.prefix(5).map { "\($0): \(patterns.points(in: $0)) vs \(oracle.points(in: $0) ?? [])" }
        let count = differing.count
        #expect(count == 0, "\(count) of \(compared) differ, e.g. \(sample)")
    }
}

/// libhyphen on a dictionary: the truth `HyphenationPatterns` is tested against. (Sendable:
/// libhyphen only reads a dictionary once it is loaded.)
final class Libhyphen: @unchecked Sendable {
    let dictionary: UnsafeMutablePointer<HyphenDict>
    /// For an 8-bit dictionary, each scalar's byte.
    let bytes: [UInt32: UInt8]?

    init?(path: String) {
        guard let dictionary = pageturn_hyphen_load(path) else { return nil }
        self.dictionary = dictionary
        if pageturn_hyphen_is_utf8(dictionary) != 0 {
            bytes = nil
        } else {
            guard let table = PatternFile.byteTable(charset: String(cString: pageturn_hyphen_charset(dictionary))) else { return nil }
            var inverse: [UInt32: UInt8] = [:]
            for (byte, scalar) in table.enumerated() where inverse[scalar] == nil { inverse[scalar] = UInt8(byte) }
            bytes = inverse
        }
    }

    deinit { pageturn_hyphen_free(dictionary) }

    /// libhyphen's points (2 letters before, 3 after, also by each join of a compound; with
    /// `itsOwnMinimums`, the dictionary's: `hnj_hyphen_hyphenate2`), or nil for a word its
    /// encoding cannot write or whose lower case is not one character per character.
    func points(in word: String, itsOwnMinimums: Bool = false) -> [Int]? {
        var encoded: [CChar] = []
        var count = 0
        for scalar in word.unicodeScalars {
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            guard lower.count == 1, let l = lower.first else { return nil }
            if let bytes {
                guard let byte = l.value < 0x80 ? UInt8(l.value) : bytes[l.value] else { return nil }
                encoded.append(CChar(bitPattern: byte))
            } else {
                encoded += String(l).utf8.map { CChar(bitPattern: $0) }
            }
            count += 1
        }
        let size = encoded.count
        encoded.append(0)
        var hyphens = [CChar](repeating: 0, count: size + 5)
        let status = encoded.withUnsafeBufferPointer { w in
            hyphens.withUnsafeMutableBufferPointer {
                itsOwnMinimums ? pageturn_hyphen_points_by_its_minimums(dictionary, w.baseAddress, Int32(size), $0.baseAddress)
                    : pageturn_hyphen_points(dictionary, w.baseAddress, Int32(size), $0.baseAddress, 2, 3)
            }
        }
        guard status == 0 else { return nil }
        let points = (0..<max(count - 1, 0)).filter { hyphens[$0] >= 0x30 && hyphens[$0] <= 0x39 && (hyphens[$0] - 0x30) & 1 == 1 }.map { $0 + 1 }
        return itsOwnMinimums ? points : points.filter { $0 >= 2 && count - $0 >= 3 }
    }
}
