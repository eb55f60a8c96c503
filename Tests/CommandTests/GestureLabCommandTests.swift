import Foundation
import Testing
import TestSupport

/// The gesture lab on the command line: settings, reports, sweeps, plots, synthetic gestures.
@Suite("pageturn simulate: the gesture lab", .serialized)
struct GestureLabCommandTests {
    /// Synthetic labelled gestures in a temporary file.
    static func gestures(seed: Int = 4, count: Int = 80, in folder: URL) throws -> String {
        let synth = try Pageturn.run(["gestures", "synth", "--seed", "\(seed)", "--count", "\(count)"])
        #expect(synth.status == 0, "\(synth.stderr)")
        let path = folder.appendingPathComponent("gestures.txt").path
        try synth.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The counts from `--report --json -` (its last line).
    static func counts(_ arguments: [String]) throws -> [String: Int] {
        let result = try Pageturn.run(["simulate", "--report", "--json", "-"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                                  "standard output is the JSON alone")
        return object.compactMapValues { ($0 as? NSNumber)?.intValue }
    }

    @Test("with --json -, standard output is JSON alone and the table goes to standard error", arguments: [
        ["--report"], ["--sweep", "commitFraction=0.2:0.3:0.1"], ["--compare-policies"],
    ])
    func jsonAloneOnStandardOutput(mode: [String]) throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.gestures(count: 30, in: folder)
        let result = try Pageturn.run(["simulate"] + mode + ["--json", "-", path])
        #expect(result.status == 0, "\(result.stderr)")
        // A document, or (--compare-policies) one per line.
        let documents = mode == ["--compare-policies"] ? result.stdout.split(separator: "\n").map(String.init) : [result.stdout]
        #expect(!documents.isEmpty)
        for document in documents {
            #expect((try? JSONSerialization.jsonObject(with: Data(document.utf8))) != nil, "not JSON: \(document.prefix(80))")
        }
        #expect(result.stderr.contains("cost"), "the table, on standard error: \(result.stderr.prefix(200))")
    }

    @Test func printConfigGivesEveryKeyAndReadsBackThroughConfig() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = try Pageturn.run(["simulate", "--print-config", "--set", "commitFraction=0.3", "--set", "flingVelocity=450"])
        #expect(printed.status == 0)
        let object = try JSONDecoder().decode([String: Double].self, from: Data(printed.stdout.utf8))
        #expect(object["commitFraction"] == 0.3 && object["flingVelocity"] == 450 && object["touchSlop"] == 8)
        #expect(object.count >= 26, "every setting: \(object.keys.sorted())")
        let config = folder.appendingPathComponent("mine.json").path
        try printed.stdout.write(toFile: config, atomically: true, encoding: .utf8)
        let again = try Pageturn.run(["simulate", "--print-config", "--config", config, "--set", "touchSlop=12"])
        let back = try JSONDecoder().decode([String: Double].self, from: Data(again.stdout.utf8))
        #expect(back["commitFraction"] == 0.3 && back["touchSlop"] == 12, "--set wins over the file")
    }

    @Test("bad settings are refused on one line naming the key", arguments: [
        (["--set", "comitFraction=0.3"], "unknown setting 'comitFraction'"),
        (["--set", "commitFraction=0"], "commitFraction must be between 0.01 and 1"),
        (["--set", "touchSlop=eight"], "touchSlop must be a number"),
        (["--set", "touchSlop"], "expected KEY=VALUE"),
        (["--sweep", "commitFraction=0.3:0.1:0.1"], "STEP must be positive"),
        (["--sweep", "bogus=1:2:1"], "unknown setting 'bogus'"),
    ])
    func badSettings(arguments: [String], message: String) throws {
        try expectOneLineError(["simulate", "--print-config"] + arguments, mentioning: message)
    }

    @Test func aReportCountsTheLabelledGesturesAndTheSettingsChangeThem() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.gestures(in: folder)
        let seed = try Self.counts([path])
        #expect(seed["gestures"] == seed["labelled"])
        #expect(seed["agreed"]! + seed["missed"]! + seed["false"]! + seed["wrong"]! == seed["labelled"])
        #expect(seed["errors"]! > 0 && seed["agreed"]! > seed["errors"]!)
        let strict = try Self.counts([path, "--set", "commitFraction=0.6", "--set", "flingVelocity=5000"])
        #expect(strict["missed"]! > seed["missed"]!, "a far commit line and no flings miss more turns")
        let table = try Pageturn.run(["simulate", "--report", path])
        #expect(table.stdout.contains("distance ") && table.stdout.contains("tap zone "), "the causes are named")
        #expect(table.stdout.split(separator: "\n").last?.contains("errors)") == true)
    }

    @Test func theLabCountsSelectionsTurnedAndTurnsSelected_andSweepsTheLongPress() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.gestures(seed: 7, count: 400, in: folder)
        let late = try Self.counts([path, "--set", "longPressTimeout=900"])
        let early = try Self.counts([path, "--set", "longPressTimeout=150"])
        #expect(late["turnedNotSelected"]! > early["turnedNotSelected"]!, "a long wait lets held presses turn pages")
        #expect(early["selectedNotTurned"]! > late["selectedNotTurned"]!, "a short one takes slow drags for selections")
        let report = try Pageturn.run(["simulate", "--report", "--set", "longPressTimeout=900", path])
        #expect(report.stdout.contains("turned a page instead of selecting"))
        #expect(report.stdout.contains("held still 900 ms: selects") || late["turnedNotSelected"]! == late["labelled"]!)
        let sweep = try Pageturn.run(["simulate", "--sweep", "longPressTimeout=150:900:250", "--sweep", "touchSlop=4:12:8", path])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        #expect(sweep.stdout.contains("select→turn") && sweep.stdout.contains("turn→select"))
        #expect(sweep.stdout.contains("best: longPressTimeout="))
    }

    @Test func sweepRowsAgreeWithSingleReports() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.gestures(count: 40, in: folder)
        let rowsPath = folder.appendingPathComponent("rows.json").path
        let sweep = try Pageturn.run(["simulate", "--sweep", "commitFraction=0.1:0.3:0.1", "--sweep", "flingVelocity=200:600:400",
                                      "--json", rowsPath, "--plot", folder.path, path])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        #expect(sweep.stdout.contains("today"), "today's settings are marked")
        #expect(sweep.stdout.contains("best"))
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: rowsPath))) as? [[String: Any]])
        let rows = objects.map { $0.compactMapValues { ($0 as? NSNumber)?.doubleValue } }
        #expect(rows.count == 6)
        #expect(rows.allSatisfy { $0["cost"]! >= $0["costLow"]! && $0["cost"]! <= $0["costHigh"]! }, "each row has its interval")
        let judged = rows.filter { $0["beatsToday"] != nil }
        #expect(judged.count <= 1 && judged.allSatisfy { $0["cost"] == rows.map { $0["cost"]! }.min() },
                "only the cheapest row says whether it beats today's")
        for row in rows {
            let single = try Self.counts([path, "--set", "commitFraction=\(row["commitFraction"]!)",
                                          "--set", "flingVelocity=\(row["flingVelocity"]!)"])
            #expect(Int(row["errors"]!) == single["errors"] && Int(row["missed"]!) == single["missed"], "\(row)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sweep-commitFraction-flingVelocity/sweep.svg").path),
                "the heat map, in a folder named after what was swept")
    }

    @Test func aOneKeySweepDrawsALineChartAndFilesThatDisagreeHaveNoTodayRow() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.gestures(count: 20, in: folder)
        let other = folder.appendingPathComponent("other.txt").path
        try ("#@ set commitFraction=0.3\n" + String(contentsOfFile: path, encoding: .utf8)).write(toFile: other, atomically: true, encoding: .utf8)
        let agreeing = try Pageturn.run(["simulate", "--sweep", "commitFraction=0.1:0.4:0.1", "--plot", folder.path, path, path])
        #expect(agreeing.status == 0 && agreeing.stdout.contains("today"), "\(agreeing.stderr)")
        let chart = try String(contentsOfFile: folder.appendingPathComponent("sweep-commitFraction/sweep.svg").path, encoding: .utf8)
        #expect(chart.contains("Cost by commitFraction") && chart.contains("today 0.2"), "a line chart with today's value")
        let disagreeing = try Pageturn.run(["simulate", "--sweep", "commitFraction=0.1:0.4:0.1", path, other])
        let table = disagreeing.stdout.split(separator: "\n").dropLast()     // the last line is the verdict
        #expect(disagreeing.status == 0 && !table.contains { $0.contains("today") }, "no row is today's")
        #expect(disagreeing.stdout.split(separator: "\n").last?.contains("no row is today's") == true)
        #expect(disagreeing.stderr.contains("different values of commitFraction"), "\(disagreeing.stderr)")
        let agreed = try Pageturn.run(["simulate", "--sweep", "commitFraction=0.1:0.4:0.1", "--set", "commitFraction=0.3", path, other])
        let todayRow = agreed.stdout.split(separator: "\n").first { $0.contains("today") }
        #expect(todayRow?.split(separator: " ").first == "0.3", "--set makes every file agree: \(agreed.stdout)")
    }

    @Test func aFileReplaysUnderItsOwnHeaderAndOptionsWin() throws {
        let script = "#@ width 600\n#@ height 900\n#@ pages 5\n#@ start 4\ndown 500 400 @0\nmove 200 400 @200\nup @300\n"
        let own = try Pageturn.run(["simulate", "-"], stdin: script)
        #expect(own.status == 0, "\(own.stderr)")
        #expect(own.stdout.contains("\"boundary\""), "page 4 of 5 is the last: the drag pulls at the end")
        let overridden = try Pageturn.run(["simulate", "--pages", "10", "-"], stdin: script)
        #expect(overridden.stdout.split(separator: "\n").last == "{\"cancels\":0,\"page\":5,\"pages\":10,\"turns\":1}")
    }

    @Test func synthIsTheSameForTheSameSeed() throws {
        let a = try Pageturn.run(["gestures", "synth", "--seed", "9", "--count", "30"])
        let b = try Pageturn.run(["gestures", "synth", "--seed", "9", "--count", "30"])
        #expect(a.status == 0 && a.stdout == b.stdout && a.stdout.contains("expect "))
        try expectOneLineError(["gestures", "synth", "--count", "0"], mentioning: "--count")
        try expectOneLineError(["gestures", "synth", "--hands", "robot"], mentioning: "--hands")
    }

    @Test func realHandsAreTheDefaultAndTheReportCountsEachKind() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = try Pageturn.run(["gestures", "synth", "--seed", "9", "--count", "60"])
        let clean = try Pageturn.run(["gestures", "synth", "--seed", "9", "--count", "60", "--hands", "clean"])
        #expect(real.stdout.contains(" kind=") && !clean.stdout.contains(" kind="))
        let path = folder.appendingPathComponent("real.txt").path
        try real.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let report = try Pageturn.run(["simulate", "--report", path])
        #expect(report.status == 0, "\(report.stderr)")
        let lines = report.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("kind ") && $0.contains("cost") }, "the kinds' table")
        #expect(lines.contains { $0.hasPrefix("+wobble ") } && lines.contains { $0.hasPrefix("drag ") })
        // Two files: each its own kinds' table, then all of them together.
        let two = try Pageturn.run(["simulate", "--report", path, path])
        #expect(two.stdout.split(separator: "\n").count { $0.hasPrefix("kind ") } == 3, "\(two.stdout.suffix(600))")
        #expect(two.stdout.contains("== real\n") && two.stdout.contains("== real-2\n") && two.stdout.contains("== all\n"))
    }
}
