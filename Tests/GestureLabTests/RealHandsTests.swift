import GestureLab
import PageTurner
import Testing
import GestureScripts

/// Real hands (`gestures synth --hands real`): what real input does, each named, and a report
/// that tells the kinds apart.
@Suite struct RealHandsTests {
    static func file(seed: UInt64 = 3, count: Int = 400) throws -> LabelledScript {
        var synthesizer = GestureSynthesizer(seed: seed, count: count)
        synthesizer.realistic = true
        return try LabelledScript.parse(synthesizer.script())
    }

    /// The pointer steps of each gesture, by the kind its expect line names.
    static func gestures(_ file: LabelledScript) -> [(kind: String, steps: [GestureScript.Step])] {
        var out: [(String, [GestureScript.Step])] = []
        var start = 0
        for e in file.expectations {
            out.append((e.kind ?? "", Array(file.script.steps[start..<e.afterSteps])))
            start = e.afterSteps
        }
        return out
    }

    static func points(_ steps: [GestureScript.Step]) -> [(t: Double, x: Double, y: Double)] {
        steps.compactMap { step in
            switch step.action {
            case .down(let p, _), .move(let p, _): return (step.time, p.x, p.y)
            default: return nil
            }
        }
    }

    @Test("every gesture names its kind, and each thing real hands add is met")
    func kindsAreNamed() throws {
        let file = try Self.file()
        #expect(file.expectations.allSatisfy { $0.kind != nil })
        let tags = Set(file.expectations.flatMap { ($0.kind ?? "").split(separator: "+").map(String.init) })
        for tag in ["drag", "flick", "peek", "reversal", "vertical", "tap", "toolbar-tap", "select", "drift", "extend", "swipe",
                    "wobble", "overshoot", "hesitation", "dropped", "coast"] {
            #expect(tags.contains(tag), "\(tag)")
        }
    }

    @Test("devices report at 60–120 Hz (fingers) and 125–1000 Hz (mice)")
    func rates() throws {
        var gaps: Set<Int> = []
        for (kind, steps) in Self.gestures(try Self.file()) where kind.hasPrefix("drag") || kind.hasPrefix("peek") {
            let p = Self.points(steps)
            guard p.count > 6 else { continue }
            // The most common gap between reports, to the ms.
            let diffs = zip(p.dropFirst(), p).map { Int(($0.t - $1.t).rounded()) }
            let mode = Dictionary(grouping: diffs, by: { $0 }).max { $0.value.count < $1.value.count }!.key
            gaps.insert(mode)
        }
        #expect(gaps.isSuperset(of: [1, 4, 8, 11, 17]), "1000, 250, 125, 90 and 60 Hz among others: \(gaps.sorted())")
    }

    @Test("a finger's landing wobble moves it 5–15 px in its first 50 ms, in any direction")
    func wobble() throws {
        var directions = Set<Int>()
        // Drags and peeks travel sideways, drifting at most 5% of the height over their whole
        // way: across them, the first 50 ms show the wobble.
        for (kind, steps) in Self.gestures(try Self.file()) where kind.contains("wobble") && (kind.hasPrefix("drag") || kind.hasPrefix("peek")) {
            let p = Self.points(steps)
            guard let press = p.first, let early = p.last(where: { $0.t - press.t <= 50 }) else { continue }
            let dy = early.y - press.y
            #expect(abs(dy) <= 15 + 6, "at most 15 px, with the sensor's noise and a little of the movement: \(dy)")
            if abs(dy) > 4 { directions.insert(dy > 0 ? 1 : -1) }
        }
        #expect(directions == [1, -1], "up and down both")
    }

    @Test("a swipe coasts on after the fingers lift, its deltas dying away")
    func coasting() throws {
        for (kind, steps) in Self.gestures(try Self.file()) where kind == "swipe+coast" {
            let deltas = steps.compactMap { step -> Double? in if case .scroll(let dx, _) = step.action { return abs(dx) } else { return nil } }
            let tail = deltas.suffix(8)
            #expect(zip(tail.dropFirst(), tail).allSatisfy { $0 <= $1 + 0.11 }, "decaying: \(Array(tail))")
            #expect(deltas.last! < 0.6)
        }
    }

    @Test("the report counts each kind and each thing added; clean hands name none")
    func tally() throws {
        let file = try Self.file()
        let outcomes = LabReplay.run(file, setup: ReplaySettings().applying(file.header))
        let kinds = KindTally.summaries(outcomes)
        #expect(kinds.first?.name.hasPrefix("+") == false && kinds.last?.name.hasPrefix("+") == true)
        let total = kinds.filter { !$0.name.hasPrefix("+") }.reduce(0) { $0 + $1.summary.gestures }
        #expect(total == outcomes.count, "every gesture in one kind")
        let wobbly = try #require(kinds.first { $0.name == "+wobble" })
        #expect(wobbly.summary.gestures == outcomes.count { $0.kind?.contains("+wobble") == true })
        let clean = try LabelledScript.parse(GestureSynthesizer(seed: 3, count: 50).script())
        #expect(KindTally.summaries(LabReplay.run(clean, setup: ReplaySettings().applying(clean.header))).isEmpty)
    }

    @Test("an expect line may name a kind, and nothing else")
    func expectLines() throws {
        let file = try LabelledScript.parse("down 10 10 @0\nup @40\nexpect next kind=tap\ndown 10 10 @500\nup @540\nexpect none\n")
        #expect(file.expectations.map(\.kind) == ["tap", nil])
        #expect(throws: GestureScriptError.self) { try LabelledScript.parse("down 10 10 @0\nup @40\nexpect next tap\n") }
        #expect(throws: GestureScriptError.self) { try LabelledScript.parse("down 10 10 @0\nup @40\nexpect next kind=\n") }
    }
}
