import Foundation
import Testing
@testable import pageturn

/// One line each, and right: every refusal is one line that names what is wrong,
/// and a run that checked nothing does not pass.
@Suite struct OneLineRightTests {
    let sample = "assets/books/alice-excerpt.txt"

    @Test func linebreakConformanceRefusesAMissingFileAndAFileWithNoTestLines() throws {
        try expectOneLineError(["linebreak", "--conformance", "/no/such/LineBreakTest.txt"], mentioning: "no such file")
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("notes.txt")
        try Data("just some words\n".utf8).write(to: empty)
        try expectOneLineError(["linebreak", "--conformance", empty.path], mentioning: "no test lines")
        // A failing test line fails the run (÷ where UAX #14 says ×: no break inside "ab").
        let wrong = dir.appendingPathComponent("wrong.txt")
        try Data("× 0061 ÷ 0062 ÷\t# a wrong expectation\n".utf8).write(to: wrong)
        let run = try Pageturn.run(["linebreak", "--conformance", wrong.path])
        #expect(run.status != 0)
        #expect(run.stdout.contains("passed 0 of 1"))
        #expect(run.errorLines.count == 1 && run.stderr.contains("1 of 1 test lines failed"), "\(run.stderr)")
    }

    @Test func aFontPathWithALineBreakAndAnEscapeIsQuotedEscapedOnOneLine() throws {
        try expectOneLineError(["paginate", "--font", "/tmp/evil\nname\u{1B}[2J.ttf", "assets/books/alice-excerpt.txt"],
                               mentioning: "no such font file: /tmp/evil\\nname\\u{1B}[2J.ttf")
    }

    @Test func aListOfAllowedValuesIsOnTheSameLine() throws {
        try expectOneLineError(["paginate", "--kinsoku", "x", "book.txt"], mentioning: "one of 'uax14', 'strict', 'normal' or 'loose'")
        #expect(PageTurnCommand.oneLine("Bad value.\nPlease provide one of the following:\n  - a\n  - b") == "Bad value.")
        #expect(PageTurnCommand.oneLine("Please provide one of the following:\n  - a\n  - b") == "Please provide one of the following: a, b")
        #expect(PageTurnCommand.oneLine("") == "failed")
    }

    @Test func aMissingSettingsFileIsCalledOne() throws {
        try expectOneLineError(["simulate", "--pages", "9", "--config", "/no/such.json", "assets/gestures/synthetic-seed1.txt"],
                               mentioning: "no such settings file", "/no/such.json")
    }

    @Test func endlessOrBinaryInputIsRefusedFromItsFirstBlock() throws {
        try expectOneLineError(["simulate", "--pages", "9", "/dev/zero"], mentioning: "/dev/zero", "not a text script")
        try expectOneLineError(["simulate", "--pages", "9", "--config", "/dev/zero", "assets/gestures/synthetic-seed1.txt"],
                               mentioning: "not a text settings file")
    }

    @Test func aTinyFontSizeIsBlamedNotTheLineHeightMadeFromIt() throws {
        try expectOneLineError(["paginate", "--size", "0.001", sample], mentioning: "font size", "0.001")
    }

    @Test func aFrameJustOverTheLimitSaysByHowMuch() throws {
        try expectOneLineError(["render", sample, "--width", "4097", "--height", "4096", "--out", "/dev/null"],
                               mentioning: "16781312 pixels", "at most 16 megapixels (16777216 pixels")
    }

    @Test func theStartPageIsCheckedAgainstTheBookGiven() throws {
        try expectOneLineError(["simulate", "--pages", "10", "--start", "50", "--width", "800", "--height", "1000",
                                "assets/gestures/synthetic-seed1.txt"], mentioning: "--start", "0 to 9")
    }

    @Test func aMisspeltKeyInAScriptIsRefused() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("keys.txt")
        try Data("press g @10\npress Retrun @20\n".utf8).write(to: script)
        try expectOneLineError(["read", sample, "--headless", "--script", script.path,
                                "--state-dir", dir.appendingPathComponent("state").path],
                               mentioning: "line 2", "unknown key 'Retrun'")
    }

    @Test func synthWritesAsManyGesturesAsAsked() throws {
        for count in [1, 2, 3, 200] {
            let run = try Pageturn.run(["gestures", "synth", "--seed", "4", "--count", String(count)])
            #expect(run.status == 0)
            #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("expect ") }.count == count, "--count \(count)")
        }
    }

    @Test func aSaveThatFailsEndsTheRunNonZeroOnOneLineNamingTheFolder() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let blocker = dir.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocker)
        let script = dir.appendingPathComponent("turn.txt")
        try Data("key next @10\n".utf8).write(to: script)
        let run = try Pageturn.run(["read", sample, "--headless", "--script", script.path,
                                    "--state-dir", blocker.appendingPathComponent("state").path])
        #expect(run.status != 0)
        #expect(try readSummary(run.stdout)["page"] as? Int == 2, "the run itself went on: \(run.stdout)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(blocker.path) && run.stderr.contains("Not a directory"), "\(run.stderr)")
    }
}

