import PageTurner

/// Replays a gesture script through a machine, headlessly: what `pageturn simulate` prints.

/// The replay's last line.
public struct ReplaySummary: Sendable, Hashable, Encodable {
    /// The page shown at the end (0-based).
    public var page: Int
    /// The book's length the replay modelled at its end (`ReplaySettings.pageCount`: `--pages`,
    /// or `--book` laid out as the reader lays it out; a recording's `pages` steps change it).
    public var pages: Int
    /// Committed turns.
    public var turns: Int
    /// Cancelled turns.
    public var cancels: Int

    /// `{"cancels":C,"page":K,"pages":N,"turns":T}`
    public var jsonLine: String { ReplayLine.text(self) }
}

/// Runs scripts and formats what happens as JSON lines.
///
/// Every event the machine emits is printed with its time. Frames tick at `fps` from time 0:
/// at each tick the machine is advanced and, while anything is pressed or moving (and once
/// more when it comes to rest), a frame line gives the state and the geometry. The steps and
/// the end of the run are `ReplayDriver`'s; the summary line follows.
///
/// While the machine is idle (and the last frame said so) the ticks up to the next step would
/// print nothing and change nothing, so the clock jumps straight to that step; so it does
/// while a page is held still under a finger once its frame is printed (up to the next step or
/// the machine's next deadline, a long press's): the run costs time and lines for what
/// happens, not for the script's length in milliseconds.
/// The lines' numbers and rectangles, in short.
private typealias N = ReplayLine

public enum GestureReplay {
    public static func run(_ script: GestureScript, settings: ReplaySettings,
                           output: (String) -> Void) -> ReplaySummary {
        withoutActuallyEscaping(output) { output in
            var driver = ReplayDriver(settings)
            var printer = LinePrinter(settings: settings, output: output)
            driver.play(script, observer: &printer)
            return ReplaySummary(page: driver.machine.page, pages: driver.machine.pageCount, turns: printer.turns,
                                 cancels: printer.cancels)
        }
    }

    /// Prints a replay as it goes: events, frame lines at the frame ticks, set-up changes.
    private struct LinePrinter: ReplayObserver {
        let output: (String) -> Void
        var renderer: CurlRenderer
        let interval: Double
        var tick = 0
        var turns = 0, cancels = 0
        var lastFrameIdle = true
        /// Whether the last frame line printed still shows the machine (no input or event since).
        var frameIsCurrent = false

        init(settings: ReplaySettings, output: @escaping (String) -> Void) {
            self.output = output
            renderer = CurlRenderer(model: settings.curl, classic: settings.settings.classic, cylinder: settings.settings.cylinder)
            interval = 1000 / (settings.fps >= 1 && settings.fps <= 1000 ? settings.fps : 60)
        }

        mutating func handle(_ events: [TimedEvent], machine: TurnMachine) {
            if !events.isEmpty { frameIsCurrent = false }
            for e in events {
                if case .turnCommitted = e.event { turns += 1 }
                if case .turnCancelled = e.event { cancels += 1 }
                output(GestureReplay.eventLine(e))
            }
        }

        /// The frame ticks before `time`; straight past them while nothing moves.
        mutating func run(_ machine: inout TurnMachine, until time: Double) {
            while Double(tick) * interval < time {
                if machine.phase == .idle && lastFrameIdle {
                    tick = max(tick, firstTick(atOrAfter: time))
                    return
                }
                if frameIsCurrent && !machine.isMoving {
                    // Held still: nothing to print before the next step or deadline.
                    let until = min(time, machine.nextDeadline ?? time)
                    tick = max(tick, firstTick(atOrAfter: until))
                    if until >= time { return }
                    if Double(tick) * interval >= time { return }
                }
                let t = Double(tick) * interval
                handle(machine.advance(to: t), machine: machine)
                let idle = machine.phase == .idle
                if !idle || !lastFrameIdle {
                    output(GestureReplay.frameLine(machine, renderer: renderer, tick: tick, time: t))
                    frameIsCurrent = true
                }
                lastFrameIdle = idle
                tick += 1
            }
        }

        mutating func didApply(_ step: GestureScript.Step, at time: Double, setup: ReplayedSetup, machine: TurnMachine) {
            frameIsCurrent = false
            guard let change = step.setupChange else { return }
            renderer.model = setup.curl
            output(GestureReplay.setupLine(change, at: time))
        }

        /// The first tick at or after `time`.
        func firstTick(atOrAfter time: Double) -> Int {
            var k = Int((time / interval).rounded(.up))
            while k > 0, Double(k - 1) * interval >= time { k -= 1 }
            while Double(k) * interval < time { k += 1 }
            return k
        }
    }

    /// One event as a JSON line.
    public static func eventLine(_ e: TimedEvent) -> String {
        var line: ReplayLine.Event
        switch e.event {
        case .turnStarted(let direction, let from, let to):
            line = .init(event: "turnStarted", direction: direction.rawValue, from: from, to: to)
        case .settling(let commit):
            line = .init(event: "settling", commit: commit)
        case .turnCommitted(let from, let to):
            line = .init(event: "turnCommitted", from: from, to: to)
        case .turnCancelled(let page):
            line = .init(event: "turnCancelled", page: page)
        case .boundary(let b):
            line = .init(event: "boundary", at: b.rawValue)
        case .tap(let zone, let action, let p):
            line = .init(event: "tap", zone: zone, action: action.rawValue, x: N.number(p.x), y: N.number(p.y))
        case .toolbars(let shown):
            line = .init(event: "toolbars", shown: shown)
        case .selectionStarted(let p):
            line = .init(event: "selectionStarted", x: N.number(p.x), y: N.number(p.y))
        case .selectionChanged(let p):
            line = .init(event: "selectionChanged", x: N.number(p.x), y: N.number(p.y))
        case .selectionEnded(let p):
            line = .init(event: "selectionEnded", x: N.number(p.x), y: N.number(p.y))
        }
        line.t = N.number(e.time)
        return N.text(line)
    }

    /// A spread's leaf: the spine's x, the turning leaf's rectangle, and per model what it
    /// draws: `classic` the fold's x, the front's clip, the back, its source strip in the far
    /// page's leaf and the bands; `cylinder` the fold (a point and its normal, in the window),
    /// the radius and the meshes' sizes; `slide` the spreads' offsets.
    static func leafGeometry(_ machine: TurnMachine, renderer: CurlRenderer, pose: TurnPose) -> ReplayLine.Geometry {
        let turn = LeafTurn(window: machine.pageSize, pose: pose)
        var g = ReplayLine.Geometry(spine: N.number(turn.geometry.spineX), leaf: N.rect(turn.geometry.leaf(turn.side)),
                                    side: turn.side.rawValue)
        switch renderer.model {
        case .cylinder:
            var scratch = CylinderFrame()
            let c = turn.cylinder(renderer.cylinder, scratch: &scratch)
            g.fold = .line(N.numbers([c.fold.point.x, c.fold.point.y, c.fold.normal.x, c.fold.normal.y]))
            g.radius = N.number(c.radius)
            g.vertices = c.front.vertexCount + c.back.vertexCount
            g.triangles = c.front.triangleCount + c.back.triangleCount
        case .classic:
            let c = turn.classic(renderer.classic)
            g.x = N.number(c.foldX)
            g.clip = N.rect(c.front)
            g.back = N.rect(c.back)
            g.backSource = N.rect(c.backSource)
            g.shadow = N.rect(c.shadowBand.rect)
            g.margin = N.rect(c.marginBand.rect)
            g.bandOpacity = N.number(c.bandOpacity)
        case .slide:
            let s = SlideFrame(page: machine.pageSize, pose: pose)
            g.current = N.number(s.currentOffset)
            g.incoming = N.number(s.incomingOffset)
        case .none:
            g.shown = StillFrame().shown.rawValue
        }
        return g
    }

    /// A set-up change as a JSON line: `{"height":H,"setup":"resize","t":T,"width":W}`,
    /// `"pages"` with `count` and `page`, `"curl"` with `model`, `"progression"` with `rtl`,
    /// `"layout"` with `spread`.
    public static func setupLine(_ change: SetupChange, at time: Double) -> String {
        var line: ReplayLine.Setup
        switch change {
        case .resize(let size): line = .init(setup: "resize", width: N.number(size.width), height: N.number(size.height))
        case .pages(let count, let page): line = .init(setup: "pages", count: count, page: page)
        case .curl(let model): line = .init(setup: "curl", model: model.rawValue)
        case .progression(let rtl): line = .init(setup: "progression", rtl: rtl)
        case .layout(let spread): line = .init(setup: "layout", spread: spread)
        }
        line.t = N.number(time)
        return N.text(line)
    }

    /// The state and geometry at a frame tick as a JSON line.
    static func frameLine(_ machine: TurnMachine, renderer: CurlRenderer, tick: Int, time: Double) -> String {
        var line = ReplayLine.Frame(t: N.number(time), frame: tick, state: machine.phase.rawValue, page: machine.page,
                                    toolbars: machine.toolbarsShown)
        let pointer = machine.pointer?.at
        if let pointer { line.pointer = N.numbers([pointer.x, pointer.y]) }
        guard let pose = machine.pose else { return N.text(line) }
        line.direction = pose.direction.rawValue
        line.progress = N.number(pose.progress)
        if let edge = renderer.freeEdgeX(window: machine.pageSize, spread: machine.isSpread, pose: pose,
                                         atHeight: pointer?.y ?? pose.pointer.y) {
            line.edge = N.number(edge)
        }
        if let turn = machine.turn, case .boundary(let b) = turn.goal { line.boundary = b.rawValue }
        line.model = renderer.model.rawValue
        if machine.isSpread {
            line.geometry = leafGeometry(machine, renderer: renderer, pose: pose)
            return N.text(line)
        }
        var g = ReplayLine.Geometry()
        switch renderer.frame(page: machine.pageSize, pose: pose) {
        case .classic(let c):
            g.x = N.number(c.edgeX)
            g.clip = N.rect(c.clip)
            g.back = N.rect(c.backPage)
            g.shadow = N.rect(c.shadowBand.rect)
            g.margin = N.rect(c.marginBand.rect)
            g.bandOpacity = N.number(c.bandOpacity)
        case .cylinder(let c):
            g.fold = c.foldSegment.map { a, b in .line(N.numbers([a.x, a.y, b.x, b.y])) } ?? .offPage
            g.radius = N.number(c.fold.radius)
            g.vertices = c.vertexCount
            g.triangles = c.front.triangleCount + c.back.triangleCount
        case .slide(let s):
            g.current = N.number(s.currentOffset)
            g.incoming = N.number(s.incomingOffset)
        case .none(let s):
            g.shown = s.shown.rawValue
        }
        line.geometry = g
        return N.text(line)
    }
}
