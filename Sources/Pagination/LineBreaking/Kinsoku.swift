// CJK line-start and line-end rules (kinsoku shori) as CSS Text 3 `line-break` tailors UAX #14.

/// How strictly CJK line-start rules (kinsoku) are applied on top of UAX #14,
/// following CSS Text 3 `line-break`.
///
/// In every mode closing punctuation (。，、」』）…, lb=CL/CP), ！？ (EX) and closing quotation
/// marks never start a line and opening brackets never end one: UAX #14 already forbids those
/// breaks (LB13, LB14, LB19). The modes differ in the following:
///
/// | break                                                   | uax14 | strict | normal | loose |
/// |---------------------------------------------------------|:-----:|:------:|:------:|:-----:|
/// | before small kana and ー (lb=CJ)                          |  no   |   no   |  yes   |  yes  |
/// | before iteration marks 々〻ゝゞヽヾ                          |  no   |   no   |   no   |  yes¹ |
/// | before CJK hyphens ‐ – 〜 ゠                               |  no   |   no   |   no   |  yes¹ |
/// | before and after centered punctuation ・：；･                 |  no²  |   no²  |   no²  |  yes¹ |
/// | before ‥ …                                               |  no   |   no   |   no   |  yes¹ |
/// | before fullwidth postfixes (％ ￠ …), after prefixes (￥ ＄ …) |  no   |   no   |   no   |  yes¹ |
///
/// ¹ Only in CJK context: the character on the other side of the break is East Asian Wide or
/// Fullwidth. ² No break before them; a break after them follows UAX #14.
/// `.strict` is UAX #14's own default resolution of CJ (as NS), so it equals `.uax14`.
public enum Kinsoku: String, Sendable, CaseIterable {
    /// UAX #14's default behaviour, untailored; what the conformance file tests.
    case uax14
    /// Small kana, ー and iteration marks never start a line (CJ resolves to NS).
    case strict
    /// The usual rule for books: closing punctuation never starts a line; small kana and ー
    /// may (CJ resolves to ID).
    case normal
    /// Also allows breaks before iteration marks, hyphens, ellipses and postfixes, around
    /// centered punctuation and after prefixes, in CJK text.
    case loose

    /// Index into per-mode tables.
    var index: Int {
        switch self {
        case .uax14: return 0
        case .strict: return 1
        case .normal: return 2
        case .loose: return 3
        }
    }
}

extension RuleEvaluator {
    /// The `.loose` tailoring, checked after LB18 (so LB4–LB17 still win: no break after an
    /// opening bracket, before a closing one, around glue or joiners). Returns nil when it
    /// does not apply. The loose classes only exist in `.loose` mode (`RuleClass.resolve`).
    func looseAction(_ a: BreakUnit, _ b: BreakUnit) -> UInt8? {
        switch b.r {
        case R.nsBefore, R.nsCentered, R.hhLoose, R.inLoose, R.poLoose:
            // Before iteration marks, CJK hyphens, centered punctuation, ‥ …, fullwidth postfixes.
            if a.isWide { return Self.allowed }
        default: break
        }
        switch a.r {
        case R.nsCentered, R.prLoose:
            // After centered punctuation and fullwidth prefixes.
            if b.isWide { return Self.allowed }
        default: break
        }
        return nil
    }
}
