import Foundation
import Testing
import TestSupport

/// `simulate --compare-policies` and `--policy`: the peers' commit rules on the same gestures.
@Suite("pageturn simulate: commit rules compared", .serialized)
struct PolicyCommandTests {
    @Test func everyRuleIsARowAndAJSONLineTheCheapestFirst() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try GestureLabCommandTests.gestures(count: 60, in: folder)
        let mine = folder.appendingPathComponent("mine.txt").path
        try ("#@ source mine\n" + String(contentsOfFile: path, encoding: .utf8)).write(toFile: mine, atomically: true, encoding: .utf8)
        let run = try Pageturn.run(["simulate", "--compare-policies", "--json", "-", path, mine])
        #expect(run.status == 0, "\(run.stderr)")
        // The table and the verdict on standard error, the JSON lines alone on standard output.
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        #expect(header.contains("policy") && header.contains("95% interval") && header.contains("gestures") && header.contains("mine"),
                "each source has its column, by file name or #@ source: \(header)")
        let rows = try run.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let names = rows.compactMap { $0["policy"] as? String }
        #expect(Set(names) == ["pageturn", "leaves", "harism", "eschao", "stpageflip", "fbreader", "turnjs", "readest", "compose"])
        let costs = rows.compactMap { $0["cost"] as? Double }
        #expect(costs == costs.sorted(), "ranked by cost")
        for row in rows {
            let low = try #require(row["costLow"] as? Double), high = try #require(row["costHigh"] as? Double)
            #expect(low <= (row["cost"] as! Double) && (row["cost"] as! Double) <= high)
            let sources = try #require(row["sources"] as? [[String: Any]])
            #expect(sources.compactMap { $0["source"] as? String } == ["gestures", "mine"])
        }
        #expect(rows.count == 9 && rows.first?["best"] as? Bool == true)
        #expect(rows.contains { $0["policy"] as? String == "pageturn" && $0["today"] as? Bool == true })
        #expect(lines.contains { $0.contains("today's") && $0.contains("cost: missed=1,false=3") }, "the verdict line")
    }

    @Test func eachPlottingRunGetsAFolderOfItsOwn() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try GestureLabCommandTests.gestures(count: 30, in: folder)
        let plots = folder.appendingPathComponent("plots").path
        for _ in 0..<2 {
            let run = try Pageturn.run(["simulate", "--compare-policies", "--plot", plots, path])
            #expect(run.status == 0, "\(run.stderr)")
        }
        for name in ["policies", "policies-2"] {
            let svg = try String(contentsOfFile: "\(plots)/\(name)/policies.svg", encoding: .utf8)
            #expect(svg.contains("Commit rules on the same 30 labelled gestures") && svg.contains(">fbreader<"))
        }
    }

    @Test func aPolicyChangesWhatTheReportSaysAndARecordingKeepsIt() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try GestureLabCommandTests.gestures(count: 30, in: folder)
        let leaves = try Pageturn.run(["simulate", "--report", "--policy", "leaves", path])
        #expect(leaves.status == 0 && leaves.stdout.contains("leaves: let go at"), "\(leaves.stderr)")
        let headed = folder.appendingPathComponent("headed.txt").path
        try ("#@ policy leaves\n" + String(contentsOfFile: path, encoding: .utf8)).write(toFile: headed, atomically: true, encoding: .utf8)
        let fromHeader = try Pageturn.run(["simulate", "--report", headed])
        #expect(fromHeader.stdout.contains("leaves: let go at"), "#@ policy replays under that rule")
        #expect(fromHeader.stdout.split(separator: "\n").last == leaves.stdout.split(separator: "\n").last, "with the same counts")
        let overridden = try Pageturn.run(["simulate", "--report", "--policy", "pageturn", headed])
        #expect(!overridden.stdout.contains("leaves:"), "--policy wins over the header")
    }

    @Test("bad rules and costs are refused on one line", arguments: [
        (["--policy", "kindle"], "--policy"),
        (["--compare-policies", "--cost", "lost=2"], "knows missed, false and wrong"),
        (["--compare-policies", "--cost", "missed=-1"], "must be a number from 0"),
        (["--compare-policies", "--report"], "--compare-policies goes alone"),
    ])
    func refused(arguments: [String], message: String) throws {
        try expectOneLineError(["simulate"] + arguments + ["x.txt"], mentioning: message)
    }
}
