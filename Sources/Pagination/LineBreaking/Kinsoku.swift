// CJK line-start and line-end rules (kinsoku shori) as CSS Text 3 `line-break` tailors UAX #14.

/// How strictly CJK line-start rules (kinsoku) are applied on top of UAX #14, following
/// CSS Text 3 §5.3 (`line-break`).
///
/// In every mode closing punctuation (。，、」』）…, lb=CL/CP), ！？ (EX) and closing quotation
/// marks never start a line and opening brackets never end one: UAX #14 already forbids those
/// breaks (LB13, LB14, LB19). The modes differ in the following (CJ: only when the content
/// language is Chinese or Japanese, `ContentLanguage.isChineseOrJapanese`; never a guess from
/// the neighbouring characters):
///
/// | break                                                        | uax14 | strict | normal | loose |
/// |--------------------------------------------------------------|:-----:|:------:|:------:|:-----:|
/// | before small kana and ー (lb=CJ)                               |  no   |   no   |  yes   |  yes  |
/// | before 〜 U+301C, ゠ U+30A0                                     |  no   |   no   |  CJ    |  CJ   |
/// | before ‐ U+2010, – U+2013 after an ideograph (lb=ID)          |  no   |   no   |   no   |  yes  |
/// | before iteration marks 々〻ゝゞヽヾ                               |  no   |   no   |   no   |  CJ   |
/// | between inseparable characters (lb=IN: ‥ …)                   |  no   |   no   |   no   |  CJ   |
/// | before centred punctuation ・：；･‼⁇⁈⁉！？                      |  no   |   no   |   no   |  CJ   |
/// | before suffixes (lb=PO, East Asian Width A, F or W: ℃ ％ ‰)    |  no   |   no   |   no   |  CJ   |
/// | after prefixes (lb=PR, East Asian Width A, F or W: ￥ ＄ №)      |  no   |   no   |   no   |  CJ   |
///
/// The tailored breaks are checked after LB18, so LB4–LB17 still win: no break after an
/// opening bracket (LB14), before a closing one (LB13), around glue or joiners, or between a
/// closing bracket and NS (LB16); nor after an opening quotation mark or before any (LB19). `.strict` is UAX #14's own default resolution of CJ (as
/// NS), so it equals `.uax14`.
public enum Kinsoku: String, Sendable, CaseIterable {
    /// UAX #14's default behaviour, untailored; what the conformance file tests.
    case uax14
    /// Small kana, ー and iteration marks never start a line (CJ resolves to NS).
    case strict
    /// The usual rule for books: closing punctuation never starts a line; small kana and ー
    /// may (CJ resolves to ID), and in Chinese or Japanese 〜 and ゠ may.
    case normal
    /// Also allows breaks before iteration marks, hyphens, centred punctuation and suffixes,
    /// between ellipses and after prefixes (see the table).
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
    /// The CSS Text 3 §5.3 tailorings, checked after LB18. Returns nil when none applies. The
    /// tailored classes only exist in the tables of the modes and languages they apply to
    /// (`RuleClass.resolve`), so this needs to know neither.
    ///
    /// Quotation marks keep UAX #14's rules (LB15a, LB15b, LB19, LB19a): nothing is tailored
    /// right after one that is not closing (Pf), as LB14 keeps an opening bracket with what
    /// follows (“々 stays together), nor right before one (a prefix stays with ”).
    @inline(__always)
    func tailoredAction(_ a: BreakUnit, _ b: BreakUnit) -> UInt8? {
        if (a.base == R.QU && a.r != R.quPf) || b.base == R.QU { return nil }
        switch b.r {
        case R.nsIteration, R.nsHyphenLike, R.nsCentered, R.exCentered, R.poLoose:
            return Self.allowed
        case R.hhLoose:
            // "If the preceding character belongs to the Unicode line breaking class ID".
            if a.base == R.ID { return Self.allowed }
        case R.inLoose:
            // "Breaks between inseparable characters": IN ÷ IN, where LB22 says × IN.
            if a.r == R.inLoose { return Self.allowed }
        default: break
        }
        if a.r == R.prLoose { return Self.allowed }
        return nil
    }
}
