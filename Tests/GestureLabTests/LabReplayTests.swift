import Foundation
import GestureLab
import PageTurner
import Testing
import GestureScripts

/// `LabReplay`: what the machine did with each labelled gesture, and why.
@Suite struct LabReplayTests {
    /// Six gestures on an 800 × 1000 page, one of each verdict and cause.
    static let file = """
        #@ width 800
        #@ height 1000
        #@ pages 50
        #@ start 10
        # a slow drag of 300 px that stops: past the commit distance (160 px)
        down 700 500 @0
        move 600 500 @100
        move 400 500 @400
        up @600
        expect next
        # a slow drag of 100 px that stops: below it
        down 700 500 @2000
        move 650 500 @2200
        move 600 500 @2500
        up @2700
        expect next
        # a flick of 60 px at about 1000 px/s
        down 300 500 @4000
        move 320 500 @4020
        move 340 500 @4040
        move 360 500 @4060
        up @4061
        expect next
        # a tap in the right quarter
        down 750 500 @6000
        up @6060
        expect none
        # a tap in the middle
        down 400 500 @8000
        up @8060
        expect toolbars
        # a key, unlabelled
        key prev @10000
        """

    @Test func anExpectBeforeAnyStepIsRefusedNamingItsLine() throws {
        #expect {
            try LabelledScript.parse("#@ width 800\n\nexpect next\ndown 700 500 @0\nup @10\n")
        } throws: { error in
            (error as? GestureScriptError)?.line == 3 && "\(error)".contains("no step comes before it")
        }
    }

    @Test func aResizeInARecordingMovesTheCommitLineWithThePage() throws {
        // 120 px is past a fifth of 500 px (100) and short of a fifth of 800 px (160).
        let drag = "down 450 500 @1000\nmove 400 500 @1100\nmove 330 500 @1400\nup @1600\nexpect next\n"
        let wide = try LabelledScript.parse("#@ width 800\n#@ height 1000\n" + drag)
        let narrowed = try LabelledScript.parse("#@ width 800\n#@ height 1000\nresize 500 1000 @500\n" + drag)
        #expect(LabReplay.run(wide, setup: ReplaySettings().applying(wide.header)).map(\.verdict) == [.missed])
        #expect(LabReplay.run(narrowed, setup: ReplaySettings().applying(narrowed.header)).map(\.verdict) == [.agreed])
    }

    @Test func eachGestureHasItsActionCauseAndVerdict() throws {
        let file = try LabelledScript.parse(Self.file)
        let setup = ReplaySettings().applying(file.header)
        #expect(setup.pageCount == 50 && setup.startPage == 10)
        let outcomes = LabReplay.run(file, setup: setup)
        #expect(outcomes.map(\.action) == [.next, .none, .previous, .next, .toolbars, .previous])
        #expect(outcomes.map(\.verdict) == [.agreed, .missed, .wrongDirection, .falseTurn, .agreed, .unlabelled])
        #expect(outcomes.map(\.line) == [6, 12, 18, 25, 29, 33])
        #expect(outcomes[0].why == "distance 300 ≥ 160 px")
        #expect(outcomes[1].why.hasPrefix("below threshold 100 < 160 px"))
        #expect(outcomes[2].why.hasPrefix("fling "), "\(outcomes[2].why)")
        #expect(outcomes[3].why == "tap zone right")
        #expect(outcomes[5].why == "key or wheel")
        let summary = LabSummary(outcomes)
        #expect(summary == {
            var s = LabSummary()
            s.gestures = 6; s.labelled = 5; s.agreed = 2; s.missed = 1; s.falseTurns = 1; s.wrongDirection = 1
            return s
        }())
        #expect(summary.errors == 3)
    }

    @Test func aSlowQuarterWidthDragCommitsAtTheDefaultAndNotAtCommitFractionPoint3() throws {
        let file = try LabelledScript.parse("down 700 500 @0\nmove 600 500 @200\nmove 500 500 @500\nup @700\nexpect next\n")
        var setup = ReplaySettings()
        #expect(LabReplay.run(file, setup: setup).first?.verdict == .agreed)
        try setup.settings.set("commitFraction", to: 0.3)
        #expect(LabReplay.run(file, setup: setup).first?.verdict == .missed)
    }

    @Test func aTurnLandingDuringTheNextGestureBelongsToTheOneThatStartedIt() throws {
        // The second press comes 50 ms after the first release, while the page still settles.
        let file = try LabelledScript.parse("""
            down 700 500 @0
            move 400 500 @300
            up @500
            expect next
            down 100 500 @550
            up @600
            expect previous
            """)
        let outcomes = LabReplay.run(file, setup: ReplaySettings())
        #expect(outcomes.count == 2)
        #expect(outcomes[0].action == .next)
    }

    @Test("a swipe is one gesture: a tick inside it does not split it, a press right after it starts another, a pause of the release gap ends it")
    func swipesAreOneGestureEach() throws {
        let file = try LabelledScript.parse("""
            scroll -40 0 @0
            scroll -80 0 @16
            tick @20
            scroll -80 0 @32
            down 700 500 @60
            move 400 500 @300
            up @400
            expect next
            scroll -40 0 @2000
            scroll -80 0 @2016
            scroll -80 0 @2096
            """)
        let outcomes = LabReplay.run(file, setup: ReplaySettings())
        #expect(outcomes.map(\.line) == [1, 5, 9, 11], "\(outcomes.map(\.line))")
        #expect(outcomes[0].action == .next, "the first swipe turned")
        #expect(outcomes[1].intent == .next && outcomes[0].intent == nil, "the label is the drag's, its own gesture")
    }

    @Test func aSwipeAtTheEndLetsGoEvenWithALongReleaseGap() throws {
        let file = try LabelledScript.parse("scroll -40 0 @0\nscroll -80 0 @16\nscroll -80 0 @32\nexpect next\n")
        var setup = ReplaySettings()
        try setup.settings.set("scrollReleaseGap", to: 1500)
        #expect(LabReplay.run(file, setup: setup).first?.verdict == .agreed)
    }

    @Test func syntheticGesturesMostlyAgreeWithTheTutorialsThresholds() throws {
        let file = try LabelledScript.parse(GestureSynthesizer(seed: 11, count: 300).script())
        let outcomes = LabReplay.run(file, setup: ReplaySettings().applying(file.header))
        let s = LabSummary(outcomes)
        #expect(s.labelled >= 280)
        #expect(Double(s.agreed) / Double(s.labelled) > 0.7, "\(s)")
        #expect(s.errors > 0, "the model spreads gestures across the thresholds: \(s)")
        #expect(outcomes.contains { o in if case .release(let r) = o.cause { return r.travel > 0 && o.line > 0 } else { return false } })
    }

    @Test func theCheckedInGesturesAreTheSynthesizersOwnAndMostlyAgree() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/gestures/synthetic-seed1.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        var real = GestureSynthesizer(seed: 1, count: 150)
        real.realistic = true
        #expect(text == real.script(), "pageturn gestures synth --seed 1 --count 150 (real hands)")
        let file = try LabelledScript.parse(text)
        let outcomes = LabReplay.run(file, setup: ReplaySettings().applying(file.header))
        let s = LabSummary(outcomes)
        #expect(s.labelled == s.gestures && s.gestures >= 150)
        #expect(Double(s.agreed) / Double(s.labelled) > 0.85, "\(s)")
        let swipes = file.script.steps.filter { if case .scroll = $0.action { return true } else { return false } }
        #expect(!swipes.isEmpty, "trackpad swipes are among them")
        #expect(outcomes.contains { $0.line == swipes[0].line && $0.action != .none }, "the first swipe turns a page")
    }
}
