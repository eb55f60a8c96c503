// The complete UAX #14 (Unicode 17.0) rule chain for one break position, with any context.
//
// This is the reference the fast path is built from: the pair table (`PairTable`) is filled
// by asking these rules about two-unit texts, and `LineBreaker` falls back to them for every
// pair whose answer depends on more than the two classes.

/// Where the rules read their text from: property bytes by index.
protocol PropertySource {
    var count: Int { get }
    func property(at index: Int) -> UInt8
}

/// Scalars of a paragraph, looked up in the generated table.
struct ScalarSource: PropertySource {
    let scalars: UnsafeBufferPointer<UInt32>
    let table: PropertyTable
    var count: Int { scalars.count }
    @inline(__always)
    func property(at index: Int) -> UInt8 { table.property(scalars[index]) }
}

/// One unit after LB9/LB10: a base scalar and the combining marks it absorbed.
struct BreakUnit {
    /// The resolved class (`RuleClass`), AL for a lone mark (LB10).
    var r: UInt8
    /// The base's property byte (flags: East Asian, wide, refined class).
    var property: UInt8
    /// Index of the base scalar, and of the last scalar of the unit.
    var start: Int
    var end: Int

    var base: UInt8 { RuleClass.base(r) }
    var isEastAsian: Bool { property & ScalarProperty.eastAsianBit != 0 }
    /// Unassigned Extended_Pictographic (LB30b).
    var isUnassignedPictographic: Bool {
        let refined = property & ScalarProperty.classMask
        return refined == RefinedClass.pictographicID || refined == RefinedClass.pictographicXX
    }
}

/// The rules, evaluated from scratch at one position.
struct RuleEvaluator<Source: PropertySource> {
    typealias R = RuleClass
    static var none: UInt8 { BreakAction.none.rawValue }
    static var allowed: UInt8 { BreakAction.allowed.rawValue }
    static var mandatory: UInt8 { BreakAction.mandatory.rawValue }

    let source: Source
    /// `RuleClass` of every property byte under the kinsoku and language in use (256 entries).
    let resolved: UnsafePointer<UInt8>

    var count: Int { source.count }

    @inline(__always)
    func r(_ index: Int) -> UInt8 { resolved[Int(source.property(at: index))] }

    @inline(__always)
    static func isMark(_ r: UInt8) -> Bool { r == R.CM || r == R.ZWJ }

    /// Classes that do not take combining marks (LB9): BK, CR, LF, NL, SP, ZW.
    @inline(__always)
    static func refusesMarks(_ r: UInt8) -> Bool {
        r == R.BK || r == R.CR || r == R.LF || r == R.NL || r == R.SP || r == R.ZW
    }

    /// How far the rules look back over marks, spaces or regional indicators. Text with
    /// longer runs (thousands of combining marks after one letter, say) is not language, and
    /// looking further would make the breaker quadratic on it; past this limit a mark run is
    /// read as a lone one (LB10), spaces as having no context and RIs as starting a new pair.
    static var contextLimit: Int { 64 }

    /// The unit whose last scalar is at `index` (LB9: X (CM | ZWJ)* is X; LB10: a lone mark is AL).
    func unit(endingAt index: Int) -> BreakUnit {
        var k = index
        let stop = index - Self.contextLimit
        while k >= 0 && Self.isMark(r(k)) {
            k -= 1
            if k < stop { return BreakUnit(r: R.AL, property: LineBreakClass.AL.rawValue, start: k + 1, end: index) }
        }
        if k == index { return BreakUnit(r: r(k), property: source.property(at: k), start: k, end: k) }
        if k >= 0 && !Self.refusesMarks(r(k)) {
            return BreakUnit(r: r(k), property: source.property(at: k), start: k, end: index)
        }
        return BreakUnit(r: R.AL, property: LineBreakClass.AL.rawValue, start: k + 1, end: index)
    }

    /// The unit before `unit`, or nil at the start of text.
    func unit(before unit: BreakUnit) -> BreakUnit? {
        unit.start > 0 ? self.unit(endingAt: unit.start - 1) : nil
    }

    /// The unit after `unit` (which must extend over all its marks), or nil at the end of text.
    func unit(after unit: BreakUnit) -> BreakUnit? {
        let start = unit.end + 1
        guard start < count else { return nil }
        var u = BreakUnit(r: r(start), property: source.property(at: start), start: start, end: start)
        if Self.isMark(u.r) { u.r = R.AL; u.property = LineBreakClass.AL.rawValue }  // LB10
        extendOverMarks(&u)
        return u
    }

    @inline(__always)
    func extendOverMarks(_ u: inout BreakUnit) {
        guard !Self.refusesMarks(u.r) else { return }
        while u.end + 1 < count && Self.isMark(r(u.end + 1)) { u.end += 1 }
    }

    /// The last unit before the spaces that end at `index` (nil: only spaces back to the start).
    func unit(beforeSpacesEndingAt index: Int) -> BreakUnit? {
        var k = index
        let stop = index - Self.contextLimit
        while k >= 0 && r(k) == R.SP {
            k -= 1
            if k < stop { return nil }
        }
        return k >= 0 ? unit(endingAt: k) : nil
    }

    /// The pair-table state of the text up to and including `index`: the unit's class, or one
    /// of the two context states (`afterZWJ`, `spaceAfterContext`).
    func state(endingAt index: Int) -> UInt8 {
        if r(index) == R.ZWJ { return R.afterZWJ }
        let u = unit(endingAt: index)
        guard u.r == R.SP else { return u.r }
        guard let before = unit(beforeSpacesEndingAt: index) else { return R.SP }
        return Self.spaceState(after: before.r)
    }

    /// Spaces after OP (LB14), QU (LB15a), CL/CP (LB16), B2 (LB17) or ZW (LB8) keep context.
    static func spaceState(after r: UInt8) -> UInt8 {
        switch R.base(r) {
        case R.OP, R.QU, R.CL, R.CP, R.B2, R.ZW: return R.spaceAfterContext
        default: return R.SP
        }
    }

    /// What may happen between scalars `i` and `i + 1` (`i + 1 < count`).
    func action(at i: Int) -> UInt8 {
        let ra = r(i), rb = r(i + 1)
        // LB4, LB5: always break after hard line breaks; CR × LF.
        switch ra {
        case R.BK: return Self.mandatory
        case R.CR: return rb == R.LF ? Self.none : Self.mandatory
        case R.LF, R.NL: return Self.mandatory
        default: break
        }
        // LB6: × (BK | CR | LF | NL)
        if rb == R.BK || rb == R.CR || rb == R.LF || rb == R.NL { return Self.none }
        // LB7: × SP, × ZW
        if rb == R.SP || rb == R.ZW { return Self.none }
        // LB8: ZW SP* ÷
        if ra == R.ZW { return Self.allowed }
        if ra == R.SP, let before = unit(beforeSpacesEndingAt: i), before.r == R.ZW {
            return Self.allowed
        }
        // LB8a: ZWJ ×
        if ra == R.ZWJ { return Self.none }
        let a = unit(endingAt: i)
        var b = BreakUnit(r: rb, property: source.property(at: i + 1), start: i + 1, end: i + 1)
        if Self.isMark(rb) {
            // LB9: X (CM | ZWJ)* is X, for X other than BK CR LF NL SP ZW (only SP is left here).
            if a.r != R.SP { return Self.none }
            // LB10: a mark that follows a space is AL.
            b.r = R.AL
            b.property = LineBreakClass.AL.rawValue
        }
        extendOverMarks(&b)
        return actionAfterMarks(i, a, b)
    }

    /// LB11 onwards, on units.
    private func actionAfterMarks(_ i: Int, _ a: BreakUnit, _ b: BreakUnit) -> UInt8 {
        let A = a.base, B = b.base
        // LB11: × WJ, WJ ×
        if A == R.WJ || B == R.WJ { return Self.none }
        // LB12: GL ×
        if A == R.GL { return Self.none }
        // LB12a: [^SP BA HY HH] × GL
        if B == R.GL && A != R.SP && A != R.BA && A != R.HY && A != R.HH { return Self.none }
        // LB13: × CL, × CP, × EX, × SY (even after spaces); CSS Text 3 loose lets ！？ go
        // in Chinese or Japanese (`tailoredAction`, after LB18).
        if B == R.CL || B == R.CP || (B == R.EX && b.r != R.exCentered) || B == R.SY { return Self.none }
        // Spaces: P is the unit before SP* (A itself when A is not a space).
        let p: BreakUnit? = A == R.SP ? unit(beforeSpacesEndingAt: i) : a
        let P = p?.base
        // LB14: OP SP* ×
        if P == R.OP { return Self.none }
        // LB15a: (sot | BK | CR | LF | NL | OP | QU | GL | SP | ZW) [Pi & QU] SP* ×
        if let p, p.r == R.quPi {
            switch unit(before: p)?.base {
            case nil, R.BK, R.CR, R.LF, R.NL, R.OP, R.QU, R.GL, R.SP, R.ZW: return Self.none
            default: break
            }
        }
        let c = unit(after: b)  // the unit after B, for look-ahead rules; nil is eot
        // LB15b: × [Pf & QU] (SP | GL | WJ | CL | QU | CP | EX | IS | SY | BK | CR | LF | NL | ZW | eot)
        if b.r == R.quPf {
            switch c?.base {
            case nil, R.SP, R.GL, R.WJ, R.CL, R.QU, R.CP, R.EX, R.IS, R.SY,
                 R.BK, R.CR, R.LF, R.NL, R.ZW:
                return Self.none
            default: break
            }
        }
        // LB15c: SP ÷ IS NU (a decimal mark after a space: "subtract .5")
        if A == R.SP && B == R.IS && c?.base == R.NU { return Self.allowed }
        // LB15d: × IS
        if B == R.IS { return Self.none }
        // LB16: (CL | CP) SP* × NS
        if (P == R.CL || P == R.CP) && B == R.NS { return Self.none }
        // LB17: B2 SP* × B2
        if P == R.B2 && B == R.B2 { return Self.none }
        // LB18: SP ÷
        if A == R.SP { return Self.allowed }
        // CSS Text 3 §5.3 `line-break` (`Kinsoku`): breaks UAX #14 forbids from here on.
        if let tailored = tailoredAction(a, b) { return tailored }
        // LB19: × [QU - Pi], [QU - Pf] ×
        if B == R.QU && b.r != R.quPi { return Self.none }
        if A == R.QU && a.r != R.quPf { return Self.none }
        // LB19a: unless East Asian on both sides, do not break around a quotation mark.
        if B == R.QU {
            if !a.isEastAsian { return Self.none }                          // [^EA] × QU
            if !(c?.isEastAsian ?? false) { return Self.none }              // × QU ([^EA] | eot)
        }
        if A == R.QU {
            if !b.isEastAsian { return Self.none }                          // QU × [^EA]
            if !(unit(before: a)?.isEastAsian ?? false) { return Self.none } // (sot | [^EA]) QU ×
        }
        // LB20: ÷ CB, CB ÷
        if A == R.CB || B == R.CB { return Self.allowed }
        // LB20a: (sot | BK | CR | LF | NL | SP | ZW | CB | GL) (HY | HH) × (AL | HL)
        if (A == R.HY || A == R.HH) && (B == R.AL || B == R.HL) {
            switch unit(before: a)?.base {
            case nil, R.BK, R.CR, R.LF, R.NL, R.SP, R.ZW, R.CB, R.GL: return Self.none
            default: break
            }
        }
        // LB21: × BA, × HH, × HY, × NS; BB ×
        if B == R.BA || B == R.HH || B == R.HY || B == R.NS || A == R.BB { return Self.none }
        // LB21a: HL (HY | HH) × [^HL]
        if (A == R.HY || A == R.HH) && B != R.HL && unit(before: a)?.base == R.HL {
            return Self.none
        }
        // LB21b: SY × HL
        if A == R.SY && B == R.HL { return Self.none }
        // LB22: × IN
        if B == R.IN { return Self.none }
        return numberAndLetterAction(a, b, c)
    }

    /// LB23 to LB31.
    private func numberAndLetterAction(_ a: BreakUnit, _ b: BreakUnit, _ c: BreakUnit?) -> UInt8 {
        let A = a.base, B = b.base
        let aLetter = A == R.AL || A == R.HL, bLetter = B == R.AL || B == R.HL
        // LB23: (AL | HL) × NU, NU × (AL | HL)
        if (aLetter && B == R.NU) || (A == R.NU && bLetter) { return Self.none }
        // LB23a: PR × (ID | EB | EM), (ID | EB | EM) × PO
        if A == R.PR && (B == R.ID || B == R.EB || B == R.EM) { return Self.none }
        if (A == R.ID || A == R.EB || A == R.EM) && B == R.PO { return Self.none }
        // LB24: (PR | PO) × (AL | HL), (AL | HL) × (PR | PO)
        if (A == R.PR || A == R.PO) && bLetter { return Self.none }
        if aLetter && (B == R.PR || B == R.PO) { return Self.none }
        // LB25 (the regular-expression form):
        //   NU (SY | IS)* (CL | CP)? × (PO | PR);  NU (SY | IS)* × NU
        if B == R.PO || B == R.PR || B == R.NU {
            var u: BreakUnit? = a
            if B != R.NU, let x = u, x.base == R.CL || x.base == R.CP { u = unit(before: x) }
            while let x = u, x.base == R.SY || x.base == R.IS { u = unit(before: x) }
            if u?.base == R.NU { return Self.none }
        }
        //   (PO | PR) × OP NU, (PO | PR) × OP IS NU
        if (A == R.PO || A == R.PR) && B == R.OP, let c {
            if c.base == R.NU { return Self.none }
            if c.base == R.IS, unit(after: c)?.base == R.NU { return Self.none }
        }
        //   (PO | PR | HY | IS) × NU
        if B == R.NU && (A == R.PO || A == R.PR || A == R.HY || A == R.IS) { return Self.none }
        // LB26: Korean syllable blocks.
        if A == R.JL && (B == R.JL || B == R.JV || B == R.H2 || B == R.H3) { return Self.none }
        if (A == R.JV || A == R.H2) && (B == R.JV || B == R.JT) { return Self.none }
        if (A == R.JT || A == R.H3) && B == R.JT { return Self.none }
        // LB27: Korean syllable blocks behave as ID around PO and PR.
        let aKorean = A == R.JL || A == R.JV || A == R.JT || A == R.H2 || A == R.H3
        let bKorean = B == R.JL || B == R.JV || B == R.JT || B == R.H2 || B == R.H3
        if (aKorean && B == R.PO) || (A == R.PR && bKorean) { return Self.none }
        // LB28: (AL | HL) × (AL | HL)
        if aLetter && bLetter { return Self.none }
        // LB28a: Brahmic orthographic syllables (◌ U+25CC counts as an aksara).
        let aAksara = a.r == R.AK || a.r == R.DC || a.r == R.AS
        let bAksara = b.r == R.AK || b.r == R.DC || b.r == R.AS
        if A == R.AP && bAksara { return Self.none }                           // AP × (AK | ◌ | AS)
        if aAksara && (B == R.VF || B == R.VI) { return Self.none }            // (AK | ◌ | AS) × (VF | VI)
        if A == R.VI && (b.r == R.AK || b.r == R.DC) {                        // (AK | ◌ | AS) VI × (AK | ◌)
            if let p = unit(before: a), p.r == R.AK || p.r == R.DC || p.r == R.AS { return Self.none }
        }
        if aAksara && bAksara && c?.base == R.VF { return Self.none }         // (AK | ◌ | AS) × (AK | ◌ | AS) VF
        // LB29: IS × (AL | HL)
        if A == R.IS && bLetter { return Self.none }
        // LB30: (AL | HL | NU) × [OP - EastAsian], [CP - EastAsian] × (AL | HL | NU)
        if (aLetter || A == R.NU) && b.r == R.OP { return Self.none }
        if a.r == R.CP && (bLetter || B == R.NU) { return Self.none }
        // LB30a: RI pairs: break between two RIs only after an even number of them.
        if A == R.RI && B == R.RI {
            var run = 0
            var u: BreakUnit? = a
            while let x = u, x.r == R.RI, run < Self.contextLimit { run += 1; u = unit(before: x) }
            if run % 2 == 1 { return Self.none }
        }
        // LB30b: EB × EM, [\p{Extended_Pictographic} & \p{Cn}] × EM
        if B == R.EM && (A == R.EB || a.isUnassignedPictographic) { return Self.none }
        // LB31: ÷
        return Self.allowed
    }
}
