import TestSupport
import Foundation
import Testing
@testable import Pagination

/// Runs the Unicode 17.0 conformance file (LineBreakTest-17.0.0.txt) through the breaker.
@Suite struct LineBreakConformanceTests {
    static let cases: [LineBreakTestCase] = {
        let path = SharedData.unicode("LineBreakTest-17.0.0.txt")
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return LineBreakConformance.parse(text)
    }()

    @Test func conformanceFileIsFound() {
        #expect(Self.cases.count > 19_000, "LineBreakTest-17.0.0.txt missing or unreadable")
    }

    @Test func parserReadsTheFileNotation() {
        let text = "# comment\r\n× 0041 × 0308 ÷ 0020 ÷\t#  × [0.3] A\r\n\n× 00 zz ÷\n÷ 4E00 ÷"
        let cases = LineBreakConformance.parse(text)
        #expect(cases == [
            LineBreakTestCase(lineNumber: 2, scalars: [0x41, 0x308, 0x20], breaks: [false, true, true]),
            LineBreakTestCase(lineNumber: 5, scalars: [0x4E00], breaks: [true]),
        ])
        #expect(LineBreakConformance.notation([0x41, 0x1F1E6], [false, true]) == "× 0041 × 1F1E6 ÷")
    }

    @Test func uax14PassesTheConformanceFile() {
        let result = LineBreakConformance.run(Self.cases, breaker: LineBreaker(kinsoku: .uax14))
        for failure in result.failures.prefix(20) {
            Issue.record("""
                line \(failure.testCase.lineNumber)
                  expected \(failure.expectedLine)
                  actual   \(failure.actualLine)
                """)
        }
        #expect(result.total > 0)
        #expect(result.failures.isEmpty, "passed \(result.passed) of \(result.total)")
    }

    /// The pair table must never disagree with the full rule chain, for any kinsoku.
    @Test(arguments: Kinsoku.allCases)
    func pairTableAgreesWithTheRulesOnTheConformanceFile(kinsoku: Kinsoku) {
        let breaker = LineBreaker(kinsoku: kinsoku)
        var mismatches = 0
        for c in Self.cases {
            let (fast, slow) = bothWays(breaker, c.scalars)
            if fast != slow {
                mismatches += 1
                if mismatches <= 10 {
                    Issue.record("line \(c.lineNumber): fast \(fast) rules \(slow)")
                }
            }
        }
        #expect(mismatches == 0)
    }
}

/// The breaker's answer with and without the pair table.
func bothWays(_ breaker: LineBreaker, _ scalars: [UInt32]) -> ([UInt8], [UInt8]) {
    var fast = [UInt8](repeating: 9, count: scalars.count)
    var slow = [UInt8](repeating: 9, count: scalars.count)
    scalars.withUnsafeBufferPointer { s in
        fast.withUnsafeMutableBufferPointer { breaker.findBreaks(in: s, into: $0) }
        slow.withUnsafeMutableBufferPointer { breaker.findBreaksWithoutPairTable(in: s, into: $0) }
    }
    return (fast, slow)
}
