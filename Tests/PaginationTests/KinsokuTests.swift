import Testing
@testable import Pagination

/// Closing punctuation (lb=CL, EX): never starts a line, in any mode, even after a space (LB13).
let closingPunctuation: [Unicode.Scalar] = ["。", "，", "、", "」", "』", "）", "！", "？", "．", "〕", "】", "》", "〉"]
/// Closing quotation marks never start a line either, except after a space (LB18 comes
/// before LB19, so " ’tis" may break before the apostrophe).
let lineStartForbidden: [Unicode.Scalar] = closingPunctuation + ["”", "’"]

@Suite struct KinsokuTests {
    /// Whether a break is allowed right before the `n`-th occurrence of `target` in `text`.
    func breakBefore(_ target: Unicode.Scalar, in text: String, _ kinsoku: Kinsoku, occurrence n: Int = 1) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let actions = LineBreaker(kinsoku: kinsoku).breakActions(text)
        var seen = 0
        for i in 1..<scalars.count where scalars[i] == target {
            seen += 1
            if seen == n { return actions[i - 1] != .none }
        }
        Issue.record("\(target) not found in \(text)")
        return false
    }

    @Test(arguments: [Kinsoku.strict, .normal, .loose, .uax14])
    func closingPunctuationNeverStartsALine(kinsoku: Kinsoku) {
        let sentences = [
            "他说：“你好。”我笑了，她也笑了、然后走了」。", "『红楼梦』是一部小说（清代）！真的？",
            "「はい」と言った。ええ！そう？", "中文 。 ！ ？", "“好”，", "ABC。DEF，", "123」",
            "ちょっと。ー」", "〔注〕【一】《书》〈篇〉",
        ]
        let breaker = LineBreaker(kinsoku: kinsoku)
        for text in sentences {
            let scalars = Array(text.unicodeScalars)
            let actions = breaker.breakActions(text)
            for i in 1..<scalars.count where lineStartForbidden.contains(scalars[i]) {
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
        #expect(LineBreaker(kinsoku: .strict).breakActions(text) == LineBreaker(kinsoku: .uax14).breakActions(text))
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

    @Test func looseHyphensCenteredPunctuationAndEllipses() {
        #expect(breakBefore("〜", in: "東京〜大阪", .loose))
        #expect(!breakBefore("〜", in: "東京〜大阪", .normal))
        #expect(breakBefore("\u{2010}", in: "日本\u{2010}語", .loose))
        #expect(!breakBefore("\u{2010}", in: "日本\u{2010}語", .normal))
        // Centered punctuation: before and after in loose.
        #expect(breakBefore("・", in: "中・日", .loose))
        #expect(breakBefore("日", in: "中・日", .loose))
        #expect(!breakBefore("・", in: "中・日", .normal))
        #expect(breakBefore("：", in: "注：本", .loose))
        // ‥ … may start a line after CJK text, but the pair stays together.
        #expect(breakBefore("…", in: "他说……", .loose))
        #expect(!breakBefore("…", in: "他说……", .loose, occurrence: 2))
        #expect(!breakBefore("…", in: "他说……", .normal))
    }

    @Test func loosePrefixesAndPostfixes() {
        #expect(breakBefore("％", in: "１００％", .loose))
        #expect(!breakBefore("％", in: "１００％", .normal))
        #expect(breakBefore("１", in: "￥１００", .loose))
        #expect(!breakBefore("１", in: "￥１００", .normal))
        // Only in CJK context: ASCII numbers keep their signs in every mode.
        #expect(!breakBefore("%", in: "100%", .loose))
        #expect(!breakBefore("1", in: "$100", .loose))
        #expect(!breakBefore("％", in: "100％", .loose))
    }

    @Test func looseKeepsTheOtherRules() {
        // No break after an opening bracket or before a closing one, even in loose.
        #expect(!breakBefore("々", in: "「々」", .loose))
        #expect(!breakBefore("・", in: "中）・", .loose))  // LB16: (CL | CP) SP* × NS
        #expect(!breakBefore("」", in: "「・」", .loose))
        // Latin text is untouched by kinsoku.
        let latin = "A well-known fact: 3.5% of $1,000 is $35 (really)."
        let reference = LineBreaker(kinsoku: .uax14).breakActions(latin)
        for k in Kinsoku.allCases { #expect(LineBreaker(kinsoku: k).breakActions(latin) == reference) }
    }
}
