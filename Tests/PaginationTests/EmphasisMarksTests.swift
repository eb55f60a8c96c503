@testable import Pagination
import Testing

/// Project Gutenberg's `_italics_`: which underscores open and close a span of emphasis, and
/// which are only underscores.
@Suite struct EmphasisMarksTests {
    /// The emphasised text of each span found in `paragraph`.
    func emphasised(_ paragraph: String) -> [String] {
        let bytes = Array(paragraph.utf8)
        return bytes.withUnsafeBufferPointer { b in
            EmphasisMarks.spans(in: b, 0..<b.count).map { String(decoding: bytes[($0.open + 1)..<$0.close], as: UTF8.self) }
        }
    }

    @Test(arguments: [
        ("It was _Pierre_ who spoke.", ["Pierre"]),
        ("_Whole_", ["Whole"]),
        ("He said (_sotto voce_), “_Mon cher_!”", ["sotto voce", "Mon cher"]),
        ("a phrase _across\na line's end_, then more", ["across\na line's end"]),
        ("—_Enfin_—", ["Enfin"]),
        ("two _spans_ in _one_ line", ["spans", "one"]),
    ])
    func spansAreFound(paragraph: String, expected: [String]) {
        #expect(emphasised(paragraph) == expected)
    }

    @Test(arguments: [
        "snake_case and __init__ stay as typed",
        "an _unmatched opener stays",
        "a closer_ alone stays",
        "_ a space after the opener _",
        "file_name_here",
        "___",
    ])
    func underscoresThatMarkNothingStay(paragraph: String) {
        #expect(emphasised(paragraph).isEmpty)
    }

    /// A typesetter with the markup on keeps each underscore as one scalar (offsets hold) but
    /// shows it as an invisible word joiner, and measures the span in italics; with `none`,
    /// the underscores are text.
    @Test func theTypesetterHidesTheMarksAndKeepsOffsets() throws {
        let text = BookText("It was _Pierre_ who spoke, and _snake_case_ too.\n")
        var settings = LayoutSettings(pageWidth: 2000, pageHeight: 400, margin: 10, fontSize: 18)
        let table = AdvanceTable(pixelSize: 18, defaultAdvance: 9, lineHeight: 27, ascent: 20)
        var typesetter = Typesetter(text: text, settings: settings, advances: table)
        defer { typesetter.finish() }
        let count = typesetter.loadScalars(bytes: 0..<(text.utf8.count - 1))
        #expect(count == text.scalarCount - 1, "one scalar still stands for each underscore")
        let shown = String(String.UnicodeScalarView(typesetter.scalars[0..<count].compactMap(Unicode.Scalar.init)))
        #expect(shown == "It was \u{2060}Pierre\u{2060} who spoke, and \u{2060}snake_case\u{2060} too.")
        let italic = (0..<count).filter { typesetter.styles[$0] != 0 }
        #expect(italic == Array(8..<14) + Array(32..<42))

        settings.markup = .none
        var plain = Typesetter(text: text, settings: settings, advances: table)
        defer { plain.finish() }
        _ = plain.loadScalars(bytes: 0..<(text.utf8.count - 1))
        #expect(!plain.hasStyles)
        #expect(plain.scalars[7] == 0x5F, "with --markup none an underscore is an underscore")
    }
}
