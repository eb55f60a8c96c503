// Reads and runs LineBreakTest.txt (the UAX #14 conformance file); shared by tests and CLI.

/// One line of a LineBreakTest file: scalars and, after each, whether a break is expected.
public struct LineBreakTestCase: Sendable, Equatable {
    /// 1-based line number in the file.
    public var lineNumber: Int
    /// The scalars of the case.
    public var scalars: [UInt32]
    /// `breaks[i]`: the file marks a break (`÷`) after `scalars[i]`. The last is always true.
    public var breaks: [Bool]

    /// A case; `breaks` must have one entry per scalar.
    public init(lineNumber: Int, scalars: [UInt32], breaks: [Bool]) {
        self.lineNumber = lineNumber
        self.scalars = scalars
        self.breaks = breaks
    }
}

/// A conformance case the breaker got wrong.
public struct LineBreakTestFailure: Sendable {
    /// The case as the file gives it.
    public var testCase: LineBreakTestCase
    /// What the breaker answered.
    public var actual: [BreakAction]

    /// The case in the file's notation with the breaker's answer, e.g. `× 0041 ÷ 0020 × 0042 ÷`.
    public var actualLine: String { LineBreakConformance.notation(testCase.scalars, actual.map { $0 != .none }) }
    /// The expected line, in the same notation.
    public var expectedLine: String { LineBreakConformance.notation(testCase.scalars, testCase.breaks) }
}

/// Summary of running a conformance file.
public struct LineBreakConformanceResult: Sendable {
    /// Number of cases.
    public var total: Int
    /// Number of cases where every position matched.
    public var passed: Int
    /// The cases that failed, in file order.
    public var failures: [LineBreakTestFailure]
}

/// The UAX #14 conformance file format: `× 0041 ÷ 0020 × 0042 ÷  # comment`, where `÷` marks
/// a break opportunity (allowed or mandatory) and `×` none; the leading `×` is the start of
/// text. Blank lines and comment lines are skipped.
public enum LineBreakConformance {
    /// Parses the whole file. Lines that are not well formed are skipped.
    public static func parse(_ contents: String) -> [LineBreakTestCase] {
        var cases: [LineBreakTestCase] = []
        var lineNumber = 0
        for line in contents.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            if let c = parseLine(line, lineNumber: lineNumber) { cases.append(c) }
        }
        return cases
    }

    /// Parses one line; nil for comments, blank or malformed lines.
    public static func parseLine(_ line: Substring, lineNumber: Int) -> LineBreakTestCase? {
        let data = line.prefix { $0 != "#" }
        var scalars: [UInt32] = []
        var breaks: [Bool] = []
        var expectScalar = false
        for token in data.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
            switch token {
            case "×", "÷":
                if expectScalar { return nil }
                if !scalars.isEmpty { breaks.append(token == "÷") }
                expectScalar = true
            default:
                guard expectScalar, let value = UInt32(token, radix: 16) else { return nil }
                scalars.append(value)
                expectScalar = false
            }
        }
        guard !scalars.isEmpty, breaks.count == scalars.count else { return nil }
        return LineBreakTestCase(lineNumber: lineNumber, scalars: scalars, breaks: breaks)
    }

    /// Runs every case through `breaker` (use `.uax14`: the file tests the untailored rules).
    public static func run(_ cases: [LineBreakTestCase],
                           breaker: LineBreaker = LineBreaker(kinsoku: .uax14)) -> LineBreakConformanceResult {
        var failures: [LineBreakTestFailure] = []
        for c in cases {
            let actual = breaker.breakActions(scalars: c.scalars)
            if zip(actual, c.breaks).contains(where: { ($0 != .none) != $1 }) {
                failures.append(LineBreakTestFailure(testCase: c, actual: actual))
            }
        }
        return LineBreakConformanceResult(total: cases.count, passed: cases.count - failures.count,
                                          failures: failures)
    }

    /// Scalars and breaks in the file's notation.
    public static func notation(_ scalars: [UInt32], _ breaks: [Bool]) -> String {
        var out = "×"
        for (s, b) in zip(scalars, breaks) {
            var hex = String(s, radix: 16, uppercase: true)
            if hex.count < 4 { hex = String(repeating: "0", count: 4 - hex.count) + hex }
            out += " \(hex) \(b ? "÷" : "×")"
        }
        return out
    }
}
