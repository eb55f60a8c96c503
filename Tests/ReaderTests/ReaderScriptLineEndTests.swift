import PageTurner
import Reader
import Testing
import GestureScripts
import FileWriting

/// Window scripts with CRLF or CR line ends parse as LF ones do.
@Suite struct ReaderScriptLineEndTests {
    static let lf = "down 760 500 @0\nup @120\n# the go-to dialog\npress g @2000\ntype 5 @2050\npress Return @2100\nresize 600 800 @3000\nquit @4000\n"

    @Test("the same steps on the same lines", arguments: ["\r\n", "\r"])
    func sameSteps(_ end: String) throws {
        let steps = try ReaderScript.parse(Self.lf.replacingOccurrences(of: "\n", with: end)).steps
        #expect(steps == (try ReaderScript.parse(Self.lf).steps))
        #expect(steps.map(\.line) == [1, 2, 4, 5, 6, 7, 8])
    }

    @Test("an error names its line and quotes the value as written, without the CRLF's carriage return; printed, it is escaped")
    func error() {
        let error = #expect(throws: GestureScriptError.self) { try ReaderScript.parse("press g @0\r\npress F3 @1\u{1B}\r\n") }
        #expect(error?.description == "line 2: bad time '@1\u{1B}'")
        #expect(PrintableText.escaped(error?.description ?? "") == "line 2: bad time '@1\\u{1B}'")
    }
}
