import GestureLab
import PageTurner
import Testing
import GestureScripts

/// Fingers that wobble as they land (`GestureSynthesizer.wobble`): the lab meets the starts a
/// real drag met, and a drag judged on its travel turns where one judged on its first sample
/// out of the slop did nothing.
@Suite struct LandingWobbleTests {
    @Test("clean hands keep their bytes: real hands draw from a stream of their own (seed 1, 150 gestures)")
    func cleanHandsKeepTheirBytes() {
        let text = GestureSynthesizer(seed: 1, count: 150).script()
        // FNV-1a of the file as `gestures synth --seed 1 --count 150 --hands clean` has written it
        // since long presses became selections (real hands changed nothing of it).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        #expect(text.utf8.count == 161_113 && hash == 0xdf8f_dc8d_a54f_7b54)
    }

    @Test func withoutWobbleTheBytesAreTheSameAsBefore() {
        var zero = GestureSynthesizer(seed: 1, count: 80)
        zero.wobble = 0
        #expect(zero.script() == GestureSynthesizer(seed: 1, count: 80).script())
        var wobbly = GestureSynthesizer(seed: 1, count: 80)
        wobbly.wobble = 12
        #expect(wobbly.script() != zero.script())
        #expect(wobbly.script() == wobbly.script())
    }

    /// The verdicts of a replay of `synthesizer`'s gestures with `directionDistance`.
    func summary(_ synthesizer: GestureSynthesizer, directionDistance: Double) throws -> LabSummary {
        let file = try LabelledScript.parse(synthesizer.script())
        var setup = ReplaySettings().applying(file.header)
        setup.settings.turn.directionDistance = directionDistance
        return LabSummary(LabReplay.run(file, setup: setup))
    }

    @Test func judgingOnTravelTurnsWobblyDragsWithoutTurningVerticalOnes() throws {
        var synthesizer = GestureSynthesizer(seed: 5, count: 400)
        synthesizer.wobble = 12
        let atTheSlop = try summary(synthesizer, directionDistance: 0)
        let onTravel = try summary(synthesizer, directionDistance: 24)
        #expect(onTravel.missed < atTheSlop.missed, "wobbly turns recognized: \(atTheSlop.missed) → \(onTravel.missed) missed")
        // Unwobbled gestures: the same verdicts either way.
        let clean = GestureSynthesizer(seed: 5, count: 400)
        #expect(try summary(clean, directionDistance: 0) == summary(clean, directionDistance: 24))
    }

    @Test func noVerticalDragTurns() throws {
        var synthesizer = GestureSynthesizer(seed: 9, count: 600)
        synthesizer.wobble = 12
        let file = try LabelledScript.parse(synthesizer.script())
        let outcomes = LabReplay.run(file, setup: ReplaySettings().applying(file.header))
        let vertical = outcomes.filter { if case .ignored(let i) = $0.cause, case .steep = i.reason { return true } else { return false } }
        #expect(vertical.count > 20, "the vertical drags are judged and explained")
        #expect(vertical.allSatisfy { $0.action == .none && $0.intent == Intent.none })
    }
}

/// What `gestures synth` writes, `simulate` reads: the most gestures a file may hold end well
/// within a script's time line.
@Suite struct SynthesizerCapacityTests {
    @Test func theLargestFileEndsWithinTheScriptTimeLine() throws {
        let sample = 4_000
        let script = try LabelledScript.parse(GestureSynthesizer(seed: 3, count: sample).script()).script
        let end = try #require(script.steps.last?.time)
        let projected = end / Double(sample) * Double(GestureSynthesizer.maximumCount)
        #expect(projected < 0.9 * GestureScript.maximumTime, "\(GestureSynthesizer.maximumCount) gestures would end at \(projected) ms")
    }
}
