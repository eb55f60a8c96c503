import Foundation
import Testing
import TestSupport

/// The W3C's EPUB reading-system tests (`../shared/epub/w3c-epub-tests`), each opened and
/// checked as its own text asks (`W3CChecks`), the outcomes written to
/// `conformance/epub-tests.json` in the W3C's report format and the reasons to
/// `conformance/epub-tests.md`. The files are the tests' output, never edited by hand: this
/// test writes them, and fails when what it wrote differs from what the repository holds (a
/// change of outcome is then committed with the change that made it).
@Suite("W3C EPUB tests")
struct W3CConformanceTests {
    static let results = Pageturn.packageRoot.appendingPathComponent("conformance/epub-tests.json")
    static let notes = Pageturn.packageRoot.appendingPathComponent("conformance/epub-tests.md")

    @Test("every test in the folder has a check, and every check a test")
    func everyTestChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: W3CBook.folder).filter { $0.hasSuffix(".epub") }
            .map { String($0.dropLast(5)) }.sorted()
        #expect(W3CChecks.all.map(\.id).sorted() == files)
        #expect(Set(W3CChecks.all.map(\.id)).count == W3CChecks.all.count, "each test checked once")
    }

    @Test("the outcomes are the ones the repository holds")
    func outcomes() throws {
        let cache = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let checks = W3CChecks.all
        let outcomes = Outcomes(count: checks.count)
        DispatchQueue.concurrentPerform(iterations: checks.count) { k in
            let check = checks[k]
            let outcome: W3CCheck.Outcome
            do {
                outcome = try check.check(try W3CBook(check.id, cache: cache.path), cache.path)
            } catch {
                outcome = .fail("the check could not run: \(error)")
            }
            outcomes.set(k, outcome)
        }
        let all = zip(checks.map(\.id), outcomes.values).sorted { $0.0 < $1.0 }
        let json = Self.report(all)
        let markdown = Self.notes(all)
        let heldJSON = try? String(contentsOf: Self.results, encoding: .utf8)
        let heldNotes = try? String(contentsOf: Self.notes, encoding: .utf8)
        try FileManager.default.createDirectory(at: Self.results.deletingLastPathComponent(), withIntermediateDirectories: true)
        try json.write(to: Self.results, atomically: true, encoding: .utf8)
        try markdown.write(to: Self.notes, atomically: true, encoding: .utf8)
        #expect(heldJSON == json, "conformance/epub-tests.json changed (written anew): commit it with the change")
        #expect(heldNotes == markdown, "conformance/epub-tests.md changed (written anew): commit it with the change")
    }

    /// The W3C report: `{"name", "ref", "tests": {"id": true | false | "n/a"}}`, keys sorted.
    static func report(_ all: [(String, W3CCheck.Outcome)]) -> String {
        let tests = all.map { id, outcome -> String in
            let value = switch outcome {
            case .pass: "true"
            case .fail: "false"
            case .notApplicable: "\"n/a\""
            }
            return "    \"\(id)\": \(value)"
        }
        return "{\n  \"name\": \"PageTurn\",\n  \"ref\": \"https://github.com/pageturn/pageturn\",\n  \"tests\": {\n"
            + tests.joined(separator: ",\n") + "\n  }\n}\n"
    }

    /// Each test's outcome and why, and the count.
    static func notes(_ all: [(String, W3CCheck.Outcome)]) -> String {
        let passed = all.filter { $0.1 == .pass }.count
        let na = all.filter { if case .notApplicable = $0.1 { true } else { false } }.count
        var text = "# The W3C EPUB tests: PageTurn's outcomes\n\nWritten by `W3CConformanceTests` (`make test`) from "
            + "`../shared/epub/w3c-epub-tests`; each test checked as its own text asks (`Tests/CommandTests/W3C/`).\n\n"
            + "Passed \(passed) of \(all.count); \(all.count - passed - na) failed; \(na) not applicable.\n\n"
            + "| test | outcome | why |\n|---|---|---|\n"
        for (id, outcome) in all {
            switch outcome {
            case .pass: text += "| \(id) | pass | |\n"
            case .fail(let why): text += "| \(id) | fail | \(why.replacingOccurrences(of: "|", with: "\\|")) |\n"
            case .notApplicable(let why): text += "| \(id) | n/a | \(why) |\n"
            }
        }
        return text
    }
}

/// The outcomes the checks' threads write, each into its own place.
private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [W3CCheck.Outcome]
    init(count: Int) { slots = Array(repeating: .fail("not run"), count: count) }
    func set(_ k: Int, _ outcome: W3CCheck.Outcome) { lock.withLock { slots[k] = outcome } }
    var values: [W3CCheck.Outcome] { lock.withLock { slots } }
}
