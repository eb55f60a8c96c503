import GestureLab
import PageTurner
import Testing
import GestureScripts
import FileWriting

/// A labelled gesture file (header, steps, expect lines) with CRLF or CR line ends reads as
/// the LF one does.
@Suite struct LabelledLineEndTests {
    @Test("header, steps and labels are the same", arguments: ["\r\n", "\r"])
    func sameFile(_ end: String) throws {
        let lf = LabReplayTests.file + "\n"
        let other = try LabelledScript.parse(lf.replacingOccurrences(of: "\n", with: end))
        let plain = try LabelledScript.parse(lf)
        #expect(other.header == plain.header)
        #expect(other.header.width == 800 && other.header.pages == 50)
        #expect(other.script == plain.script)
        #expect(other.expectations.map(\.line) == plain.expectations.map(\.line))
        #expect(other.expectations.map(\.intent) == plain.expectations.map(\.intent))
        #expect(other.expectations.map(\.afterSteps) == plain.expectations.map(\.afterSteps))
        #expect(!plain.expectations.isEmpty)
    }

    @Test("a bad header value in a CRLF file is quoted as written, without the carriage return; printed, it is escaped")
    func headerError() {
        let error = #expect(throws: GestureScriptError.self) { try LabelledScript.parse("#@ width 800\r\n#@ curl \u{1B}x\r\n") }
        #expect(error?.description == "line 2: header: curl must be classic, cylinder, slide or none, not '\u{1B}x'")
        #expect(PrintableText.escaped(error?.description ?? "")
                == "line 2: header: curl must be classic, cylinder, slide or none, not '\\u{1B}x'")
    }
}
