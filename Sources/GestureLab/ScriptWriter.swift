/// Writes gesture-script lines: steps with one-decimal numbers, comments, `expect` lines.
struct ScriptWriter {
    var lines: [String] = []

    var text: String { lines.joined(separator: "\n") + "\n" }

    mutating func comment(_ text: String) { lines.append("# " + text) }

    mutating func step(_ line: String) { lines.append(line) }

    /// A press at the first sample, moves through the rest, a pause, a lift; then what it meant.
    /// Returns the lift's time.
    mutating func pointerGesture<S: Sequence>(_ samples: S, pointer: Int, holdBeforeUp: Double, expect: String) -> Double
    where S.Element == HandModel.Sample {
        let id = pointer == 0 ? "" : " id=\(pointer)"
        var last = 0.0
        for (k, s) in samples.enumerated() {
            step("\(k == 0 ? "down" : "move") \(Self.number(s.x)) \(Self.number(s.y)) @\(Self.number(s.time))\(id)")
            last = s.time
        }
        let up = last + max(holdBeforeUp, 0.1)
        step("up @\(Self.number(up))\(id)")
        lines.append("expect \(expect)")
        return up
    }

    /// A tap: down at `press`, up at `lift` (a few pixels away).
    mutating func tap(_ press: HandModel.Sample, _ lift: HandModel.Sample, pointer: Int, expect: String) -> Double {
        let id = pointer == 0 ? "" : " id=\(pointer)"
        step("down \(Self.number(press.x)) \(Self.number(press.y)) @\(Self.number(press.time))\(id)")
        step("up \(Self.number(lift.x)) \(Self.number(lift.y)) @\(Self.number(lift.time))\(id)")
        lines.append("expect \(expect)")
        return lift.time
    }

    /// `v` to one decimal, without a trailing ".0" ("12", "-3.5"): exact and the same everywhere.
    static func number(_ v: Double) -> String {
        let tenths = Int((v * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let a = abs(tenths)
        return a % 10 == 0 ? "\(sign)\(a / 10)" : "\(sign)\(a / 10).\(a % 10)"
    }
}
