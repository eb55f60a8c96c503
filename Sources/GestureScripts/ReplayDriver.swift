import PageTurner

/// What watches a replay: `GestureReplay` prints JSON lines and frames, the gesture lab
/// (`LabReplay`) tells each gesture's outcome and its cause. `ReplayDriver` steps the machine
/// through the script the same way for both; an observer sees every event and may step the
/// clock more finely in between (frames, plot samples).
public protocol ReplayObserver {
    /// Called before the machine is brought up to `time` (a step's time, or the run's end):
    /// the observer may advance it in steps of its own meanwhile (frame ticks, samples),
    /// handling the events those produce. The driver then advances it to `time`.
    mutating func run(_ machine: inout TurnMachine, until time: Double)
    /// Events the driver's own calls produced.
    mutating func handle(_ events: [TimedEvent], machine: TurnMachine)
    /// Step `index` is about to be applied; the machine stands at its time.
    mutating func willApply(_ step: GestureScript.Step, index: Int, machine: TurnMachine)
    /// The step was applied at `time` (its time, clamped; `setup`: the set-up as it now stands).
    mutating func didApply(_ step: GestureScript.Step, at time: Double, setup: ReplayedSetup, machine: TurnMachine)
}

extension ReplayObserver {
    public mutating func run(_ machine: inout TurnMachine, until time: Double) {}
    public mutating func willApply(_ step: GestureScript.Step, index: Int, machine: TurnMachine) {}
    public mutating func didApply(_ step: GestureScript.Step, at time: Double, setup: ReplayedSetup, machine: TurnMachine) {}
}

/// Plays a gesture script through a `TurnMachine` under `ReplaySettings`: the one driver of
/// every headless replay (`pageturn simulate`, the lab's reports and sweeps, the recordings'
/// replays).
///
/// Each step is taken at its time, clamped to 0…`GestureScript.maximumTime`: the machine is
/// brought up to it (the observer first, then the driver), then the step's set-up change or
/// input is applied. After the last step the clock runs on for `landingTime`, long enough for
/// a swipe to let go and a released page to settle and land; not while a pointer still holds
/// the page (it would wait for it for ever), unless the page settles on its own meanwhile (a
/// second finger let a held page go).
public struct ReplayDriver {
    /// The machine, as the steps so far have left it.
    public var machine: TurnMachine { driven }
    /// The set-up, with the steps' changes so far.
    public var setup: ReplayedSetup { driving }
    @usableFromInline var driven: TurnMachine
    @usableFromInline var driving: ReplayedSetup

    public init(_ settings: ReplaySettings) {
        driven = TurnMachine(pageSize: settings.pageSize, pageCount: max(settings.pageCount, 1), page: settings.startPage,
                             config: settings.config, tapZones: settings.zones, spread: settings.spread)
        driving = ReplayedSetup(settings: settings.settings, curl: settings.curl, rightToLeft: settings.rightToLeft)
    }

    /// How long the clock runs on after the last step (ms): the swipe's release gap, a turn's
    /// duration, the shortest settle, and a second to spare.
    public static func landingTime(_ config: TurnConfig) -> Double {
        config.scrollReleaseGap + config.turnDuration + config.minimumSettleDuration + 1000
    }

    /// Plays every step of `script`, then lets the page land.
    ///
    /// Inlinable, so that it is specialized for each observer where it is used: called through
    /// the protocol, each of the observer's methods was handed copies of the machine and the
    /// set-up (1.3 KB and 0.5 KB, a step at a time: two fifths of a sweep's time).
    @inlinable
    public mutating func play(_ script: GestureScript, observer: inout some ReplayObserver) {
        var machine = driven, setup = driving
        defer { driven = machine; driving = setup }
        var last = 0.0
        for (index, step) in script.steps.enumerated() {
            let time = step.time.isFinite ? min(max(step.time, 0), GestureScript.maximumTime) : GestureScript.maximumTime
            last = time
            Self.bringUp(&machine, to: time, observer: &observer)
            observer.willApply(step, index: index, machine: machine)
            if let change = step.setupChange { setup.apply(change, to: &machine) }
            if let input = step.input { observer.handle(machine.send(input, at: time), machine: machine) }
            observer.didApply(step, at: time, setup: setup, machine: machine)
        }
        guard machine.recognizer.down.isEmpty || machine.isScrolling || machine.phase == .settling else { return }
        Self.bringUp(&machine, to: last + Self.landingTime(machine.config), observer: &observer)
    }

    /// The observer's steps up to `time`, then the machine advanced to it.
    @inlinable
    static func bringUp(_ machine: inout TurnMachine, to time: Double, observer: inout some ReplayObserver) {
        observer.run(&machine, until: time)
        observer.handle(machine.advance(to: time), machine: machine)
    }
}
