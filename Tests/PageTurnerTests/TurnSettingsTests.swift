import PageTurner
import PropertyBased
import Testing

/// Every threshold of the machine and every parameter of the curls is a named setting.
@Suite struct TurnSettingsTests {
    @Test func theDefaultsAreTheSeeds() {
        let s = TurnSettings()
        #expect(s.turn == TurnConfig.standard)
        #expect(s.classic == ClassicCurl())
        #expect(s.cylinder == CylinderCurl())
        #expect(s.value(of: "commitFraction") == 0.2)
        #expect(s.value(of: "flingVelocity") == 600)
        #expect(s.value(of: "classic.shadowWidth") == 50)
    }

    @Test func everySettingReadsAndWritesItsOwnProperty() throws {
        for setting in TurnSetting.all {
            var s = TurnSettings()
            let target = setting.range.lowerBound + (setting.range.upperBound - setting.range.lowerBound) * 0.37
            try s.set(setting.name, to: target)
            #expect(s.value(of: setting.name) == target, "\(setting.name)")
            for other in TurnSetting.all where other.name != setting.name {
                #expect(s.value(of: other.name) == TurnSettings().value(of: other.name), "\(setting.name) changed \(other.name)")
            }
        }
    }

    @Test func everyDefaultIsWithinItsOwnRange() {
        for setting in TurnSetting.all {
            #expect(setting.range.contains(TurnSettings().value(of: setting.name)!), "\(setting.name)")
        }
        #expect(Set(TurnSetting.all.map(\.name)).count == TurnSetting.all.count, "names are unique")
    }

    @Test func assignmentsAreAppliedOrRefusedWithTheKeyNamed() throws {
        var s = TurnSettings()
        try s.apply(assignment: "commitFraction=0.3")
        try s.apply(assignment: " flingVelocity = 450 ")
        #expect(s.turn.commitFraction == 0.3 && s.turn.flingVelocity == 450)
        #expect(throws: TurnSettingError.unknownKey("comitFraction")) { try s.apply(assignment: "comitFraction=0.3") }
        #expect(throws: TurnSettingError.notANumber("touchSlop", "eight")) { try s.apply(assignment: "touchSlop=eight") }
        #expect(throws: TurnSettingError.notAnAssignment("touchSlop")) { try s.apply(assignment: "touchSlop") }
        do {
            try s.apply(assignment: "commitFraction=0")
            Issue.record("0 is out of range")
        } catch {
            #expect(error.description == "commitFraction must be between 0.01 and 1")
        }
        #expect(throws: TurnSettingError.self) { try s.set("turnDuration", to: .nan) }
        #expect(throws: TurnSettingError.self) { try s.set("turnDuration", to: .infinity) }
        #expect(s.turn.commitFraction == 0.3, "a refused setting changes nothing")
    }

    @Test func theJSONNamesEverySettingWithItsValue() throws {
        var s = TurnSettings()
        try s.set("commitFraction", to: 0.125)
        let json = s.json
        for setting in TurnSetting.all { #expect(json.contains("\"\(setting.name)\": "), "\(setting.name)") }
        #expect(json.contains("\"commitFraction\": 0.125"))
        #expect(json.contains("\"flingVelocity\": 600"))
        #expect(json.hasPrefix("{\n") && json.hasSuffix("\n}"))
    }

    @Test("a drag of a quarter of the width commits at the default and cancels at commitFraction 0.3",
          arguments: [(0.2, true), (0.3, false)])
    func commitFractionDecidesASlowDrag(fraction: Double, commits: Bool) throws {
        var settings = TurnSettings()
        try settings.set("commitFraction", to: fraction)
        var machine = TurnMachine(pageSize: Size(width: 800, height: 1000), pageCount: 10, config: settings.turn)
        // A slow drag of 200 px (a quarter of 800), stopping before it lets go: no fling.
        _ = machine.send(.pointerDown(id: 0, at: Point(x: 700, y: 500)), at: 0)
        for k in 1...20 { _ = machine.send(.pointerMove(id: 0, at: Point(x: 700 - Double(k) * 10, y: 500)), at: Double(k) * 50) }
        _ = machine.send(.pointerUp(id: 0, at: nil), at: 1200)
        let events = machine.advance(to: 3000)
        #expect(events.contains { if case .turnCommitted = $0.event { return true } else { return false } } == commits)
        #expect(machine.page == (commits ? 1 : 0))
    }

    @Test("a fling at 500 px/s commits at flingVelocity 400 and not at 600", arguments: [(400.0, true), (600.0, false)])
    func flingVelocityDecidesAShortFastDrag(threshold: Double, commits: Bool) throws {
        var settings = TurnSettings()
        try settings.set("flingVelocity", to: threshold)
        var machine = TurnMachine(pageSize: Size(width: 800, height: 1000), pageCount: 10, config: settings.turn)
        // 60 px in 120 ms at a steady 500 px/s: well short of the commit distance (160 px).
        _ = machine.send(.pointerDown(id: 0, at: Point(x: 700, y: 500)), at: 0)
        for k in 1...6 { _ = machine.send(.pointerMove(id: 0, at: Point(x: 700 - Double(k) * 10, y: 500)), at: Double(k) * 20) }
        _ = machine.send(.pointerUp(id: 0, at: nil), at: 120)
        _ = machine.advance(to: 3000)
        #expect(machine.page == (commits ? 1 : 0))
    }
}

/// No setting within its range can break the machine: random settings, random inputs.
@Suite("Random settings")
struct RandomSettingsTests {
    @Test("any settings within their ranges keep the machine valid and bring it to rest")
    func anySettingsKeepTheMachineValid() async {
        let fractions = Gen.double(in: 0...1).array(of: TurnSetting.all.count...TurnSetting.all.count)
        await propertyCheck(count: 500, input: fractions, MachinePropertyTests.step.array(of: 1...40)) { fractions, steps in
            var settings = TurnSettings()
            for (setting, f) in zip(TurnSetting.all, fractions) {
                try? settings.set(setting.name, to: setting.range.lowerBound + (setting.range.upperBound - setting.range.lowerBound) * f)
            }
            let size = Size(width: 800, height: 1000)
            var machine = TurnMachine(pageSize: size, pageCount: 20, page: 10, config: settings.turn)
            var t = 0.0
            for s in steps {
                let step: MachinePropertyTests.RandomStep = (kind: s.0, x: s.1, y: s.2, dt: s.3, id: s.4)
                t += step.dt
                if let input = MachinePropertyTests.input(step, page: size) { _ = machine.send(input, at: t) }
                #expect(machine.invariantViolations().isEmpty, "\(machine.invariantViolations())")
                if let pose = machine.pose {
                    _ = settings.classic.frame(page: size, pose: pose)
                    let frame = settings.cylinder.frame(page: size, pose: pose)
                    #expect(frame.front.vertices.allSatisfy { $0.position.x.isFinite && $0.position.y.isFinite })
                }
            }
            for id in 0...2 { _ = machine.send(.pointerUp(id: id, at: nil), at: t + 1) }
            _ = machine.advance(to: t + 100_000)
            #expect(machine.isAtRest)
        }
    }
}
