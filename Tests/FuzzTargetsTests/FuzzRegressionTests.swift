import Foundation
import Pagination
import Testing
@testable import FuzzTargets

/// Every input the fuzzers ever crashed on, and every seed made by hand or by the real
/// writers, replayed through the same harness functions the libFuzzer executables call.
///
/// Crash inputs live in `Tests/FuzzRegressions/<harness>/`, one file each, minimised
/// (`make fuzz` says how); a harness that throws or traps on one is a bug come back.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// `Tests/FuzzRegressions`, found from this file.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzRegressions")

    @Test("every saved crash input passes its harness", arguments: FuzzHarness.allCases)
    func savedInputs(_ harness: FuzzHarness) throws {
        let dir = Self.folder.appendingPathComponent(harness.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?.filter { !$0.hasPrefix(".") } ?? []
        for name in names.sorted() {
            let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent(name)))
            #expect(throws: Never.self, "\(harness.rawValue)/\(name)") { try harness.run(bytes) }
        }
    }

    @Test("the seeds pass their harness, and there are some", arguments: FuzzHarness.allCases)
    func seeds(_ harness: FuzzHarness) {
        let seeds = harness.seeds
        #expect(seeds.count >= 2)
        for seed in seeds {
            #expect(throws: Never.self, "\(harness.rawValue) seed \(seed.name)") { try harness.run(seed.bytes) }
        }
    }

    @Test("the real writers' seeds are taken whole: the state and the pages load as they were saved")
    func writersSeedsLoad() throws {
        let cache = try #require(PageCacheHarness.seeds.first { $0.name == "stored-fresh" })
        #expect(cache.bytes.first == 0 && cache.bytes.count > 44)
        let state = try #require(StateFileHarness.seeds.first { $0.name == "saved-full" })
        #expect(String(decoding: state.bytes, as: UTF8.self).contains("the rabbit hole"))
    }
}

/// The checks must catch what they are there for, or the fuzzers would find nothing.
@Suite("Fuzz harness checks")
struct FuzzCheckTests {
    @Test("a page map with an empty last page, a gap or lines out of order is a finding")
    func brokenMaps() {
        let line = { (start: Int32, end: Int32) in TypesetLine(start: start, end: end, width: 10, flags: []) }
        let good = PageMap(scalarCount: 10, lines: [line(0, 5), line(5, 10)], pageFirstLines: [0, 1])
        #expect(throws: Never.self) { try PageMapChecks.check(good, "good") }
        let emptyLastPage = PageMap(scalarCount: 10, lines: [line(0, 5), line(10, 10)], pageFirstLines: [0, 1])
        #expect(throws: FuzzFinding.self) { try PageMapChecks.check(emptyLastPage, "empty last page") }
        let disordered = PageMap(scalarCount: 10, lines: [line(5, 10), line(0, 5)], pageFirstLines: [0])
        #expect(throws: FuzzFinding.self) { try PageMapChecks.check(disordered, "disordered") }
        let pastEnd = PageMap(scalarCount: 10, lines: [line(0, 11)], pageFirstLines: [0])
        #expect(throws: FuzzFinding.self) { try PageMapChecks.check(pastEnd, "past the end") }
    }

    @Test("a one-line message with a tab, a newline or an escape is a finding")
    func oneLine() {
        #expect(throws: Never.self) { try expectOneLine("line 3: bad X '1e400'", "ok") }
        for bad in ["line 1:\tbad", "two\nlines", "esc \u{1B}[31m", ""] {
            #expect(throws: FuzzFinding.self) { try expectOneLine(bad, "bad") }
        }
    }

    @Test("a page cache the writer stored from a described map of the fresh pages loads as those pages")
    func describedFreshMap() throws {
        let seed = try #require(PageCacheHarness.seeds.first { $0.name == "described-fresh" })
        let map = PageCacheHarness.describedMap(seed.bytes.dropFirst())
        #expect(map.lines.count == min(PageCacheHarness.fresh.lines.count, 63))
        #expect(map.lines.map(\.start) == PageCacheHarness.fresh.lines.prefix(63).map(\.start))
        #expect(map.lines.map(\.end) == PageCacheHarness.fresh.lines.prefix(63).map(\.end))
    }
}
