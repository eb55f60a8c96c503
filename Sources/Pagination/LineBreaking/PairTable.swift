// Per-kinsoku (and per-language) lookup tables for the breaker's hot loop, built once from the rules.

/// The tables `LineBreaker` uses for one `Kinsoku` mode, for text in Chinese or Japanese or not
/// (CSS Text 3 §5.3 conditions most tailorings on the content language).
///
/// The pair table is indexed by `state << 6 | b`: `state` is the `RuleClass` of the unit
/// before the position (or a context state, see `RuleClass.spaceAfterContext` and
/// `RuleClass.afterZWJ`) and `b` the resolved class of the next scalar. An entry holds the
/// action in its low byte and the state after the next scalar in its high byte, or
/// `PairTable.special` when the answer depends on more than the pair (then the full rule
/// chain in `RuleEvaluator` decides). Entries are computed by that same rule chain, on
/// two-unit texts, so the table cannot disagree with it.
struct PairTable: @unchecked Sendable {
    typealias R = RuleClass
    /// Low byte of an entry that needs the full rules.
    static let special: UInt16 = 0xFF

    let kinsoku: Kinsoku
    let chineseOrJapanese: Bool
    /// `RuleClass` of each property byte (256 entries).
    let resolved: UnsafePointer<UInt8>
    /// `RuleClass` of each ASCII scalar (128 entries).
    let ascii: UnsafePointer<UInt8>
    /// `RuleClass.count * RuleClass.count` entries.
    let pairs: UnsafePointer<UInt16>

    // One table per `Kinsoku` case (and language, where a tailoring depends on it), each
    // built on first use only: a reader opening a book pays for the mode it uses, not all six.
    // `uax14` and `strict` have no language-conditional rule.
    static let uax14 = PairTable(kinsoku: .uax14, chineseOrJapanese: false)
    static let strict = PairTable(kinsoku: .strict, chineseOrJapanese: false)
    static let normal = PairTable(kinsoku: .normal, chineseOrJapanese: false)
    static let normalCJ = PairTable(kinsoku: .normal, chineseOrJapanese: true)
    static let loose = PairTable(kinsoku: .loose, chineseOrJapanese: false)
    static let looseCJ = PairTable(kinsoku: .loose, chineseOrJapanese: true)

    @inline(__always)
    static func forKinsoku(_ kinsoku: Kinsoku, chineseOrJapanese: Bool) -> PairTable {
        switch kinsoku {
        case .uax14: uax14
        case .strict: strict
        case .normal: chineseOrJapanese ? normalCJ : normal
        case .loose: chineseOrJapanese ? looseCJ : loose
        }
    }

    private init(kinsoku: Kinsoku, chineseOrJapanese: Bool) {
        self.kinsoku = kinsoku
        self.chineseOrJapanese = chineseOrJapanese
        let resolved = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 {
            resolved[byte] = R.resolve(UInt8(byte), kinsoku: kinsoku, chineseOrJapanese: chineseOrJapanese)
        }
        let ascii = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
        let table = PropertyTable.shared
        for c in 0..<128 { ascii[c] = resolved[Int(table.property(UInt32(c)))] }

        // A property byte that resolves to each class, to build two-unit texts from.
        var sample = [UInt8?](repeating: nil, count: R.count)
        for byte in (0..<256).reversed() { sample[Int(resolved[byte])] = UInt8(byte) }

        let pairs = UnsafeMutablePointer<UInt16>.allocate(capacity: R.count * R.count)
        for a in 0..<R.count {
            for b in 0..<R.count {
                var entry = Self.special
                if !Self.needsContext(UInt8(a), UInt8(b)), let pb = sample[b] {
                    // A plain space is preceded by a letter; anything else stands alone.
                    let text: PairText? = UInt8(a) == R.SP
                        ? sample[Int(R.AL)].flatMap { al in sample[Int(R.SP)].map { PairText(al, $0, pb) } }
                        : sample[a].map { PairText($0, pb) }
                    if let text {
                        let rules = RuleEvaluator(source: text, resolved: resolved)
                        let i = text.count - 2
                        entry = UInt16(rules.action(at: i)) | UInt16(rules.state(endingAt: i + 1)) << 8
                    }
                }
                pairs[a << 6 | b] = entry
            }
        }
        self.resolved = UnsafePointer(resolved)
        self.ascii = UnsafePointer(ascii)
        self.pairs = UnsafePointer(pairs)
    }

    /// Whether the rules may look beyond the two units for this pair (or the next state
    /// depends on more than the pair). Such pairs go to `RuleEvaluator`.
    static func needsContext(_ a: UInt8, _ b: UInt8) -> Bool {
        switch b {
        case R.CM, R.ZWJ: return true                     // LB9/LB10: the unit goes on
        case R.EM: return true                            // LB30b looks at the base's properties
        case R.quPi: return true                          // LB19a looks at both neighbours
        case R.quPf where a == R.SP: return true          // LB15b looks after it (before LB18)
        default: break
        }
        switch a {
        case R.spaceAfterContext, R.afterZWJ: return true  // LB8, LB14–LB17; LB8a
        case R.quPf: return true                          // LB19a looks at both neighbours
        // A QU that is not Pf forbids a break after it (LB19) whatever follows; LB15a only
        // matters after spaces (the `spaceAfterContext` state). Likewise × [QU - Pi].
        case R.HY, R.HH, R.hhLoose: return true           // LB20a, LB21a look before the hyphen
        case R.SP: return b == R.IS                       // LB15c looks after the IS
        case R.SY, R.IS, R.CL, R.CP, R.cpEA:              // LB25 looks back for NU
            return b == R.PO || b == R.PR || b == R.NU || b == R.poLoose || b == R.prLoose
        case R.PO, R.PR, R.poLoose, R.prLoose:            // LB25 looks after the OP
            return b == R.OP || b == R.opEA
        case R.VI: return b == R.AK || b == R.DC          // LB28a looks before the VI
        case R.AK, R.DC, R.AS: return b == R.AK || b == R.DC || b == R.AS  // LB28a: VF after
        case R.RI: return b == R.RI                       // LB30a counts RIs
        default: return false
        }
    }
}

/// The two- or three-unit texts the pair table is computed on, without an array each (4,096
/// of them are built when a book's first line is broken).
private struct PairText: PropertySource {
    let first: UInt8, second: UInt8, third: UInt8
    let count: Int

    init(_ first: UInt8, _ second: UInt8) {
        (self.first, self.second, self.third, count) = (first, second, 0, 2)
    }

    init(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
        (self.first, self.second, self.third, count) = (first, second, third, 3)
    }

    func property(at index: Int) -> UInt8 { index == 0 ? first : index == 1 ? second : third }
}
