// The resolved classes the break rules and the pair table work with.

/// Resolved line-break classes: the Line_Break classes after LB1 resolution (AI, SG, XX and
/// SA letters → AL; SA marks → CM; CJ → NS or ID by kinsoku), split where a rule looks at
/// more than the class, plus two states that only the pair table's left side uses.
///
/// Splits: `opEA`/`cpEA` (LB30 exempts East Asian brackets), `quPi`/`quPf` (LB15a, LB15b,
/// LB19), `dc` (U+25CC, an AL that LB28a treats as an aksara), and in `.loose` kinsoku only
/// `nsBefore`, `nsCentered`, `hhLoose`, `inLoose`, `poLoose`, `prLoose` (see `Kinsoku`).
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
    static let nsBefore: UInt8 = 31
    static let nsCentered: UInt8 = 32
    static let B2: UInt8 = 33
    static let BA: UInt8 = 34
    static let HH: UInt8 = 35
    static let hhLoose: UInt8 = 36
    static let HY: UInt8 = 37
    static let BB: UInt8 = 38
    static let CB: UInt8 = 39
    static let IN: UInt8 = 40
    static let inLoose: UInt8 = 41
    static let PR: UInt8 = 42
    static let prLoose: UInt8 = 43
    static let PO: UInt8 = 44
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
    /// Number of codes; the pair table has `count * count` entries.
    static let count = 64

    /// The class a split code stands for in the rules that do not care about the split.
    @inline(__always)
    static func base(_ r: UInt8) -> UInt8 {
        switch r {
        case DC: return AL
        case cpEA: return CP
        case opEA: return OP
        case quPi, quPf: return QU
        case nsBefore, nsCentered: return NS
        case hhLoose: return HH
        case inLoose: return IN
        case prLoose: return PR
        case poLoose: return PO
        case spaceAfterContext: return SP
        default: return r
        }
    }

    /// The resolved class of a property byte under a kinsoku tailoring (LB1).
    static func resolve(_ property: UInt8, kinsoku: Kinsoku) -> UInt8 {
        let refined = property & ScalarProperty.classMask
        let eastAsian = property & ScalarProperty.eastAsianBit != 0
        let wide = property & ScalarProperty.wideBit != 0
        let loose = kinsoku == .loose
        switch refined {
        case RefinedClass.quPi: return quPi
        case RefinedClass.quPf: return quPf
        case RefinedClass.dottedCircle: return DC
        case RefinedClass.saMark: return CM
        case RefinedClass.pictographicID: return ID
        case RefinedClass.pictographicXX: return AL
        case RefinedClass.looseBefore: return loose ? nsBefore : NS
        case RefinedClass.looseCentered: return loose ? nsCentered : NS
        case RefinedClass.looseHyphen: return loose ? hhLoose : HH
        case RefinedClass.looseInseparable: return loose ? inLoose : IN
        default: break
        }
        guard let c = LineBreakClass(rawValue: refined) else { return AL }
        switch c {
        case .AI, .AL, .SA, .SG, .XX: return AL
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
        case .IN: return IN
        case .IS: return IS
        case .JL: return JL
        case .JT: return JT
        case .JV: return JV
        case .LF: return LF
        case .NL: return NL
        case .NS: return NS
        case .NU: return NU
        case .OP: return eastAsian ? opEA : OP
        case .PO: return loose && wide ? poLoose : PO
        case .PR: return loose && wide ? prLoose : PR
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
