// UAX #14 line breaking (Unicode 17.0) with CJK kinsoku tailoring by language, and dictionary
// breaks for Thai, Lao, Khmer and Burmese: the public entry points.

/// What may happen after a scalar: no break, a break opportunity, or a forced break.
public enum BreakAction: UInt8, Sendable {
    /// No break after this scalar.
    case none = 0
    /// A line may end after this scalar.
    case allowed = 1
    /// A line must end after this scalar (hard line breaks, and the end of the text: LB3).
    case mandatory = 2
}

/// Finds line-break opportunities in a run of scalars (one paragraph), by the UAX #14 rules of
/// Unicode 17.0 tailored by a `Kinsoku` mode for a content language (CSS Text 3 §5.3), with
/// ICU's dictionaries between the words of Thai, Lao, Khmer and Burmese (`DictionaryBreaks`).
///
/// The hot loop looks each scalar up in a flat two-stage table (ASCII in a 128-entry one),
/// then looks the pair (state of the text so far, class of the next scalar) up in a pair
/// table. Pairs whose answer depends on more context (spaces after brackets, quotation marks,
/// hyphens, numbers, combining marks, regional indicators…) go to the full rule chain
/// (`RuleEvaluator`), which looks as far back and ahead as the rules need. Nothing is
/// allocated per call.
public struct LineBreaker: Sendable {
    /// The CJK tailoring applied on top of UAX #14.
    public var kinsoku: Kinsoku
    /// The text's language; nil when not known. Only whether it is Chinese or Japanese
    /// matters (`ContentLanguage.isChineseOrJapanese`): most CSS tailorings apply only then.
    public var language: ContentLanguage?

    /// A breaker for `kinsoku` (`.normal` suits most books) and `language`.
    public init(kinsoku: Kinsoku = .normal, language: ContentLanguage? = nil) {
        self.kinsoku = kinsoku
        self.language = language
    }

    /// ICU's version, which decides the breaks inside Thai, Lao, Khmer and Burmese words:
    /// whatever is saved from this breaker's answers must be keyed by it.
    public static var dictionaryVersion: String { DictionaryBreaks.icuVersion }

    /// Builds this breaker's pair table now (about 0.1 ms, once per process and mode) and,
    /// for Thai, Lao, Khmer or Burmese, opens ICU and loads its dictionary for the language,
    /// as a start-up does on its second core before the first line is broken.
    public func prepare() {
        _ = tables
        if let language { DictionaryBreaks.prepare(for: String(language.tag.prefix { $0 != "-" })) }
    }

    var tables: PairTable {
        PairTable.forKinsoku(kinsoku, chineseOrJapanese: language?.isChineseOrJapanese ?? false)
    }

    /// Writes into `actions[i]` what may happen *after* `scalars[i]` (`BreakAction.rawValue`).
    /// The last scalar always gets `.mandatory` (UAX #14 LB3).
    /// `actions.count` must be at least `scalars.count`. Any `UInt32` is accepted: values that
    /// are not Unicode scalars (surrogates, above U+10FFFF) break like letters (lb=AL).
    public func findBreaks(in scalars: UnsafeBufferPointer<UInt32>,
                           into actions: UnsafeMutableBufferPointer<UInt8>) {
        let n = scalars.count
        precondition(actions.count >= n, "actions must hold one entry per scalar")
        guard n > 0, let s = scalars.baseAddress, let out = actions.baseAddress else { return }
        let tables = self.tables
        let properties = PropertyTable.shared
        let ascii = tables.ascii, resolved = tables.resolved, pairs = tables.pairs
        let rules = RuleEvaluator(source: ScalarSource(scalars: scalars, table: properties),
                                  resolved: resolved)
        var state = rules.state(endingAt: 0)
        let last = n - 1
        var i = 0
        var dictionary: UInt8 = 0  // an SA letter: ICU's dictionaries have work to do
        while i < last {
            let c = s[i + 1]
            let b = c < 0x80 ? ascii[Int(c)] : resolved[Int(properties.property(c))]
            dictionary |= b == RuleClass.saLetter ? 1 : 0
            let entry = pairs[Int(state) << 6 | Int(b)]
            let action = UInt8(truncatingIfNeeded: entry)
            if action != UInt8(PairTable.special) {
                out[i] = action
                state = UInt8(truncatingIfNeeded: entry >> 8)
            } else {
                out[i] = rules.action(at: i)
                state = rules.state(endingAt: i + 1)
            }
            i += 1
        }
        out[last] = BreakAction.mandatory.rawValue
        if dictionary != 0 { DictionaryBreaks.addBreaks(in: scalars, into: out) }
    }

    /// Convenience for tests and the command line: the actions for a string's scalars.
    public func breakActions(_ text: String) -> [BreakAction] {
        breakActions(scalars: text.unicodeScalars.map(\.value))
    }

    /// The actions for an array of scalars (any `UInt32` values).
    public func breakActions(scalars: [UInt32]) -> [BreakAction] {
        var raw = [UInt8](repeating: 0, count: scalars.count)
        scalars.withUnsafeBufferPointer { s in
            raw.withUnsafeMutableBufferPointer { findBreaks(in: s, into: $0) }
        }
        return raw.map { BreakAction(rawValue: $0) ?? .none }
    }

    /// The same answers as `findBreaks`, computed by the full rule chain at every position,
    /// without the pair table: the reference the tests compare the fast path against.
    func findBreaksWithoutPairTable(in scalars: UnsafeBufferPointer<UInt32>,
                                    into actions: UnsafeMutableBufferPointer<UInt8>) {
        let n = scalars.count
        guard n > 0 else { return }
        let rules = RuleEvaluator(source: ScalarSource(scalars: scalars, table: .shared),
                                  resolved: tables.resolved)
        for i in 0..<(n - 1) { actions[i] = rules.action(at: i) }
        actions[n - 1] = BreakAction.mandatory.rawValue
        if let out = actions.baseAddress { DictionaryBreaks.addBreaks(in: scalars, into: out) }
    }
}
