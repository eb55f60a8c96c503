/// The counts of a replay of labelled gestures: how many gestures, how many labelled, and of
/// those how many the machine agreed with, missed, turned falsely or turned the wrong way;
/// and, among those errors, the conflict between selecting and turning both ways.
public struct LabSummary: Sendable, Equatable, Encodable {
    public var gestures = 0
    public var labelled = 0
    public var agreed = 0
    public var missed = 0
    public var falseTurns = 0
    public var wrongDirection = 0
    /// Selections meant that turned a page instead (counted among `falseTurns`).
    public var turnedInsteadOfSelecting = 0
    /// Turns meant that began a selection instead (counted among `missed`).
    public var selectedInsteadOfTurning = 0

    public init() {}

    /// The counts of `outcomes`.
    public init(_ outcomes: [GestureOutcome]) {
        for o in outcomes { add(o) }
    }

    public mutating func add(_ o: GestureOutcome) {
        gestures += 1
        switch o.selectionConfusion {
        case .turnedInsteadOfSelecting?: turnedInsteadOfSelecting += 1
        case .selectedInsteadOfTurning?: selectedInsteadOfTurning += 1
        case nil: break
        }
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
        turnedInsteadOfSelecting += other.turnedInsteadOfSelecting
        selectedInsteadOfTurning += other.selectedInsteadOfTurning
    }

    /// Missed, false and wrong together.
    public var errors: Int { missed + falseTurns + wrongDirection }

    private enum CodingKeys: String, CodingKey {
        case gestures, labelled, agreed, missed, falseTurns = "false", wrongDirection = "wrong", errors
        case turnedInsteadOfSelecting = "turnedNotSelected", selectedInsteadOfTurning = "selectedNotTurned"
    }

    /// The counts as a JSON object, `false` and `wrong` for the false and wrong-direction
    /// turns, and their sum as `errors`, with the selection conflict's two counts as
    /// `turnedNotSelected` and `selectedNotTurned`:
    /// `{"agreed":181,"errors":19,"false":5,"gestures":200,…}` with the command line's sorted keys.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(gestures, forKey: .gestures)
        try c.encode(labelled, forKey: .labelled)
        try c.encode(agreed, forKey: .agreed)
        try c.encode(missed, forKey: .missed)
        try c.encode(falseTurns, forKey: .falseTurns)
        try c.encode(wrongDirection, forKey: .wrongDirection)
        try c.encode(errors, forKey: .errors)
        try c.encode(turnedInsteadOfSelecting, forKey: .turnedInsteadOfSelecting)
        try c.encode(selectedInsteadOfTurning, forKey: .selectedInsteadOfTurning)
    }
}
