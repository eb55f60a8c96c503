// The Line_Break property of Unicode 17.0 and fast per-scalar lookups for the typesetter.

/// A Line_Break property value (UAX #14, Unicode 17.0), as the data file assigns it:
/// unresolved, so AI, CJ, SA, SG and XX appear as such (the breaker resolves them by LB1).
///
/// The raw values are the classes in alphabetical order of their short names.
public enum LineBreakClass: UInt8, Sendable, CaseIterable {
    /// Ambiguous (alphabetic or ideographic); resolved to AL.
    case AI
    /// Aksara (Brahmic orthographic-syllable letters, LB28a).
    case AK
    /// Alphabetic and ordinary symbols.
    case AL
    /// Aksara pre-base (LB28a).
    case AP
    /// Aksara start (LB28a).
    case AS
    /// Break opportunity before and after (em dash, LB17).
    case B2
    /// Break after (spaces that are not SP, hyphens that may end a line).
    case BA
    /// Break before (acute accents, LB21).
    case BB
    /// Mandatory break (FF, VT, LINE SEPARATOR, PARAGRAPH SEPARATOR).
    case BK
    /// Contingent break opportunity (object replacement, LB20).
    case CB
    /// Conditional Japanese starter: small kana and ー; NS or ID depending on kinsoku.
    case CJ
    /// Close punctuation (」。、，…).
    case CL
    /// Combining mark (LB9, LB10).
    case CM
    /// Close parenthesis.
    case CP
    /// Carriage return.
    case CR
    /// Emoji base (LB30b).
    case EB
    /// Emoji modifier (LB30b).
    case EM
    /// Exclamation and interrogation (！？).
    case EX
    /// Non-breaking glue (NBSP, LB12, LB12a).
    case GL
    /// Hangul LV syllable.
    case H2
    /// Hangul LVT syllable.
    case H3
    /// Unambiguous hyphen (new in Unicode 17.0: U+2010 and friends, LB20a, LB21a).
    case HH
    /// Hebrew letter.
    case HL
    /// Hyphen-minus.
    case HY
    /// Ideographic (CJK ideographs, kana, most emoji).
    case ID
    /// Inseparable (leaders and ellipses, LB22).
    case IN
    /// Infix numeric separator (, . : ;).
    case IS
    /// Hangul leading jamo.
    case JL
    /// Hangul trailing jamo.
    case JT
    /// Hangul vowel jamo.
    case JV
    /// Line feed.
    case LF
    /// Next line (U+0085).
    case NL
    /// Nonstarter (々, ゝ, ・, small kana in strict mode…).
    case NS
    /// Numeric.
    case NU
    /// Open punctuation.
    case OP
    /// Postfix numeric (%, ％).
    case PO
    /// Prefix numeric ($, ￥).
    case PR
    /// Quotation mark.
    case QU
    /// Regional indicator (flags, LB30a).
    case RI
    /// Complex-context (South East Asian) scripts; resolved to AL or CM by LB1.
    case SA
    /// Surrogate; resolved to AL.
    case SG
    /// Space (U+0020 only).
    case SP
    /// Symbols allowing a break after (/).
    case SY
    /// Virama final (LB28a).
    case VF
    /// Virama (LB28a).
    case VI
    /// Word joiner (LB11).
    case WJ
    /// Unknown or unassigned; resolved to AL.
    case XX
    /// Zero-width space (LB7, LB8).
    case ZW
    /// Zero-width joiner (LB8a).
    case ZWJ
}

/// The UAX #14 Line_Break class of `scalar` (Unicode 17.0 data, before LB1 resolution).
/// Values that are not Unicode scalars (above U+10FFFF) read as `.XX`.
@inlinable @inline(__always)
public func lineBreakClass(of scalar: UInt32) -> LineBreakClass {
    let refined = PropertyTable.shared.property(scalar) & ScalarProperty.classMask
    return LineBreakClass.ofRefined.withUnsafeBufferPointer { $0[Int(refined)] }
}

extension LineBreakClass {
    /// The class of each refined class (`LineBreakTables.rawClassOfRefined`), as values:
    /// `init(rawValue:)` is a call in the hottest loops.
    @usableFromInline static let ofRefined: [LineBreakClass] = LineBreakTables.rawClassOfRefined.map {
        LineBreakClass(rawValue: $0)!
    }
}

/// Whether `scalar` is a combining mark that draws on the character before it (lb=CM, or an
/// SA mark such as a Thai vowel or tone mark): ink with no advance of its own.
public func isCombiningMark(_ scalar: UInt32) -> Bool {
    let refined = PropertyTable.shared.property(scalar) & ScalarProperty.classMask
    return refined == LineBreakClass.CM.rawValue || refined == RefinedClass.saMark
}

/// Whether `scalar` is East Asian Wide or Fullwidth (East_Asian_Width W or F):
/// the scalars a CJK typesetter sets on the full em grid.
@inlinable @inline(__always)
public func isEastAsianWide(_ scalar: UInt32) -> Bool {
    PropertyTable.shared.property(scalar) & ScalarProperty.wideBit != 0
}

/// Whether `scalar` is East Asian in UAX #14's sense (East_Asian_Width F, W or H),
/// as rules LB19a and LB30 use it.
@inlinable @inline(__always)
public func isEastAsianForLineBreaking(_ scalar: UInt32) -> Bool {
    PropertyTable.shared.property(scalar) & ScalarProperty.eastAsianBit != 0
}

/// Whether `scalar` is a space the typesetter may hang or drop at a line end:
/// the SP class (U+0020) and U+3000 IDEOGRAPHIC SPACE (which is lb=BA).
@inlinable @inline(__always)
public func isSpaceForLineBreaking(_ scalar: UInt32) -> Bool {
    if scalar == 0x20 || scalar == 0x3000 { return true }
    return scalar >= 0x80 && lineBreakClass(of: scalar) == .SP
}
