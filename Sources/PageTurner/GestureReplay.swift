/// Replays a gesture script through a machine, headlessly: what `pageturn simulate` prints.

/// The replay's last line.
public struct ReplaySummary: Sendable, Hashable {
    /// The page shown at the end (0-based).
    public var page: Int
    /// The book's length the replay modelled at its end (`ReplaySettings.pageCount`: `--pages`,
    /// or `--book` laid out as the reader lays it out; a recording's `pages` steps change it).
    public var pages: Int
    /// Committed turns.
    public var turns: Int
    /// Cancelled turns.
    public var cancels: Int

    /// `{"page": K, "pages": N, "turns": T, "cancels": C}`
    public var jsonLine: String {
        var j = JSONLine()
        j.add("page", page)
        j.add("pages", pages)
        j.add("turns", turns)
        j.add("cancels", cancels)
        return j.line
    }
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
        var j = JSONLine()
        j.add("t", e.time)
        switch e.event {
        case .turnStarted(let direction, let from, let to):
            j.add("event", "turnStarted"); j.add("direction", direction.rawValue); j.add("from", from); j.add("to", to)
        case .settling(let commit):
            j.add("event", "settling"); j.add("commit", commit)
        case .turnCommitted(let from, let to):
            j.add("event", "turnCommitted"); j.add("from", from); j.add("to", to)
        case .turnCancelled(let page):
            j.add("event", "turnCancelled"); j.add("page", page)
        case .boundary(let b):
            j.add("event", "boundary"); j.add("at", b.rawValue)
        case .tap(let zone, let action, let p):
            j.add("event", "tap"); j.add("zone", zone); j.add("action", action.rawValue); j.add("x", p.x); j.add("y", p.y)
        case .toolbars(let shown):
            j.add("event", "toolbars"); j.add("shown", shown)
        case .longPress(let p):
            j.add("event", "longPress"); j.add("x", p.x); j.add("y", p.y)
        }
        return j.line
    }

    /// A spread's leaf as a JSON object: the spine's x, the turning leaf's rectangle, and per
    /// model what it draws: `classic` the fold's x, the front's clip, the back, its source
    /// strip in the far page's leaf and the bands; `cylinder` the fold (a point and its normal,
    /// in the window), the radius and the meshes' sizes; `slide` the spreads' offsets.
    static func leafLine(_ machine: TurnMachine, renderer: CurlRenderer, pose: TurnPose) -> JSONLine {
        let turn = LeafTurn(window: machine.pageSize, pose: pose)
        var g = JSONLine()
        g.add("spine", turn.geometry.spineX)
        g.add("leaf", turn.geometry.leaf(turn.side))
        g.add("side", turn.side.rawValue)
        switch renderer.model {
        case .cylinder:
            var scratch = CylinderFrame()
            let c = turn.cylinder(renderer.cylinder, scratch: &scratch)
            g.add("fold", [c.fold.point.x, c.fold.point.y, c.fold.normal.x, c.fold.normal.y])
            g.add("radius", c.radius)
            g.add("vertices", c.front.vertexCount + c.back.vertexCount)
            g.add("triangles", c.front.triangleCount + c.back.triangleCount)
        case .classic:
            let c = turn.classic(renderer.classic)
            g.add("x", c.foldX)
            g.add("clip", c.front)
            g.add("back", c.back)
            g.add("backSource", c.backSource)
            g.add("shadow", c.shadowBand.rect)
            g.add("margin", c.marginBand.rect)
            g.add("bandOpacity", c.bandOpacity)
        case .slide:
            let s = SlideFrame(page: machine.pageSize, pose: pose)
            g.add("current", s.currentOffset)
            g.add("incoming", s.incomingOffset)
        case .none:
            g.add("shown", StillFrame().shown.rawValue)
        }
        return g
    }

    /// A set-up change as a JSON line: `{"t": T, "setup": "resize", "width": W, "height": H}`,
    /// `"pages"` with `count` and `page`, `"curl"` with `model`, `"progression"` with `rtl`.
    public static func setupLine(_ change: SetupChange, at time: Double) -> String {
        var j = JSONLine()
        j.add("t", time)
        switch change {
        case .resize(let size): j.add("setup", "resize"); j.add("width", size.width); j.add("height", size.height)
        case .pages(let count, let page): j.add("setup", "pages"); j.add("count", count); j.add("page", page)
        case .curl(let model): j.add("setup", "curl"); j.add("model", model.rawValue)
        case .progression(let rtl): j.add("setup", "progression"); j.add("rtl", rtl)
        case .layout(let spread): j.add("setup", "layout"); j.add("spread", spread)
        }
        return j.line
    }

    /// The state and geometry at a frame tick as a JSON line.
    static func frameLine(_ machine: TurnMachine, renderer: CurlRenderer, tick: Int, time: Double) -> String {
        var j = JSONLine()
        j.add("t", time)
        j.add("frame", tick)
        j.add("state", machine.phase.rawValue)
        j.add("page", machine.page)
        j.add("toolbars", machine.toolbarsShown)
        let pointer = machine.pointer?.at
        if let pointer { j.add("pointer", [pointer.x, pointer.y]) }
        guard let pose = machine.pose else { return j.line }
        j.add("direction", pose.direction.rawValue)
        j.add("progress", pose.progress)
        if let edge = renderer.freeEdgeX(window: machine.pageSize, spread: machine.isSpread, pose: pose,
                                         atHeight: pointer?.y ?? pose.pointer.y) {
            j.add("edge", edge)
        }
        if let turn = machine.turn, case .boundary(let b) = turn.goal { j.add("boundary", b.rawValue) }
        if machine.isSpread {
            j.add(renderer.model.rawValue, object: leafLine(machine, renderer: renderer, pose: pose))
            return j.line
        }
        var g = JSONLine()
        switch renderer.frame(page: machine.pageSize, pose: pose) {
        case .classic(let c):
            g.add("x", c.edgeX)
            g.add("clip", c.clip)
            g.add("back", c.backPage)
            g.add("shadow", c.shadowBand.rect)
            g.add("margin", c.marginBand.rect)
            g.add("bandOpacity", c.bandOpacity)
        case .cylinder(let c):
            if let (a, b) = c.foldSegment { g.add("fold", [a.x, a.y, b.x, b.y]) } else { g.addNull("fold") }
            g.add("radius", c.fold.radius)
            g.add("vertices", c.vertexCount)
            g.add("triangles", c.front.triangleCount + c.back.triangleCount)
        case .slide(let s):
            g.add("current", s.currentOffset)
            g.add("incoming", s.incomingOffset)
        case .none(let s):
            g.add("shown", s.shown.rawValue)
        }
        j.add(renderer.model.rawValue, object: g)
        return j.line
    }
}
