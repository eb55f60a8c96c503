import Foundation
import Testing
import TestSupport

/// `pageturn gestures import`: a recording from a phone becomes a file the lab reports on.
@Suite("pageturn gestures import", .serialized)
struct ImportCommandTests {
    static let log = """
        [   8105.170134] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000a1f
        [   8105.170134] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000384
        [   8105.170134] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000004b0
        [   8105.170134] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
        [   8105.178550] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000028a
        [   8105.178550] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
        [   8105.186871] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000012c
        [   8105.186871] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
        [   8105.195190] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
        [   8105.195190] /dev/input/event2: EV_SYN       SYN_REPORT           00000000

        """

    /// `log` written to a file named `name` in `folder` and imported into `phone.txt` there.
    static func importLog(named name: String, in folder: URL, _ options: [String] = []) throws -> (run: Pageturn.Result, out: String) {
        let log = folder.appendingPathComponent(name).path
        try Self.log.write(toFile: log, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("phone.txt").path
        let run = try Pageturn.run(["gestures", "import", log, "--device-size", "1080x2400", "--width", "540", "--height", "1200",
                                    "--out", out] + options)
        return (run, out)
    }

    @Test func aPhonesLogBecomesAGestureFileTheLabReports() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (run, out) = try Self.importLog(named: "phone.log", in: folder)
        #expect(run.status == 0 && run.stderr.contains("1 touches"), "\(run.stderr)")
        let script = try String(contentsOfFile: out, encoding: .utf8)
        #expect(script.contains("#@ source phone") && script.contains("down 450 600 @0"))
        try (script + "expect next\n").write(toFile: out, atomically: true, encoding: .utf8)
        let report = try Pageturn.run(["simulate", "--report", out])
        #expect(report.status == 0 && report.stdout.contains("1 agreed"), "\(report.stdout)\(report.stderr)")
    }

    @Test func problemsAreOneLine() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("phone.log").path
        try Self.log.write(toFile: log, atomically: true, encoding: .utf8)
        try expectOneLineError(["gestures", "import", log, "--width", "540", "--height", "1200"], mentioning: "--device-size")
        try expectOneLineError(["gestures", "import", log, "--device-size", "1080", "--width", "540", "--height", "1200"],
                               mentioning: "WxH")
        try expectOneLineError(["gestures", "import", log, "--device-size", "1080x2400", "--width", "540", "--height", "1200",
                                "--out", log], mentioning: "the recording itself")
        let csv = folder.appendingPathComponent("bad.csv").path
        try "0,1,2,down\n5,1,2,hover\n".write(toFile: csv, atomically: true, encoding: .utf8)
        try expectOneLineError(["gestures", "import", csv, "--width", "800", "--height", "1000"], mentioning: "line 2", "phase")
        try expectOneLineError(["gestures", "import", folder.path + "/none.csv", "--width", "800", "--height", "1000"],
                               mentioning: "no such recording")
        // A negative size is a bad size, not a missing value.
        try expectOneLineError(["gestures", "import", log, "--device-size", "-1x-1", "--width", "540", "--height", "1200"],
                               mentioning: "two positive numbers", "-1x-1")
        // The file is named once, whoever finds the fault.
        let finger = folder.appendingPathComponent("finger.csv").path
        try "0,1,2,down,999\n".write(toFile: finger, atomically: true, encoding: .utf8)
        let empty = folder.appendingPathComponent("empty.csv").path
        try "# nothing here\n".write(toFile: empty, atomically: true, encoding: .utf8)
        for (file, needle) in [(finger, "finger 999"), (empty, "no touches")] {
            let result = try Pageturn.run(["gestures", "import", file, "--width", "800", "--height", "1000"])
            #expect(result.status != 0 && result.stderr.contains(needle), "\(result.stderr)")
            #expect(result.stderr.components(separatedBy: file).count == 2, "named once: \(result.stderr)")
        }
    }

    @Test("a line feed in the recording's name is written escaped in the script's comment, never as a line of the script")
    func aNameCannotAddLines() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (run, out) = try Self.importLog(named: "phone\n#@ width 10\ndown 1 1 @0.log", in: folder, ["--source", "phone"])
        #expect(run.status == 0, "\(run.stderr)")
        let script = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!script.contains("\n#@ width 10") && !script.contains("\ndown 1 1 @0"), "\(script.prefix(300))")
        #expect(script.contains("phone\\n#@ width 10"), "the name escaped in the comment")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line of stderr: \(run.stderr)")
    }
}

