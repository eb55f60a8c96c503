import PageTurner

/// What each kind of error costs a reader (`--cost missed=1,false=3`): a missed turn costs a
/// second try; a false turn (a page turned that was not meant to, or one that turned the wrong
/// way) loses the reader's place, and by default counts three times as much. Sweeps and
/// comparisons rank by the total.
public struct ErrorCost: Sendable, Equatable {
    /// A turn meant and not made (or something other than a turn done instead).
    public var missed = 1.0
    /// A turn, or anything at all, done that was not meant.
    public var falseTurn = 3.0
    /// A turn the wrong way; nil: as a false turn.
    public var wrong: Double?

    public init(missed: Double = 1, falseTurn: Double = 3, wrong: Double? = nil) {
        self.missed = missed
        self.falseTurn = falseTurn
        self.wrong = wrong
    }

    /// The defaults, as `--cost` would spell them.
    public static let defaultSpelling = "missed=1,false=3"

    /// Parses `missed=1,false=3[,wrong=3]`: any of the keys, each a finite number ≥ 0.
    public init(parsing text: String) throws(CostError) {
        self.init()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { throw CostError("--cost takes KEY=N pairs separated by commas (\(Self.defaultSpelling)), not '\(part)'") }
            let key = pair[0].trimmingSpaces, text = pair[1].trimmingSpaces
            guard let value = Double(text), value.isFinite, value >= 0, value <= 1_000_000 else {
                throw CostError("--cost \(key) must be a number from 0 to 1000000, not '\(text)'")
            }
            switch key {
            case "missed": missed = value
            case "false": falseTurn = value
            case "wrong": wrong = value
            default: throw CostError("--cost knows missed, false and wrong, not '\(key)'")
            }
        }
    }

    /// The cost of one gesture's verdict (0 when it agreed or carried no label).
    public func cost(_ verdict: GestureOutcome.Verdict) -> Double {
        switch verdict {
        case .agreed, .unlabelled: 0
        case .missed: missed
        case .falseTurn: falseTurn
        case .wrongDirection: wrong ?? falseTurn
        }
    }

    /// The cost of a summary's errors.
    public func cost(_ s: LabSummary) -> Double {
        Double(s.missed) * missed + Double(s.falseTurns) * falseTurn + Double(s.wrongDirection) * (wrong ?? falseTurn)
    }

    /// "missed=1,false=3" (and ",wrong=N" when it differs from a false turn's).
    public var spelling: String {
        var s = "missed=\(TurnSettings.formatted(missed)),false=\(TurnSettings.formatted(falseTurn))"
        if let wrong { s += ",wrong=\(TurnSettings.formatted(wrong))" }
        return s
    }

}

/// A `--cost` that cannot be read, in one line.
public struct CostError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
