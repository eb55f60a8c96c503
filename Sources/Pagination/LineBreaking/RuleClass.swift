// The resolved classes the break rules and the pair table work with.

/// Resolved line-break classes: the Line_Break classes after LB1 resolution (AI, SG, XX → AL;
/// SA letters → `saLetter`, an AL; SA marks → CM; CJ → NS or ID by kinsoku), split where a rule looks at
/// more than the class, plus two states that only the pair table's left side uses.
///
/// Splits: `opEA`/`cpEA` (LB30 exempts East Asian brackets), `quPi`/`quPf` (LB15a, LB15b,
/// LB19), `dc` (U+25CC, an AL that LB28a treats as an aksara), `saLetter` (an SA letter,
/// AL to the rules, marking a run for the dictionary: `DictionaryBreaks`), and the classes of
/// the CSS Text 3 §5.3 tailorings, which exist only in the tables of the modes and languages
/// they apply to (see `Kinsoku`): `nsIteration`, `nsHyphenLike`, `nsCentered`, `exCentered`,
/// `hhLoose`, `inLoose`, `poLoose`, `prLoose`.
enum RuleClass {
    static let AL: UInt8 = 0
    static let DC: UInt8 = 1
    static let HL: UInt8 = 2
    static let NU: UInt8 = 3
    static let ID: UInt8 = 4
    static let EB: UInt8 = 5
    static let EM: UInt8 = 6
    static let SP: UInt8 = 7
    /// State: spaces after OP, QU, CL, CP, B2 or ZW, where LB8 and LB14–LB17 look back.
    static let spaceAfterContext: UInt8 = 8
    static let BK: UInt8 = 9
    static let CR: UInt8 = 10
    static let LF: UInt8 = 11
    static let NL: UInt8 = 12
    static let ZW: UInt8 = 13
    static let ZWJ: UInt8 = 14
    /// State: the unit ends in a ZWJ, so nothing may break after it (LB8a).
    static let afterZWJ: UInt8 = 15
    static let CM: UInt8 = 16
    static let WJ: UInt8 = 17
    static let GL: UInt8 = 18
    static let CL: UInt8 = 19
    static let CP: UInt8 = 20
    static let cpEA: UInt8 = 21
    static let EX: UInt8 = 22
    static let SY: UInt8 = 23
    static let IS: UInt8 = 24
    static let OP: UInt8 = 25
    static let opEA: UInt8 = 26
    static let QU: UInt8 = 27
    static let quPi: UInt8 = 28
    static let quPf: UInt8 = 29
    static let NS: UInt8 = 30
    /// An iteration mark 々〻ゝゞヽヾ (loose, Chinese or Japanese).
    static let nsIteration: UInt8 = 31
    /// Centred punctuation ・：；･‼⁇⁈⁉ (loose, Chinese or Japanese).
    static let nsCentered: UInt8 = 32
    static let B2: UInt8 = 33
    static let BA: UInt8 = 34
    static let HH: UInt8 = 35
    /// ‐ U+2010, – U+2013 in loose.
    static let hhLoose: UInt8 = 36
    static let HY: UInt8 = 37
    static let BB: UInt8 = 38
    static let CB: UInt8 = 39
    static let IN: UInt8 = 40
    /// An inseparable character (lb=IN) in loose, Chinese or Japanese.
    static let inLoose: UInt8 = 41
    static let PR: UInt8 = 42
    /// A prefix (PR) of East Asian Width A, F or W in loose, Chinese or Japanese.
    static let prLoose: UInt8 = 43
    static let PO: UInt8 = 44
    /// A suffix (PO) of East Asian Width A, F or W in loose, Chinese or Japanese.
    static let poLoose: UInt8 = 45
    static let JL: UInt8 = 46
    static let JV: UInt8 = 47
    static let JT: UInt8 = 48
    static let H2: UInt8 = 49
    static let H3: UInt8 = 50
    static let AK: UInt8 = 51
    static let AP: UInt8 = 52
    static let AS: UInt8 = 53
    static let VF: UInt8 = 54
    static let VI: UInt8 = 55
    static let RI: UInt8 = 56
    /// 〜 U+301C, ゠ U+30A0 in normal and loose, Chinese or Japanese.
    static let nsHyphenLike: UInt8 = 57
    /// ！ U+FF01, ？ U+FF1F in loose, Chinese or Japanese (lb=EX, so LB13 must let them go).
    static let exCentered: UInt8 = 58
    /// A letter of class SA (Thai, Lao, Khmer, Burmese…): AL to the rules (LB1).
    static let saLetter: UInt8 = 59
    /// Number of codes; the pair table has `count * count` entries.
    static let count = 64

    /// The class a split code stands for in the rules that do not care about the split.
    @inline(__always)
    static func base(_ r: UInt8) -> UInt8 {
        switch r {
        case DC, saLetter: return AL
        case cpEA: return CP
        case opEA: return OP
        case quPi, quPf: return QU
        case nsIteration, nsHyphenLike, nsCentered: return NS
        case exCentered: return EX
        case hhLoose: return HH
        case inLoose: return IN
        case prLoose: return PR
        case poLoose: return PO
        case spaceAfterContext: return SP
        default: return r
        }
    }

    /// The resolved class of a property byte (LB1) under a kinsoku tailoring, for text whose
    /// content language is (`chineseOrJapanese`) or is not Chinese or Japanese: CSS Text 3
    /// §5.3 conditions most of its tailorings on that language, not on the characters around.
    static func resolve(_ property: UInt8, kinsoku: Kinsoku, chineseOrJapanese: Bool) -> UInt8 {
        let refined = property & ScalarProperty.classMask
        let eastAsian = property & ScalarProperty.eastAsianBit != 0
        let loose = kinsoku == .loose
        let looseCJ = loose && chineseOrJapanese
        let normalCJ = (kinsoku == .normal || loose) && chineseOrJapanese
        switch refined {
        case RefinedClass.quPi: return quPi
        case RefinedClass.quPf: return quPf
        case RefinedClass.dottedCircle: return DC
        case RefinedClass.saMark: return CM
        case RefinedClass.pictographicID: return ID
        case RefinedClass.pictographicXX: return AL
        case RefinedClass.iterationMark: return looseCJ ? nsIteration : NS
        case RefinedClass.cjkHyphenLike: return normalCJ ? nsHyphenLike : NS
        case RefinedClass.centeredNS: return looseCJ ? nsCentered : NS
        case RefinedClass.centeredEX: return looseCJ ? exCentered : EX
        case RefinedClass.looseHyphen: return loose ? hhLoose : HH
        case RefinedClass.wideSuffix: return looseCJ ? poLoose : PO
        case RefinedClass.widePrefix: return looseCJ ? prLoose : PR
        default: break
        }
        guard let c = LineBreakClass(rawValue: refined) else { return AL }
        switch c {
        case .AI, .AL, .SG, .XX: return AL
        case .SA: return saLetter
        case .CJ: return kinsoku == .normal || kinsoku == .loose ? ID : NS
        case .AK: return AK
        case .AP: return AP
        case .AS: return AS
        case .B2: return B2
        case .BA: return BA
        case .BB: return BB
        case .BK: return BK
        case .CB: return CB
        case .CL: return CL
        case .CM: return CM
        case .CP: return eastAsian ? cpEA : CP
        case .CR: return CR
        case .EB: return EB
        case .EM: return EM
        case .EX: return EX
        case .GL: return GL
        case .H2: return H2
        case .H3: return H3
        case .HH: return HH
        case .HL: return HL
        case .HY: return HY
        case .ID: return ID
        case .IN: return looseCJ ? inLoose : IN
        case .IS: return IS
        case .JL: return JL
        case .JT: return JT
        case .JV: return JV
        case .LF: return LF
        case .NL: return NL
        case .NS: return NS
        case .NU: return NU
        case .OP: return eastAsian ? opEA : OP
        case .PO: return PO
        case .PR: return PR
        case .QU: return QU
        case .RI: return RI
        case .SP: return SP
        case .SY: return SY
        case .VF: return VF
        case .VI: return VI
        case .WJ: return WJ
        case .ZW: return ZW
        case .ZWJ: return ZWJ
        }
    }
}
