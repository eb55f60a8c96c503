@testable import PageTurner

/// A machine driven the way a reader's finger drives it, keeping every event it emitted.
struct Reader {
    var machine: TurnMachine
    var events: [TimedEvent] = []

    init(pages: Int = 10, page: Int = 0, width: Double = 800, height: Double = 1000,
         config: TurnConfig = .standard, zones: TapZoneLayout = .default, spread: Bool = false) {
        machine = TurnMachine(pageSize: Size(width: width, height: height), pageCount: pages, page: page,
                              config: config, tapZones: zones, spread: spread)
    }

    var width: Double { machine.pageSize.width }
    var now: Double { machine.now }

    mutating func send(_ input: TurnInput, at t: Double) { events += machine.send(input, at: t) }
    mutating func down(_ x: Double, _ y: Double, at t: Double, id: Int = 0) { send(.pointerDown(id: id, at: Point(x: x, y: y)), at: t) }
    mutating func move(_ x: Double, _ y: Double, at t: Double, id: Int = 0) { send(.pointerMove(id: id, at: Point(x: x, y: y)), at: t) }
    mutating func up(at t: Double, id: Int = 0) { send(.pointerUp(id: id, at: nil), at: t) }
    mutating func key(_ k: KeyCommand, at t: Double) { send(.key(k), at: t) }
    mutating func advance(to t: Double) { events += machine.advance(to: t) }
    /// Lets everything land.
    mutating func settle() { advance(to: now + 10_000) }

    /// Moves the pressed pointer from x0 to x1 (at height y, plus `rise` spread over the way)
    /// at `speed` px/s, one move every 10 ms, the last one exactly at x1. Returns the end time.
    @discardableResult
    mutating func slide(from x0: Double, to x1: Double, y: Double = 500, rise: Double = 0,
                        start t0: Double, speed: Double, id: Int = 0) -> Double {
        let distance = abs(x1 - x0)
        let duration = distance / speed * 1000
        let steps = max(Int((duration / 10).rounded(.up)), 1)
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            move(x0 + (x1 - x0) * f, y + rise * f, at: t0 + duration * f, id: id)
        }
        return t0 + duration
    }

    /// A whole drag: down at x0, slide to x1, up. Returns the time of the up.
    @discardableResult
    mutating func drag(from x0: Double, to x1: Double, y: Double = 500, start t0: Double = 0,
                       speed: Double = 200, holdBeforeUp: Double = 0) -> Double {
        down(x0, y, at: t0)
        let end = slide(from: x0, to: x1, y: y, start: t0, speed: speed) + holdBeforeUp
        up(at: end)
        return end
    }

    var names: [String] { events.map(\.event.name) }
    var commits: [(from: Int, to: Int)] {
        events.compactMap { if case .turnCommitted(let f, let t) = $0.event { return (f, t) } else { return nil } }
    }
    var cancels: Int { events.filter { if case .turnCancelled = $0.event { return true } else { return false } }.count }
    var boundaries: [Boundary] {
        events.compactMap { if case .boundary(let b) = $0.event { return b } else { return nil } }
    }
    func time(of name: String) -> Double? { events.first { $0.event.name == name }?.time }

    var classic: ClassicFrame? { machine.pose.map { ClassicCurl().frame(page: machine.pageSize, pose: $0) } }
    var cylinder: CylinderFrame? { machine.pose.map { CylinderCurl().frame(page: machine.pageSize, pose: $0) } }
}

extension TurnEvent {
    /// The event's name, as `pageturn simulate` prints it.
    var name: String {
        switch self {
        case .turnStarted: return "turnStarted"
        case .settling: return "settling"
        case .turnCommitted: return "turnCommitted"
        case .turnCancelled: return "turnCancelled"
        case .boundary: return "boundary"
        case .tap: return "tap"
        case .toolbars: return "toolbars"
        case .selectionStarted: return "selectionStarted"
        case .selectionChanged: return "selectionChanged"
        case .selectionEnded: return "selectionEnded"
        }
    }
}
