import PropertyBased
import Testing
@testable import PageTurner

/// "a property test that feeds thousands of random event sequences and checks that the
/// machine never reaches an invalid state, the page stays within 0…N−1, and everything is at
/// rest once turnDuration has passed after the last up". Also: while pointers act on it, the
/// drawn page never moves further than the pointer that moved it.
@Suite("Random event sequences")
struct MachinePropertyTests {
    /// One random input: kind, position (as fractions of the page), time step, pointer id.
    typealias RandomStep = (kind: Int, x: Double, y: Double, dt: Double, id: Int)

    static let step = zip(Gen.int(in: 0...13), Gen.double(in: -0.15...1.15), Gen.double(in: -0.15...1.15),
                          Gen.double(in: 0...150), Gen.int(in: 0...2))

    /// Page sizes: degenerate ones (clamped to 1×1), a phone, a tablet, an absurd one.
    static let sizes = [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 320, height: 480),
                        Size(width: 800, height: 1000), Size(width: 1e6, height: 3e5)]
    /// Book lengths: short ones, and one that any `pageCount + 1` would overflow.
    static let counts = [1, 2, 3, 5, Int.max]

    static func input(_ s: RandomStep, page: Size) -> TurnInput? {
        let p = Point(x: s.x * page.width, y: s.y * page.height)
        switch s.kind {
        case 0, 1: return .pointerDown(id: s.id, at: p)
        case 2, 3, 4, 5: return .pointerMove(id: s.id, at: p)
        case 6: return .pointerUp(id: s.id, at: nil)
        case 7: return .pointerUp(id: s.id, at: p)
        case 8: return .pointerCancel(id: s.id)
        case 9: return .wheel(steps: [-1, 1, 3, Int.min, Int.max][Int((s.x + 0.15) * 100) % 5])
        case 12: return nil                                          // a resize
        default:
            let keys: [KeyCommand] = [.next, .previous, .first, .last, .toggleToolbars, .hideToolbars]
            return .key(keys[Int((s.x + 0.15) * 100) % keys.count])
        }
    }

    @Test("the machine stays valid, the page stays in the book, nothing jumps, and all comes to rest")
    func randomSequences() async {
        await propertyCheck(count: 3000, input: Self.step.array(of: 1...60), Gen.int(in: 0...4),
                            Gen.int(in: 0...4), Gen.bool, Gen.bool) { steps, sizeIndex, countIndex, rtl, animated in
            var config = TurnConfig()
            config.rightToLeft = rtl
            config.animated = animated
            let pages = Self.counts[countIndex]
            var machine = TurnMachine(pageSize: Self.sizes[sizeIndex], pageCount: pages,
                                      page: pages / 2, config: config)
            var expectedPage = machine.page
            var t = 0.0
            /// Where each pointer was last seen, as the recognizer saw it.
            var last: [Int: Point] = [:]
            func check(_ events: [TimedEvent]) {
                var lastTime = -Double.infinity
                for e in events {
                    #expect(e.time >= lastTime && e.time <= machine.now, "events in time order")
                    lastTime = e.time
                    if case .turnCommitted(let from, let to) = e.event {
                        #expect(from == expectedPage && to != from && (0..<pages).contains(to))
                        expectedPage = to
                    }
                    if case .turnCancelled(let page) = e.event { #expect(page == expectedPage) }
                }
                #expect(machine.page == expectedPage, "the page changes only by committed turns")
                #expect(machine.invariantViolations() == [])
            }
            for raw in steps {
                let s: RandomStep = raw
                t += s.dt
                guard let input = Self.input(s, page: machine.pageSize) else {
                    machine.resize(to: Self.sizes[(s.id + Int((s.y + 0.15) * 10)) % Self.sizes.count])
                    check([])
                    continue
                }
                check(machine.advance(to: t))
                let before = machine.pose, turnBefore = machine.turn
                let events = machine.send(input, at: t)
                check(events)
                // A pointer input moves the drawn page at most as far as that pointer moved (taps
                // turn pages on purpose; without animation pages land at once on purpose).
                var moved = Point.zero
                switch input {
                case .pointerDown(let id, let p):
                    last[id] = p
                case .pointerMove(let id, let p), .pointerUp(let id, let p?):
                    if let q = last[id] { moved = Point(x: abs(p.x - q.x), y: abs(p.y - q.y)) }
                    if machine.recognizer.down.contains(id) { last[id] = p }
                default:
                    break
                }
                if case .pointerUp(let id, _) = input, !machine.recognizer.down.contains(id) { last[id] = nil }
                if case .pointerCancel(let id) = input { last[id] = nil }
                let tapped = events.contains { if case .tap = $0.event { return true } else { return false } }
                guard animated, !tapped else { continue }
                switch input {
                case .pointerDown, .pointerMove, .pointerUp, .pointerCancel: break
                default: continue
                }
                let tolerance = 1e-9 * (machine.pageSize.width + machine.pageSize.height)
                switch (before, machine.pose) {
                case (let a?, let b?):
                    #expect(turnBefore == machine.turn, "the same turn")
                    #expect(abs(b.pointer.x - a.pointer.x) <= moved.x + tolerance, "drawn x jumped: \(a) → \(b) for \(input)")
                    #expect(abs(b.pointer.y - a.pointer.y) <= moved.y + tolerance, "drawn y jumped: \(a) → \(b) for \(input)")
                case (nil, let b?):
                    // From rest: the turn's picture at progress 0, lift 0.
                    let rest = TurnPose(page: machine.pageSize, direction: b.direction, progress: 0,
                                        grabY: b.grab.y, rightToLeft: b.rightToLeft)
                    #expect(abs(b.pointer.x - rest.pointer.x) <= moved.x + tolerance, "drawn x jumped from rest to \(b)")
                    #expect(abs(b.pointer.y - rest.pointer.y) <= moved.y + tolerance, "drawn y jumped from rest to \(b)")
                case (let a?, nil):
                    // Landed: only where it already was.
                    #expect(a.progress <= tolerance || a.progress >= 1 - tolerance, "landed from \(a.progress)")
                case (nil, nil):
                    break
                }
            }
            // Everyone lets go; a turnDuration after the last up all is still.
            t = machine.now
            for id in machine.recognizer.down {
                t += 1
                check(machine.send(.pointerUp(id: id, at: nil), at: t))
            }
            check(machine.advance(to: t + config.turnDuration))
            #expect(machine.isAtRest)
            #expect(machine.phase == .idle)
            #expect(machine.pose == nil)
        }
    }
}
