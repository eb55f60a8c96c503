import PageTurner

/// Replays labelled gestures through the turn machine and says, gesture by gesture, what it
/// did and why (`GestureOutcome`). Pure and deterministic: no frames are drawn and the clock
/// only visits the steps' times, so a replay costs about as much as its events.
///
/// A gesture begins with a `down` while no pointer is down, a `wheel` or a `key` step, or the
/// first `scroll` step of a swipe, and runs to the next one; an `expect` line labels the gesture its previous step belongs to. A
/// turn belongs to the gesture that started it, even when it lands during the next one.
public enum LabReplay {
    /// The outcome of every gesture in `file` under `setup`.
    public static func run(_ file: LabelledScript, setup: LabSetup) -> [GestureOutcome] {
        var tracer: Tracer? = nil
        return run(file, setup: setup, tracer: &tracer)
    }

    /// The same, with what the plots need: the pointer's travel and the page's progress over
    /// time for every gesture.
    public static func runTracing(_ file: LabelledScript, setup: LabSetup) -> (outcomes: [GestureOutcome], traces: [GestureTrace]) {
        var tracer: Tracer? = Tracer()
        let outcomes = run(file, setup: setup, tracer: &tracer)
        return (outcomes, tracer!.traces)
    }

    private static func run(_ file: LabelledScript, setup: LabSetup, tracer: inout Tracer?) -> [GestureOutcome] {
        var machine = TurnMachine(pageSize: setup.pageSize, pageCount: max(setup.pageCount, 1),
                                  page: setup.startPage, config: setup.config, tapZones: setup.zones, spread: setup.spread)
        var replayed = ReplayedSetup(settings: setup.settings, curl: setup.curl, rightToLeft: setup.rightToLeft)
        var outcomes: [GestureOutcome] = []
        var firstSteps: [Int] = []
        var owner: Int?
        var lastRelease = machine.lastRelease
        var lastIgnored = machine.lastIgnored
        var lastScroll: Double?

        /// A drag (or swipe) let go, or a gesture the recognizer ignored, since the last look:
        /// its facts are the current gesture's cause.
        func noteRelease() {
            if machine.lastRelease != lastRelease, let r = machine.lastRelease, let current = outcomes.indices.last {
                outcomes[current].cause = .release(r)
                lastRelease = r
            }
            if machine.lastIgnored != lastIgnored, let ignored = machine.lastIgnored, let current = outcomes.indices.last {
                if case .nothing = outcomes[current].cause { outcomes[current].cause = .ignored(ignored) }
                lastIgnored = ignored
            }
        }

        func attribute(_ events: [TimedEvent]) {
            guard let current = outcomes.indices.last else { return }
            for e in events {
                switch e.event {
                case .turnStarted: owner = current
                case .turnCommitted(let from, let to):
                    let k = owner ?? current
                    outcomes[k].action = to > from ? .next : .previous
                case .boundary:
                    if outcomes[current].action == .none { outcomes[current].action = .boundary }
                    if case .nothing = outcomes[current].cause { outcomes[current].cause = .boundary }
                    if case .command = outcomes[current].cause { outcomes[current].cause = .boundary }
                case .tap(let zone, _, _):
                    outcomes[current].cause = .tap(zone: zone)
                case .toolbars:
                    if outcomes[current].action == .none { outcomes[current].action = .toolbars }
                default: break
                }
            }
        }

        let steps = file.script.steps
        for (i, step) in steps.enumerated() {
            // The page moving up to this step belongs to the gesture before it.
            attribute(tracer?.follow(&machine, until: step.time) ?? [])
            attribute(machine.advance(to: step.time))  // lands pages, lets a finished swipe go
            noteRelease()
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
            if begins {
                var o = GestureOutcome(time: step.time, line: step.line, action: .none, cause: .nothing, intent: nil)
                if case .wheel = step.action { o.cause = .command }
                if case .key = step.action { o.cause = .command }
                if case .scroll = step.action { o.cause = .nothing }
                outcomes.append(o)
                firstSteps.append(i)
                tracer?.begin(at: step.time)
            }
            if let change = step.setupChange { replayed.apply(change, to: &machine) }
            attribute(step.input.map { machine.send($0, at: step.time) } ?? machine.advance(to: step.time))
            if case .scroll = step.action { lastScroll = step.time } else if step.input != nil { lastScroll = nil }
            tracer?.record(step, machine)
            noteRelease()
        }
        let end = (steps.last?.time ?? 0) + machine.config.scrollReleaseGap + machine.config.turnDuration
            + machine.config.minimumSettleDuration + 1000
        attribute(tracer?.follow(&machine, until: end) ?? [])
        attribute(machine.advance(to: end))
        noteRelease()

        for e in file.expectations where e.afterSteps > 0 {
            if let k = firstSteps.lastIndex(where: { $0 <= e.afterSteps - 1 }) { outcomes[k].intent = e.intent }
        }
        return outcomes
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
