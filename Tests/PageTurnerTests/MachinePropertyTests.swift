import PropertyBased
import Testing
@testable import PageTurner

/// Issue 3: "a property test that feeds thousands of random event sequences and checks that the
/// machine never reaches an invalid state, the page stays within 0…N−1, and everything is at
/// rest once turnDuration has passed after the last up".
@Suite("Random event sequences")
struct MachinePropertyTests {
    /// One random input: kind, position, time step, pointer id.
    typealias RandomStep = (kind: Int, x: Double, y: Double, dt: Double, id: Int)

    static let step = zip(Gen.int(in: 0...11), Gen.double(in: -100...900), Gen.double(in: -100...1100),
                          Gen.double(in: 0...150), Gen.int(in: 0...2))

    static func input(_ s: RandomStep) -> TurnInput {
        let p = Point(x: s.x, y: s.y)
        switch s.kind {
        case 0, 1: return .pointerDown(id: s.id, at: p)
        case 2, 3, 4, 5: return .pointerMove(id: s.id, at: p)
        case 6: return .pointerUp(id: s.id, at: nil)
        case 7: return .pointerUp(id: s.id, at: p)
        case 8: return .pointerCancel(id: s.id)
        case 9: return .wheel(steps: s.id == 0 ? -1 : s.id)
        default: return .key([KeyCommand.next, .previous, .first, .last, .toggleToolbars][Int(s.x.magnitude) % 5])
        }
    }

    @Test("the machine stays valid, the page stays in the book, and all comes to rest")
    func randomSequences() async {
        await propertyCheck(count: 3000, input: Self.step.array(of: 1...60), Gen.int(in: 1...5),
                            Gen.bool, Gen.bool) { steps, pages, rtl, animated in
            var config = TurnConfig()
            config.rightToLeft = rtl
            config.animated = animated
            var machine = TurnMachine(pageSize: Size(width: 800, height: 1000), pageCount: pages,
                                      page: pages / 2, config: config)
            var expectedPage = machine.page
            var t = 0.0
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
                check(machine.send(Self.input(s), at: t))
                if s.kind == 11 { check(machine.advance(to: t + s.dt)) }
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
