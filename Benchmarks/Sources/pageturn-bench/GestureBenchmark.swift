import Foundation
import GestureLab
import PageTurner
import GestureScripts

/// The page-turn machine's speed, for `make bench` (release build). The only place that reads a
/// clock: the module itself never does.
///
/// - Events: a realistic mix (drags that commit and cancel, flings, pulls at the last page,
///   taps, keys, frame ticks) fed through one machine; the time per call of `send` or
///   `advance`. Target: at most 1 µs.
/// - Meshes: `CylinderCurl`'s default strip mesh (24 strips across the arc, one row) at poses
///   across a turn, a diagonal fold included, into reused buffers (as a window would, frame
///   after frame). Target: at most 10 µs, a fifth of the 40×25 grid it replaced (about 50).
/// - Sweeps: the gesture lab replaying the labelled gestures of assets/gestures (synthetic,
///   seed 1) under 64 combinations of two settings on all cores, as `pageturn simulate --sweep` does.
///   Target: at least 100,000 gesture replays a second.
/// - Comparisons: the same gestures under every commit rule with their bootstrap intervals,
///   as `pageturn simulate --compare-policies` does. Target: at least 100,000 a second.
/// Each figure is the best of several rounds, so a busy machine inflates it as little as it can.
enum GestureBenchmark {
    static func run() -> [String] {
        let (eventNs, events, check) = timeEvents()
        let (meshUs, vertices, triangles) = timeMeshes()
        return sweepLines() + [
            line("page turns", format2(eventNs) + " ns per event through the machine", eventNs <= 1000,
                 "target ≤ 1000 ns; \(events) events, checksum \(check)"),
            line("page turns", format2(meshUs) + " µs per cylinder strip mesh", meshUs <= 10,
                 "target ≤ 10 µs; \(vertices) vertices, \(triangles) triangles on average"),
        ]
    }

    /// The labelled gestures the sweep replays.
    static let gestureFile = "assets/gestures/synthetic-seed1.txt"

    /// Gesture replays a second in a sweep of 8 × 8 combinations, best of three.
    private static func sweepLines() -> [String] {
        guard let text = try? String(contentsOfFile: gestureFile, encoding: .utf8), let file = try? LabelledScript.parse(text),
              let sweep = try? Sweep(axes: [SweepAxis(parsing: "commitFraction=0.1:0.45:0.05"),
                                            SweepAxis(parsing: "flingVelocity=200:1600:200")],
                                     base: ReplaySettings().applying(file.header)) else {
            return ["gesture lab: not measured (\(gestureFile) is missing or unreadable)"]
        }
        let runs = [LabSource(name: "synthetic", file: file, setup: ReplaySettings().applying(file.header))]
        var best = Duration.seconds(1e9)
        var gestures = 0
        for _ in 0..<3 {
            let clock = ContinuousClock()
            let start = clock.now
            let rows = sweep.rows(runs: runs)
            best = min(best, clock.now - start)
            gestures = rows.reduce(0) { $0 + $1.summary.gestures }
        }
        let perSecond = Double(gestures) / (nanoseconds(best) / 1e9)
        // Every commit rule over the same gestures, with the bootstrap's intervals, as
        // `simulate --compare-policies` does.
        var bestCompare = Duration.seconds(1e9)
        var compared = 0
        for _ in 0..<3 {
            let clock = ContinuousClock()
            let start = clock.now
            let comparison = PolicyComparison(sources: runs, cost: ErrorCost())
            bestCompare = min(bestCompare, clock.now - start)
            compared = comparison.rows.reduce(0) { $0 + $1.summary.gestures }
        }
        let comparedPerSecond = Double(compared) / (nanoseconds(bestCompare) / 1e9)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return [line("gesture lab", "\(Int(perSecond.rounded())) gesture replays a second in a sweep", perSecond >= 100_000,
                     "target ≥ 100000; \(sweep.count) combinations × \(gestures / sweep.count) gestures on \(cores) cores"),
                line("gesture lab", "\(Int(comparedPerSecond.rounded())) gesture replays a second comparing commit rules",
                     comparedPerSecond >= 100_000,
                     "target ≥ 100000; \(CommitRule.allCases.count) rules × \(compared / CommitRule.allCases.count) gestures "
                     + "with 95% intervals on \(cores) cores")]
    }

    private static func line(_ what: String, _ result: String, _ ok: Bool, _ detail: String) -> String {
        "\(what): \(result) (\(detail)) \(ok ? "ok" : "SLOWER THAN TARGET")"
    }

    private static func format2(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return String(r)
    }

    private static func nanoseconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) * 1e9 + Double(c.attoseconds) / 1e9
    }

    /// One reader's minute: a list of inputs (nil = a frame tick) with times relative to its start.
    private static func session() -> [(TurnInput?, Double)] {
        var s: [(TurnInput?, Double)] = []
        var t = 0.0
        func drag(_ x0: Double, _ x1: Double, _ ms: Double, id: Int = 0) {
            s.append((.pointerDown(id: id, at: Point(x: x0, y: 500)), t))
            for k in 1...20 {
                t += ms / 20
                s.append((.pointerMove(id: id, at: Point(x: x0 + (x1 - x0) * Double(k) / 20, y: 500 + Double(k))), t))
                if k % 3 == 0 { s.append((nil, t)) }
            }
            s.append((.pointerUp(id: id, at: nil), t))
            for _ in 0..<20 { t += 16; s.append((nil, t)) }
        }
        drag(700, 250, 400)          // commits
        drag(600, 560, 300)          // cancels
        drag(600, 540, 40)           // flung
        drag(150, 500, 300)          // back
        s.append((.pointerDown(id: 0, at: Point(x: 750, y: 500)), t)); t += 60
        s.append((.pointerUp(id: 0, at: nil), t)); t += 100   // tap: next
        s.append((.key(.next), t)); t += 50
        s.append((.key(.next), t)); t += 400
        s.append((.wheel(steps: -1), t)); t += 400
        return s
    }

    private static func timeEvents() -> (Double, Int, Int) {
        let clock = ContinuousClock()
        let script = session()
        let span = (script.last?.1 ?? 0) + 1000
        var best = Double.infinity
        var count = 0, check = 0
        for _ in 0..<7 {
            var machine = TurnMachine(pageSize: Size(width: 800, height: 1000), pageCount: 1_000_000, page: 500_000)
            count = 0
            let start = clock.now
            for round in 0..<400 {
                let offset = Double(round) * span
                for (input, t) in script {
                    let events: [TimedEvent]
                    if let input { events = machine.send(input, at: offset + t) } else { events = machine.advance(to: offset + t) }
                    check &+= events.count
                    count += 1
                }
            }
            let ns = nanoseconds(start.duration(to: clock.now)) / Double(count)
            check &+= machine.page
            best = min(best, ns)
        }
        return (best, count, check)
    }

    private static func timeMeshes() -> (Double, Int, Int) {
        let clock = ContinuousClock()
        let size = Size(width: 800, height: 1000)
        let curl = CylinderCurl()
        let poses = (0..<50).map { k -> TurnPose in
            let p = 0.02 + 0.96 * Double(k) / 49
            return TurnPose(page: size, direction: .next, progress: p, grabY: k % 2 == 0 ? 500 : 980,
                            lift: k % 2 == 0 ? 0 : -150)
        }
        var frame = CylinderFrame()
        curl.frame(page: size, pose: poses[0], into: &frame)
        var best = Double.infinity
        var vertices = 0, triangles = 0
        for _ in 0..<7 {
            let start = clock.now
            var total = 0, totalTriangles = 0
            for _ in 0..<10 {
                for pose in poses {
                    curl.frame(page: size, pose: pose, into: &frame)
                    total &+= frame.vertexCount
                    totalTriangles &+= frame.front.triangleCount + frame.back.triangleCount
                }
            }
            best = min(best, nanoseconds(start.duration(to: clock.now)) / 1000 / Double(10 * poses.count))
            vertices = total / (10 * poses.count)
            triangles = totalTriangles / (10 * poses.count)
        }
        return (best, vertices, triangles)
    }
}
