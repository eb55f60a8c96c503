import PropertyBased
import Testing
@testable import Pagination

/// Pools of scalars the random texts mix; the last two draw from the whole UInt32 range.
let scalarPools: [[UInt32]] = [
    Array(0x41...0x5A) + Array(0x61...0x7A),                          // ASCII letters
    [0x20, 0x20, 0x20, 0x3000, 0x09, 0xA0, 0x2009],                   // spaces and glue
    Array(".,;:!?'\"()[]{}-/$%#&*+=<>_@".unicodeScalars.map(\.value)), // ASCII punctuation
    Array(0x30...0x39),                                               // digits
    Array("中文字红楼梦ちょっとラーメン々ゝヽ〜゠・：；‥…％￥＄０１。，、」』）！？「『（〔】‼⁇℃№€‰°".unicodeScalars.map(\.value)),
    Array("ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคພາສາລາວខ្មែរမြန်မာ".unicodeScalars.map(\.value)),  // lb=SA
    [0x300, 0x301, 0x308, 0x200D, 0x200B, 0x2060, 0x34F, 0xFE0F, 0x0E31, 0x1B44, 0x11046],  // marks, joiners
    [0x201C, 0x201D, 0x2018, 0x2019, 0xAB, 0xBB, 0x22, 0x27, 0x2E18, 0x275D],  // quotation marks
    [0x1F44B, 0x1F3FD, 0x1F1EB, 0x1F1F7, 0x1F468, 0x1F8FF, 0x1FAFF, 0x2764, 0xFFFC],  // emoji, RI, CB
    [0x0E01, 0x0E32, 0xAC00, 0x1100, 0x1161, 0x11A8, 0x0915, 0x05D0, 0x05BE, 0x2010, 0x1B05, 0x1B50,
     0x25CC, 0x11003, 0x1BF2, 0x2014, 0x2E3A, 0xB4, 0x0F0B],            // other scripts and classes
    [0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029],                   // hard breaks
]

/// One random scalar: a pool index and a value, where the two extra "pools" are any UInt32
/// and any code point (including surrogates and unassigned ones).
func scalar(_ pick: (Int, UInt32)) -> UInt32 {
    let (pool, value) = pick
    switch pool {
    case scalarPools.count: return value
    case scalarPools.count + 1: return value % 0x11_0000
    default: return scalarPools[pool][Int(value % UInt32(scalarPools[pool].count))]
    }
}

let randomText = zip(Gen.int(in: 0...(scalarPools.count + 1)), Gen.uint32()).array(of: 0...48)

@Suite struct LineBreakPropertyTests {
    @Test func actionsAreWellFormedForAnyScalars() async {
        await propertyCheck(count: 300, input: randomText) { picks in
            let scalars = picks.map(scalar)
            let modes: [(Kinsoku, ContentLanguage?)] = Kinsoku.allCases.flatMap { [($0, .japanese), ($0, nil)] }
            for (kinsoku, language) in modes {
                let actions = LineBreaker(kinsoku: kinsoku, language: language).breakActions(scalars: scalars)
                #expect(actions.count == scalars.count)
                if !scalars.isEmpty { #expect(actions.last == .mandatory) }
                let (fast, slow) = bothWays(LineBreaker(kinsoku: kinsoku, language: language), scalars)
                #expect(fast.allSatisfy { $0 <= 2 })
                #expect(fast == slow, "pair table disagrees with the rules for \(scalars.map { String($0, radix: 16) })")
            }
        }
    }

    /// Every triple of the characters CSS Text 3 tailors and the classes around them: the
    /// pair table agrees with the rules (the tailorings come before LB19 and LB22–LB25, whose
    /// answers depend on more than a pair).
    @Test func tailoredTriplesAgreeWithTheRules() {
        let pool = Array("A1 中ぁ々〜‐・！‥…℃%￥$“”\"「」）(、ก\u{300}\u{200D}".unicodeScalars.map(\.value))
        for kinsoku in [Kinsoku.normal, .loose] {
            for language in [ContentLanguage.japanese, nil] {
                let breaker = LineBreaker(kinsoku: kinsoku, language: language)
                for a in pool {
                    for b in pool {
                        for c in pool {
                            let (fast, slow) = bothWays(breaker, [a, b, c])
                            #expect(fast == slow, "\(kinsoku) \(language?.tag ?? "-"): \([a, b, c].map { String($0, radix: 16) })")
                        }
                    }
                }
            }
        }
    }

    @Test func closingPunctuationNeverStartsALineInRandomText() async {
        // Hard breaks and ZW (LB8) legitimately come first; leave them out.
        let pools = Gen.int(in: 0...(scalarPools.count - 2))
        let texts = zip(pools, Gen.uint32()).array(of: 1...48)
        await propertyCheck(count: 300, input: texts) { picks in
            let scalars = picks.map(scalar).filter { $0 != 0x200B }
            for kinsoku in [Kinsoku.strict, .normal] {
                let actions = LineBreaker(kinsoku: kinsoku, language: .japanese).breakActions(scalars: scalars)
                for i in scalars.indices.dropFirst()
                where closingPunctuation.contains(Unicode.Scalar(scalars[i]) ?? " ") {
                    #expect(actions[i - 1] == .none, "\(kinsoku): break before \(i) in \(scalars)")
                }
            }
        }
    }

    @Test func largeAndInvalidValuesDoNotCrash() {
        let values: [UInt32] = [0, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x10FFFF, 0x110000, 0xFFFF_FFFF,
                                0x0300, 0x200D, 0xE0001, 0xF0000, 0x3FFFF, 0x40000, 0xE01EF]
        for k in Kinsoku.allCases {
            let actions = LineBreaker(kinsoku: k).breakActions(scalars: values + values.reversed())
            #expect(actions.count == values.count * 2 && actions.last == .mandatory)
        }
        #expect(lineBreakClass(of: 0xFFFF_FFFF) == .XX)
    }
}
