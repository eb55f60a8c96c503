import Testing
@testable import Pagination

/// CSS Text 3 §5.3 (`line-break`), list by list: for each character the spec names, whether a
/// break is allowed before it (or after, for prefixes) in each mode, in Chinese or Japanese
/// text and in text of another language.
@Suite struct CSSLineBreakTests {
    /// One case: `text` with the break position just before the `occurrence`-th `target`;
    /// `cj` and `other` list the modes (s strict, n normal, l loose) that allow it when the
    /// content language is Chinese or Japanese, and when it is something else.
    struct Row: CustomTestStringConvertible, Sendable {
        let text: String
        let target: Unicode.Scalar
        let occurrence: Int
        let cj: String
        let other: String
        init(_ text: String, before target: Unicode.Scalar, _ occurrence: Int = 1, cj: String, other: String = "") {
            self.text = text
            self.target = target
            self.occurrence = occurrence
            self.cj = cj
            self.other = other
        }
        var testDescription: String { "\(text) before \(target) #\(occurrence)" }
    }

    static let rows: [Row] = [
        // Conditional Japanese starters (lb=CJ): normal and loose, whatever the language.
        Row("ちょっと", before: "ょ", cj: "nl", other: "nl"),
        Row("ラーメン", before: "ー", cj: "nl", other: "nl"),
        // "breaks before certain CJK hyphen-like characters": normal and loose, CJ only.
        Row("東京〜大阪", before: "〜", cj: "nl"),
        Row("1〜2", before: "〜", cj: "nl"),
        Row("ア゠イ", before: "゠", cj: "nl"),
        // "breaks before hyphens ‐ – if the preceding character is ID": loose, any language.
        Row("日本\u{2010}語", before: "\u{2010}", cj: "l", other: "l"),
        Row("日本\u{2013}語", before: "\u{2013}", cj: "l", other: "l"),
        Row("ab\u{2010}cd", before: "\u{2010}", cj: "", other: ""),
        // "breaks before iteration marks": loose.
        Row("時々", before: "々", cj: "l"),
        Row("一〻", before: "〻", cj: "l"),
        Row("こゝろ", before: "ゝ", cj: "l"),
        Row("みすゞ", before: "ゞ", cj: "l"),
        Row("バヽ", before: "ヽ", cj: "l"),
        Row("ホヾ", before: "ヾ", cj: "l"),
        // "breaks between inseparable characters (lb=IN)": loose; never before the first.
        Row("他说……", before: "…", 2, cj: "l"),
        Row("他说‥‥", before: "‥", 2, cj: "l"),
        Row("他说……", before: "…", 1, cj: ""),
        // "breaks before certain centred punctuation marks": loose.
        Row("中・日", before: "・", cj: "l"),
        Row("注：本", before: "：", cj: "l"),
        Row("注；本", before: "；", cj: "l"),
        Row("ｱ･ｲ", before: "･", cj: "l"),
        Row("本‼", before: "‼", cj: "l"),
        Row("本⁇", before: "⁇", cj: "l"),
        Row("本⁈", before: "⁈", cj: "l"),
        Row("本⁉", before: "⁉", cj: "l"),
        Row("本！", before: "！", cj: "l"),
        Row("本？", before: "？", cj: "l"),
        // "breaks before suffixes: lb=PO with East Asian Width A, F or W": loose.
        Row("１００％", before: "％", cj: "l"),
        Row("100℃", before: "℃", cj: "l"),
        Row("5‰", before: "‰", cj: "l"),
        Row("30°", before: "°", cj: "l"),
        Row("100￠", before: "￠", cj: "l"),
        Row("100%", before: "%", cj: ""),  // width Na
        // "breaks after prefixes: lb=PR with East Asian Width A, F or W": loose.
        Row("￥１００", before: "１", cj: "l"),
        Row("＄100", before: "1", cj: "l"),
        Row("€100", before: "1", cj: "l"),
        Row("№1", before: "1", cj: "l"),
        Row("±5", before: "5", cj: "l"),
        Row("$100", before: "1", cj: ""),  // width Na
        // What LB4–LB17 forbid stays forbidden: after an opening bracket, ) ・ (LB16).
        Row("「々」", before: "々", cj: ""),
        Row("中）・", before: "・", cj: ""),
        Row("（！", before: "！", cj: ""),
        Row("A“々", before: "々", cj: ""),  // LB19: [QU - Pf] ×
    ]

    static let modes: [(Character, Kinsoku)] = [("s", .strict), ("n", .normal), ("l", .loose)]

    func allowed(_ row: Row, _ kinsoku: Kinsoku, _ language: ContentLanguage?) -> Bool {
        let scalars = Array(row.text.unicodeScalars)
        let actions = LineBreaker(kinsoku: kinsoku, language: language).breakActions(row.text)
        var seen = 0
        for i in 1..<scalars.count where scalars[i] == row.target {
            seen += 1
            if seen == row.occurrence { return actions[i - 1] != .none }
        }
        Issue.record("\(row.target) not found in \(row.text)")
        return false
    }

    @Test(arguments: rows)
    func chineseAndJapanese(_ row: Row) {
        for language in ["ja", "zh", "zh-Hant", "ja-JP", "yue"].map({ ContentLanguage(tag: $0)! }) {
            for (letter, kinsoku) in Self.modes {
                #expect(allowed(row, kinsoku, language) == row.cj.contains(letter), "\(kinsoku), \(language)")
            }
        }
    }

    @Test(arguments: rows)
    func otherLanguages(_ row: Row) {
        for language in [nil, ContentLanguage(tag: "en"), .korean, ContentLanguage(tag: "ja-Latn")] {
            for (letter, kinsoku) in Self.modes {
                #expect(allowed(row, kinsoku, language) == row.other.contains(letter),
                        "\(kinsoku), \(language?.tag ?? "none")")
            }
        }
    }

    @Test(arguments: rows)
    func uax14IgnoresTheLanguage(_ row: Row) {
        #expect(allowed(row, .uax14, .japanese) == allowed(row, .uax14, nil))
        #expect(allowed(row, .strict, .japanese) == allowed(row, .uax14, nil))
    }
}
