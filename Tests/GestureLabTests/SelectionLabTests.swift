import GestureLab
import PageTurner
import Testing
import GestureScripts

/// The lab judges the conflict between selecting and turning: `expect select` labels, the
/// outcome `select`, and the two ways of confusing them counted apart.
@Suite struct SelectionLabTests {
    /// Three gestures on an 800 × 1000 page: a press held 700 ms then dragged left (a
    /// selection), the same held only 300 ms (the machine sees a drag: a page turns), and a
    /// turn drag that starts slowly, creeping 6 px in its first 250 ms.
    static let file = """
        #@ width 800
        #@ height 1000
        #@ pages 50
        #@ start 10
        down 600 500 @0
        move 602 501 @300
        move 400 500 @900
        move 200 500 @1100
        up @1150
        expect select
        down 600 500 @3000
        move 400 500 @3300
        move 200 500 @3500
        up @3550
        expect select
        down 700 500 @6000
        move 694 500 @6250
        move 500 500 @6400
        move 300 500 @6500
        up @6520
        expect next
        """

    func outcomes(longPressTimeout: Double) throws -> [GestureOutcome] {
        let file = try LabelledScript.parse(Self.file)
        var setup = ReplaySettings().applying(file.header)
        setup.settings.turn.longPressTimeout = longPressTimeout
        return LabReplay.run(file, setup: setup)
    }

    @Test func aHeldPressSelectsAndAQuickOneTurnsInstead() throws {
        let o = try outcomes(longPressTimeout: 500)
        #expect(o.map(\.action) == [.select, .next, .next])
        #expect(o.map(\.verdict) == [.agreed, .falseTurn, .agreed])
        #expect(o[0].why == "held still 500 ms: selects")
        let s = LabSummary(o)
        #expect(s.turnedInsteadOfSelecting == 1 && s.selectedInsteadOfTurning == 0)
    }

    @Test func aShortTimeoutCatchesTheQuickSelectionButTakesTheSlowTurnForOne() throws {
        let o = try outcomes(longPressTimeout: 200)
        #expect(o.map(\.action) == [.select, .select, .select])
        #expect(o.map(\.verdict) == [.agreed, .agreed, .missed])
        let s = LabSummary(o)
        #expect(s.turnedInsteadOfSelecting == 0 && s.selectedInsteadOfTurning == 1)
    }

    @Test func aSweepOfTheTimeoutRanksTheTradeOff() throws {
        let file = try LabelledScript.parse(Self.file)
        let axis = try SweepAxis(parsing: "longPressTimeout=200:500:300")
        let sweep = try Sweep(axes: [axis], base: ReplaySettings())
        let rows = (0..<sweep.count).map { sweep.row($0, files: [file]) }
        // 200 ms: one turn missed (1); 500 ms: one false turn (3).
        #expect(rows.map(\.cost) == [1, 3])
    }

    @Test func synthesizedSelectionsAreLabelledAndMostlyAgreeAtTheDefaults() throws {
        let file = try LabelledScript.parse(GestureSynthesizer(seed: 4, count: 1000).script())
        let outcomes = LabReplay.run(file, setup: ReplaySettings().applying(file.header))
        let meant = outcomes.filter { $0.intent == .select }
        #expect(meant.count > 20, "about one in twenty gestures is a selection")
        #expect(meant.contains { $0.action == .select })
        #expect(meant.contains { $0.action != .select }, "some are held too briefly, or drift out of the slop")
    }

    @Test func aSelectionDraggedToThePageEdgeTurnsItAndIsStillASelection() throws {
        let file = try LabelledScript.parse("""
            #@ width 800
            #@ height 1000
            #@ pages 50
            #@ start 10
            down 400 500 @0
            move 600 500 @700
            move 795 500 @800
            up @1200
            expect select
            """)
        let o = LabReplay.run(file, setup: ReplaySettings().applying(file.header))
        #expect(o.map(\.action) == [.select])
        #expect(o.map(\.verdict) == [.agreed])
    }
}
