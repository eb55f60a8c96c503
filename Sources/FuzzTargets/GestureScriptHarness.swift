import PageTurner
import GestureScripts
import FileWriting

/// Parses the input as a gesture script. A refusal must name a line of the script in one
/// clean line; an accepted script must hold what the format allows (times from 0 that never
/// go backwards, coordinates in range), and replaying it through a turn machine, set-up
/// changes included, must keep the machine's invariants after every step.
enum GestureScriptHarness {
    /// Steps replayed at most: enough for any gesture, and a bound on one run's time.
    static let replayedSteps = 400

    static func run(_ bytes: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: bytes, as: UTF8.self)
        let script: GestureScript
        do {
            script = try GestureScript.parse(text)
        } catch {
            try expectNoLineBreak(error.description, "gesture script: the error")
            try expectOneLine(PrintableText.escaped(error.description), "gesture script: the error (as printed)")
            let lines = ScriptLines.split(text).reduce(0) { n, _ in n + 1 }
            try expect(error.line >= 1 && error.line <= lines, "gesture script: error on line \(error.line) of \(lines)")
            return
        }
        var lastLine = 0
        var lastTime = 0.0
        for step in script.steps {
            try expect(step.line > lastLine, "gesture script: step on line \(step.line) after line \(lastLine)")
            try expect(step.time >= lastTime && step.time <= GestureScript.maximumTime,
                       "gesture script: time \(step.time) on line \(step.line) after \(lastTime)")
            for value in coordinates(step.action) {
                try expect(value.isFinite && abs(value) <= GestureScript.maximumCoordinate,
                           "gesture script: coordinate \(value) on line \(step.line)")
            }
            lastLine = step.line
            lastTime = step.time
        }
        try replay(script)
    }

    private static func coordinates(_ action: GestureScript.Action) -> [Double] {
        switch action {
        case .down(let p, _), .move(let p, _): [p.x, p.y]
        case .up(let p, _): p.map { [$0.x, $0.y] } ?? []
        case .scroll(let dx, let dy): [dx, dy]
        case .setup(.resize(let size)): [size.width, size.height]
        default: []
        }
    }

    private static func replay(_ script: GestureScript) throws(FuzzFinding) {
        var machine = TurnMachine(pageSize: Size(width: 800, height: 1000), pageCount: 9, page: 4)
        var setup = ReplayedSetup(settings: TurnSettings(), curl: .classic, rightToLeft: false)
        machine.config = setup.config
        for step in script.steps.prefix(replayedSteps) {
            if let input = step.input {
                machine.send(input, at: step.time)
            } else if let change = step.setupChange {
                machine.advance(to: step.time)
                setup.apply(change, to: &machine)
            } else {
                machine.advance(to: step.time)
            }
            let problems = machine.invariantViolations()
            try expect(problems.isEmpty, "turn machine after line \(step.line): \(problems.joined(separator: "; "))")
        }
        machine.advance(to: (script.steps.last?.time ?? 0) + 60_000)
        let problems = machine.invariantViolations()
        try expect(problems.isEmpty, "turn machine a minute after the script: \(problems.joined(separator: "; "))")
    }

    static var seeds: [(name: String, bytes: [UInt8])] {
        let scripts = [
            ("drag-turn", "down 700 500 @0\nmove 600 505 @16\nmove 400 510 @32\nup @48\ntick @1000\n"),
            ("two-fingers", "down 700 500 @0 id=1\ndown 100 500 @5 id=2\nmove 650 500 @20 id=1\ncancel @30 id=2\nup 500 500 @40 id=1 # lift\n"),
            ("wheel-keys", "wheel +2 @0\nwheel -1 @300\nkey next @600\nkey toolbars @700\nkey last @800\nscroll -40 0 @900\nscroll -60 2 @916\n"),
            ("setup", "resize 1200 900 @0\npages 20 19 @0\ncurl cylinder @1\nprogression rtl @2\nlayout spread @3\npages 10 4 @3\ndown 100 400 @10\nmove 500 400 @30\nup @50\n"),
            ("crlf-bad", "down 1 2 @0\r\nmove 3e2 -4.5 @1\rup @0.5\n"),
        ]
        return scripts.map { ($0.0, Array($0.1.utf8)) }
    }
}
