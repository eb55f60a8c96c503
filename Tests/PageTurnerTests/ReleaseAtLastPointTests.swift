import Testing
@testable import PageTurner

/// An up at the point the pointer last moved to (SDL's release always carries a position) is
/// no move: it adds no still sample for the velocity fit to extrapolate a reversal from
/// (the first drag of the recording in Tests/Recordings/tap-after-two-drags.gestures).
@Suite("An up where the pointer already is")
struct ReleaseAtLastPointTests {
    /// The first drag on a 706 × 942 page: 565 → 141 px in six moves over 152 ms, let go
    /// 36 ms after the last, at its point. Returns the events from the release on.
    func release(at point: Point?) -> [TurnEvent] {
        var machine = TurnMachine(pageSize: Size(width: 706, height: 942), pageCount: 19)
        let moves: [(Double, Double)] = [(480, 25), (395, 52.2), (310, 83.7), (226, 118), (141, 151.6)]
        machine.send(.pointerDown(id: 0, at: Point(x: 565, y: 471)), at: 0)
        for (x, t) in moves { machine.send(.pointerMove(id: 0, at: Point(x: x, y: 471)), at: t) }
        var events = machine.send(.pointerUp(id: 0, at: point), at: 187.6).map(\.event)
        events += machine.advance(to: 2000).map(\.event)
        return events
    }

    @Test("a fast drag let go where it stopped 36 ms before turns the page, with or without the up's point")
    func turns() {
        for point in [Point(x: 141, y: 471), nil] {
            let events = release(at: point)
            #expect(events.contains(.turnCommitted(from: 0, to: 1)), "up at \(String(describing: point)): \(events)")
            #expect(!events.contains { if case .turnCancelled = $0 { true } else { false } })
        }
    }

    @Test("an up somewhere new still moves the pointer there first")
    func upElsewhereMoves() {
        var machine = TurnMachine(pageSize: Size(width: 706, height: 942), pageCount: 19)
        machine.send(.pointerDown(id: 0, at: Point(x: 565, y: 471)), at: 0)
        // Let go 12 px away, 40 ms later: out of the touch slop, so no tap but a (short) drag.
        let events = machine.send(.pointerUp(id: 0, at: Point(x: 553, y: 471)), at: 40).map(\.event)
        #expect(!events.contains { if case .tap = $0 { true } else { false } }, "\(events)")
    }
}
