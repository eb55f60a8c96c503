import PageTurner

/// What the machine did with one gesture, and why.
public struct GestureOutcome: Sendable, Equatable {
    /// What happened: a turn to the next or previous page, the toolbars toggled, a pull at
    /// either end of the book (`boundary`), a selection begun by a long press, or nothing.
    public enum Action: String, Sendable, Hashable {
        case next, previous, toolbars, boundary, select, none
    }

    /// Why, in the commit rule's terms.
    public enum Cause: Sendable, Equatable {
        /// A released drag: what the rule weighed (`Release`).
        case release(Release)
        /// A tap, the zone it fell in.
        case tap(zone: String)
        /// A key, wheel step or tap-zone turn ran into an end of the book.
        case boundary
        /// A key or wheel step.
        case command
        /// The recognizer turned it away before the rule: a drag judged vertical, one let go
        /// before its direction was judged, a press too slow for a tap, a second pointer.
        case ignored(IgnoredGesture)
        /// The press was held inside the touch slop for the long-press time (ms): it selected.
        case longPress(timeout: Double)
        /// Nothing reached the rule and nothing said why (a swipe that never left the slop).
        case nothing
    }

    /// When the gesture began (ms), and its first step's line in the file.
    public var time: Double
    public var line: Int
    public var action: Action
    public var cause: Cause
    /// What the `expect` line after it says, if there is one.
    public var intent: Intent?
    /// What kind of gesture its `expect` line names (`kind=drag+wobble`: the kind, then what
    /// real hands added; `GestureSynthesizer.realistic`), if it does.
    public var kind: String?
    /// The line of the `expect` line that labels it: what names a gesture whatever the settings
    /// (where a gesture starts can depend on them: a swipe's release gap).
    public var expectLine: Int?

    /// How the outcome compares with the intent.
    public enum Verdict: String, Sendable {
        case agreed, missed, falseTurn = "false", wrongDirection = "wrong", unlabelled
    }

    /// `agreed` when it did what was meant; `missed` when something was meant and it did
    /// nothing (or something other than a turn when a turn was meant: a selection, say);
    /// `false` when it turned a page, or did anything at all, that was not meant (a turn when
    /// a selection was meant among them); `wrong` when a turn went the other way.
    public var verdict: Verdict {
        guard let intent else { return .unlabelled }
        switch (intent, action) {
        case (.next, .next), (.previous, .previous), (.toolbars, .toolbars), (.select, .select), (.none, .none), (.none, .boundary):
            return .agreed
        case (.next, .previous), (.previous, .next): return .wrongDirection
        case (.none, _): return .falseTurn
        case (.toolbars, .next), (.toolbars, .previous), (.select, .next), (.select, .previous): return .falseTurn
        default: return .missed
        }
    }

    /// The two errors of the conflict between selecting and turning: a selection was meant and
    /// a page turned (`turnedInsteadOfSelecting`), or a turn was meant and a selection began
    /// (`selectedInsteadOfTurning`); nil for anything else.
    public var selectionConfusion: SelectionConfusion? {
        switch (intent, action) {
        case (.select?, .next), (.select?, .previous): return .turnedInsteadOfSelecting
        case (.next?, .select), (.previous?, .select): return .selectedInsteadOfTurning
        default: return nil
        }
    }

    /// See `selectionConfusion`.
    public enum SelectionConfusion: Sendable {
        case turnedInsteadOfSelecting, selectedInsteadOfTurning
    }

    /// The cause in a few words: "distance 212 ≥ 160 px", "fling 850 > 600 px/s",
    /// "fling against 700 > 600 px/s", "below threshold 90 < 160 px, 120 < 600 px/s",
    /// "tap zone right", "boundary", "key or wheel", "vertical: 68° over 24 px (limit 60°)",
    /// "held still 500 ms: selects", "nothing".
    public var why: String {
        switch cause {
        case .release(let r): return r.summary
        case .tap(let zone): return "tap zone \(zone)"
        case .boundary: return "boundary"
        case .command: return "key or wheel"
        case .ignored(let ignored): return ignored.summary
        case .longPress(let timeout): return "held still \(TurnSettings.formatted(timeout)) ms: selects"
        case .nothing: return "nothing"
        }
    }
}
