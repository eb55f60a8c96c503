import Testing
@testable import Pagination

/// Closing punctuation (lb=CL, EX): never starts a line, in any mode, even after a space (LB13).
let closingPunctuation: [Unicode.Scalar] = ["。", "，", "、", "」", "』", "）", "！", "？", "．", "〕", "】", "》", "〉"]
/// Closing quotation marks never start a line either, except after a space (LB18 comes
/// before LB19, so " ’tis" may break before the apostrophe).
let lineStartForbidden: [Unicode.Scalar] = closingPunctuation + ["”", "’"]

@Suite struct KinsokuTests {
    /// Whether a break is allowed right before the `n`-th occurrence of `target` in `text`.
    /// The text is Japanese unless `language` says otherwise.
    func breakBefore(_ target: Unicode.Scalar, in text: String, _ kinsoku: Kinsoku, occurrence n: Int = 1,
                     language: ContentLanguage? = .japanese) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let actions = LineBreaker(kinsoku: kinsoku, language: language).breakActions(text)
        var seen = 0
        for i in 1..<scalars.count where scalars[i] == target {
            seen += 1
            if seen == n { return actions[i - 1] != .none }
        }
        Issue.record("\(target) not found in \(text)")
        return false
    }

    @Test(arguments: [Kinsoku.strict, .normal, .loose, .uax14], [ContentLanguage.japanese, .chinese, nil])
    func closingPunctuationNeverStartsALine(kinsoku: Kinsoku, language: ContentLanguage?) {
        let sentences = [
            "他说：“你好。”我笑了，她也笑了、然后走了」。", "『红楼梦』是一部小说（清代）！真的？",
            "「はい」と言った。ええ！そう？", "中文 。 ！ ？", "“好”，", "ABC。DEF，", "123」",
            "ちょっと。ー」", "〔注〕【一】《书》〈篇〉",
        ]
        // ！？ may start a line in loose Chinese or Japanese (CSS Text 3: centred punctuation).
        let forbidden = kinsoku == .loose && language != nil ? lineStartForbidden.filter { $0 != "！" && $0 != "？" }
                                                             : lineStartForbidden
        let breaker = LineBreaker(kinsoku: kinsoku, language: language)
        for text in sentences {
            let scalars = Array(text.unicodeScalars)
            let actions = breaker.breakActions(text)
            for i in 1..<scalars.count where forbidden.contains(scalars[i]) {
                #expect(actions[i - 1] == .none, "break before \(scalars[i]) at \(i) in \(text)")
            }
        }
    }

    @Test func smallKanaAndProlongedSoundMark() {
        // normal and loose: CJ behaves as ID, so small kana and ー may start a line.
        for k in [Kinsoku.normal, .loose] {
            #expect(breakBefore("ょ", in: "ちょっと", k))
            #expect(breakBefore("っ", in: "ちょっと", k))
            #expect(breakBefore("ー", in: "ラーメン", k))
            #expect(breakBefore("ァ", in: "ファン", k))
        }
        // strict and uax14: CJ behaves as NS.
        for k in [Kinsoku.strict, .uax14] {
            #expect(!breakBefore("ょ", in: "ちょっと", k))
            #expect(!breakBefore("っ", in: "ちょっと", k))
            #expect(!breakBefore("ー", in: "ラーメン", k))
            #expect(!breakBefore("ァ", in: "ファン", k))
        }
    }

    @Test func strictEqualsUAX14() {
        let text = "ちょっと待って。「はい」と言った！々ゝ・：；‥…％￥１００〜゠ァィゥ。"
        for language in [ContentLanguage.japanese, .chinese, nil] {
            #expect(LineBreaker(kinsoku: .strict, language: language).breakActions(text)
                    == LineBreaker(kinsoku: .uax14).breakActions(text))
        }
    }

    @Test func iterationMarksBreakOnlyInLoose() {
        for k in [Kinsoku.strict, .normal, .uax14] {
            #expect(!breakBefore("々", in: "時々", k))
            #expect(!breakBefore("ゝ", in: "こゝろ", k))
        }
        #expect(breakBefore("々", in: "時々", .loose))
        #expect(breakBefore("ゝ", in: "こゝろ", .loose))
        #expect(breakBefore("ヽ", in: "バヽ", .loose))
    }

    @Test func looseCenteredPunctuationAndEllipses() {
        // Centred punctuation: a break before in loose; after it UAX #14 already allows one.
        #expect(breakBefore("・", in: "中・日", .loose))
        #expect(breakBefore("日", in: "中・日", .loose))
        #expect(!breakBefore("・", in: "中・日", .normal))
        #expect(breakBefore("：", in: "注：本", .loose))
        // ‥ … : "between inseparable characters", so the pair may split but not leave the
        // text before it (LB22 × IN still holds there).
        #expect(!breakBefore("…", in: "他说……", .loose, language: .chinese))
        #expect(breakBefore("…", in: "他说……", .loose, occurrence: 2, language: .chinese))
        #expect(!breakBefore("…", in: "他说……", .normal, occurrence: 2, language: .chinese))
    }

    @Test func loosePrefixesAndSuffixes() {
        #expect(breakBefore("％", in: "１００％", .loose))
        #expect(!breakBefore("％", in: "１００％", .normal))
        #expect(breakBefore("１", in: "￥１００", .loose))
        #expect(!breakBefore("１", in: "￥１００", .normal))
        // The language decides, not the neighbour: ASCII digits before a wide sign too.
        #expect(breakBefore("％", in: "100％", .loose))
        #expect(breakBefore("℃", in: "100℃", .loose))
        // Signs of East Asian Width N or Na keep their numbers in every mode.
        #expect(!breakBefore("%", in: "100%", .loose))
        #expect(!breakBefore("1", in: "$100", .loose))
        // And in an English book nothing changes.
        #expect(!breakBefore("％", in: "１００％", .loose, language: ContentLanguage(tag: "en")))
        #expect(!breakBefore("℃", in: "100℃", .loose, language: nil))
    }

    @Test func looseKeepsTheOtherRules() {
        // No break after an opening bracket or before a closing one, even in loose.
        #expect(!breakBefore("々", in: "「々」", .loose))
        #expect(!breakBefore("・", in: "中）・", .loose))  // LB16: (CL | CP) SP* × NS
        #expect(!breakBefore("」", in: "「・」", .loose))
        // Latin text is untouched by kinsoku.
        let latin = "A well-known fact: 3.5% of $1,000 is $35 (really)."
        let reference = LineBreaker(kinsoku: .uax14).breakActions(latin)
        for k in Kinsoku.allCases {
            for language in [ContentLanguage.japanese, nil] {
                #expect(LineBreaker(kinsoku: k, language: language).breakActions(latin) == reference)
            }
        }
    }
}
