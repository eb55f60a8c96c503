import Testing
@testable import PageTurner
import GestureScripts
import FileWriting

/// Scripts written on Windows (CRLF) or old Macs (CR) parse as LF ones do, and errors never
/// print a control character.
@Suite("Script line ends and printable errors")
struct LineEndTests {
    static let lf = "# a drag\ndown 700 500 @0\nmove 600 505 @16   # moving\n\nup @120\nwheel +1 @150\nkey next @170\n"

    @Test("CRLF and CR scripts give the same steps, on the same lines, as LF", arguments: ["\r\n", "\r"])
    func lineEnds(_ end: String) throws {
        let other = Self.lf.replacingOccurrences(of: "\n", with: end)
        #expect(try GestureScript.parse(other) == GestureScript.parse(Self.lf))
        #expect(try GestureScript.parse(other).steps.map(\.line) == [2, 3, 5, 6, 7])
    }

    @Test("a bad line in a CRLF script is named by its own number")
    func errorLine() {
        #expect(throws: GestureScriptError(line: 3, message: "unknown step 'jump' (expected down, move, up, cancel, wheel, scroll, key, tick, resize, pages, curl, progression or layout)")) {
            try GestureScript.parse("down 1 2 @0\r\nup @5\r\njump @9\r\n")
        }
    }

    @Test("an error quotes the script's words as written; printed (escaped once), it has no control character")
    func escaped() throws {
        let error = #expect(throws: GestureScriptError.self) { try GestureScript.parse("bo\u{1B}[31mgus\u{7}\u{202E} @1\n") }
        #expect(error?.message.hasPrefix("unknown step 'bo\u{1B}[31mgus\u{7}\u{202E}'") == true)
        let text = PrintableText.escaped(try #require(error?.description))
        #expect(text == "line 1: unknown step 'bo\\u{1B}[31mgus\\u{7}\\u{202E}' (expected down, move, up, cancel, wheel, scroll, key, tick, resize, pages, curl, progression or layout)")
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test("PrintableText escapes C0, DEL, C1, separators and bidi controls, and nothing else")
    func printable() {
        #expect(PrintableText.escaped("a\tb\r\nc\u{0}\u{7F}\u{85}\u{2028}\u{2066}") == "a\\tb\\r\\nc\\u{0}\\u{7F}\\u{85}\\u{2028}\\u{2066}")
        #expect(PrintableText.escaped("ページ 🐈 \\ café") == "ページ 🐈 \\ café")
    }
}
