import PageTurner
import GestureScripts

/// Replays labelled gestures through the turn machine and says, gesture by gesture, what it
/// did and why (`GestureOutcome`). Pure and deterministic: no frames are drawn and the clock
/// only visits the steps' times, so a replay costs about as much as its events.
///
/// A gesture begins with a `down` while no pointer is down, a `wheel` or a `key` step, or the
/// first `scroll` step of a swipe, and runs to the next one; an `expect` line labels the gesture its previous step belongs to. A
/// turn belongs to the gesture that started it, even when it lands during the next one.
public enum LabReplay {
    /// The outcome of every gesture in `file` under `setup`.
    public static func run(_ file: LabelledScript, setup: ReplaySettings) -> [GestureOutcome] {
        var judge = OutcomeJudge(tracer: nil)
        return judge.outcomes(of: file, setup: setup)
    }

    /// The same, with what the plots need: the pointer's travel and the page's progress over
    /// time for every gesture.
    public static func runTracing(_ file: LabelledScript, setup: ReplaySettings) -> (outcomes: [GestureOutcome], traces: [GestureTrace]) {
        var judge = OutcomeJudge(tracer: Tracer())
        let outcomes = judge.outcomes(of: file, setup: setup)
        return (outcomes, judge.tracer!.traces)
    }
}

/// Watches a replay (`ReplayDriver`) and tells each gesture's outcome: where gestures begin,
/// which turn, boundary, tap or toolbar each caused, and why a release did what it did.
private struct OutcomeJudge: ReplayObserver {
    var tracer: Tracer?
    var outcomes: [GestureOutcome] = []
    /// The index of each gesture's first step.
    var firstSteps: [Int] = []
    /// The gesture that started the turn under way.
    var owner: Int?
    var lastRelease: Release?
    var lastIgnored: IgnoredGesture?
    /// The machine's `judgements` when they were last looked at.
    var judgements = 0
    var lastScroll: Double?

    init(tracer: Tracer?) { self.tracer = tracer }

    mutating func outcomes(of file: LabelledScript, setup: ReplaySettings) -> [GestureOutcome] {
        var driver = ReplayDriver(setup)
        lastRelease = driver.machine.lastRelease
        lastIgnored = driver.machine.lastIgnored
        judgements = driver.machine.judgements
        driver.play(file.script, observer: &self)
        noteRelease(driver.machine)
        for e in file.expectations where e.afterSteps > 0 {
            if let k = firstSteps.lastIndex(where: { $0 <= e.afterSteps - 1 }) {
                outcomes[k].intent = e.intent
                outcomes[k].kind = e.kind
                outcomes[k].expectLine = e.line
            }
        }
        return outcomes
    }

    /// The page moving up to the next step (or the end) belongs to the gesture before it.
    mutating func run(_ machine: inout TurnMachine, until time: Double) {
        if var t = tracer {
            let events = t.follow(&machine, until: time)
            tracer = t
            handle(events, machine: machine)
        }
    }

    mutating func handle(_ events: [TimedEvent], machine: TurnMachine) {
        guard let current = outcomes.indices.last else { return }
        for e in events {
            switch e.event {
            case .turnStarted: owner = current
            case .turnCommitted(let from, let to):
                // A selection dragged to the page's edge turns it and goes on: still a selection.
                if outcomes[owner ?? current].action != .select { outcomes[owner ?? current].action = to > from ? .next : .previous }
            case .boundary:
                if outcomes[current].action == .none { outcomes[current].action = .boundary }
                if case .nothing = outcomes[current].cause { outcomes[current].cause = .boundary }
                if case .command = outcomes[current].cause { outcomes[current].cause = .boundary }
            case .tap(let zone, _, _):
                outcomes[current].cause = .tap(zone: zone)
            case .toolbars:
                if outcomes[current].action == .none { outcomes[current].action = .toolbars }
            case .selectionStarted:
                outcomes[current].action = .select
                outcomes[current].cause = .longPress(timeout: machine.config.longPressTimeout)
            default: break
            }
        }
    }

    mutating func willApply(_ step: GestureScript.Step, index: Int, machine: TurnMachine) {
        noteRelease(machine)
        let begins: Bool
        switch step.action {
        // (A swipe still under way ends at the press: its virtual pointer does not count.)
        case .down: begins = machine.recognizer.down.count <= (machine.isScrolling ? 1 : 0)
        case .wheel, .key: begins = true
        // A swipe is one run of scroll steps, each within the release gap of the one before
        // (its first deltas may be too vertical to start the machine's run yet).
        case .scroll:
            begins = !machine.isScrolling && (lastScroll.map { step.time - $0 >= machine.config.scrollReleaseGap } ?? true)
        default: begins = false
        }
        guard begins else { return }
        var o = GestureOutcome(time: step.time, line: step.line, action: .none, cause: .nothing, intent: nil)
        if case .wheel = step.action { o.cause = .command }
        if case .key = step.action { o.cause = .command }
        outcomes.append(o)
        firstSteps.append(index)
        tracer?.begin(at: step.time)
    }

    mutating func didApply(_ step: GestureScript.Step, at time: Double, setup: ReplayedSetup, machine: TurnMachine) {
        if case .scroll = step.action { lastScroll = step.time } else if step.input != nil { lastScroll = nil }
        tracer?.record(step, machine)
        noteRelease(machine)
    }

    /// A drag (or swipe) let go, or a gesture the recognizer ignored, since the last look:
    /// its facts are the current gesture's cause.
    mutating func noteRelease(_ machine: TurnMachine) {
        guard machine.judgements != judgements else { return }     // nothing new: nothing to compare
        judgements = machine.judgements
        if machine.lastRelease != lastRelease, let r = machine.lastRelease, let current = outcomes.indices.last {
            outcomes[current].cause = .release(r)
            lastRelease = r
        }
        if machine.lastIgnored != lastIgnored, let ignored = machine.lastIgnored, let current = outcomes.indices.last {
            if case .nothing = outcomes[current].cause { outcomes[current].cause = .ignored(ignored) }
            lastIgnored = ignored
        }
    }
}

/// The pointer and the page over one gesture, for a plot: the pointer's horizontal travel
/// from its press (positive towards the next page) and the page's progress in px (positive
/// for a turn to the next page), with the release.
public struct GestureTrace: Sendable {
    public var start: Double
    public var pointer: [(t: Double, travel: Double)] = []
    public var page: [(t: Double, travel: Double)] = []
    public var release: Release?
}

/// Collects `GestureTrace`s while a replay runs, sampling the page at 120 frames a second
/// between steps while it moves.
struct Tracer {
    var traces: [GestureTrace] = []
    private var pressX: Double?
    /// A swipe's finger travel so far.
    private var scrollX = 0.0

    init() {}

    /// Towards the next page is leftwards, or rightwards in a right-to-left book.
    private func forward(_ machine: TurnMachine) -> Double { machine.config.rightToLeft ? 1 : -1 }

    mutating func begin(at time: Double) {
        traces.append(GestureTrace(start: time))
        pressX = nil
        scrollX = 0
    }

    /// Samples the page up to `time` while it moves; returns the events on the way.
    mutating func follow(_ machine: inout TurnMachine, until time: Double) -> [TimedEvent] {
        guard !traces.isEmpty, !machine.isAtRest else { return [] }
        var events: [TimedEvent] = []
        var t = machine.now + 1000.0 / 120
        while t < time, !machine.isAtRest {
            events += machine.advance(to: t)
            if !machine.isAtRest { samplePage(machine, at: t) }  // landed: a new page lies still
            t += 1000.0 / 120
        }
        return events
    }

    mutating func record(_ step: GestureScript.Step, _ machine: TurnMachine) {
        guard !traces.isEmpty else { return }
        switch step.action {
        case .down(let p, _) where pressX == nil:
            pressX = p.x
            traces[traces.count - 1].pointer.append((step.time, 0))
        case .move(let p, _), .up(let p?, _):
            if let x0 = pressX { traces[traces.count - 1].pointer.append((step.time, (p.x - x0) * forward(machine))) }
        case .scroll(let dx, _):
            scrollX += dx
            traces[traces.count - 1].pointer.append((step.time, scrollX * forward(machine)))
        default: break
        }
        if case .up = step.action, let r = machine.lastRelease, r.time == step.time { traces[traces.count - 1].release = r }
        samplePage(machine, at: step.time)
    }

    private mutating func samplePage(_ machine: TurnMachine, at t: Double) {
        let sign = machine.turn?.direction == .previous ? -1.0 : 1.0
        traces[traces.count - 1].page.append((t, sign * machine.progress * machine.pageSize.width))
    }
}
