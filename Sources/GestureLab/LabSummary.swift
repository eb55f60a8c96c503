/// The counts of a replay of labelled gestures: how many gestures, how many labelled, and of
/// those how many the machine agreed with, missed, turned falsely or turned the wrong way.
public struct LabSummary: Sendable, Equatable {
    public var gestures = 0
    public var labelled = 0
    public var agreed = 0
    public var missed = 0
    public var falseTurns = 0
    public var wrongDirection = 0

    public init() {}

    /// The counts of `outcomes`.
    public init(_ outcomes: [GestureOutcome]) {
        for o in outcomes { add(o) }
    }

    public mutating func add(_ o: GestureOutcome) {
        gestures += 1
        switch o.verdict {
        case .unlabelled: return
        case .agreed: agreed += 1
        case .missed: missed += 1
        case .falseTurn: falseTurns += 1
        case .wrongDirection: wrongDirection += 1
        }
        labelled += 1
    }

    public mutating func add(_ other: LabSummary) {
        gestures += other.gestures
        labelled += other.labelled
        agreed += other.agreed
        missed += other.missed
        falseTurns += other.falseTurns
        wrongDirection += other.wrongDirection
    }

    /// Missed, false and wrong together.
    public var errors: Int { missed + falseTurns + wrongDirection }

    /// `{"gestures": 200, "labelled": 200, "agreed": 181, "missed": 12, "false": 5, "wrong": 2, "errors": 19}`
    public var json: String {
        "{\"gestures\": \(gestures), \"labelled\": \(labelled), \"agreed\": \(agreed), \"missed\": \(missed), "
            + "\"false\": \(falseTurns), \"wrong\": \(wrongDirection), \"errors\": \(errors)}"
    }
}
