import TestSupport
import Testing
import TextDecoding

@Suite("Normalization")
struct NormalizationTests {
    @Test("a UTF-8 BOM is dropped")
    func bomDropped() throws {
        let decoded = try TextDecoder.decode([0xEF, 0xBB, 0xBF] + Array("abc\n".utf8))
        #expect(decoded.text == "abc\n")
        #expect(decoded.scalarCount == 4)
        #expect(decoded.encoding == "UTF-8")
        let onlyBOM = try TextDecoder.decode([0xEF, 0xBB, 0xBF])
        #expect(onlyBOM.isEmpty && onlyBOM.scalarCount == 0)
    }

    @Test("a BOM-like U+FEFF inside the text is kept")
    func innerFEFFKept() throws {
        #expect(try TextDecoder.decode(Array("a\u{FEFF}b".utf8)).text == "a\u{FEFF}b")
    }

    @Test("CRLF and lone CR become LF", arguments: [
        ("a\r\nb", "a\nb"), ("a\rb", "a\nb"), ("a\r\r\nb", "a\n\nb"), ("\r\n\r\n", "\n\n"),
        ("\r", "\n"), ("end\r", "end\n"), ("\n\r", "\n\n"), ("一\r\n二\r三", "一\n二\n三"),
        // CRs around the 8-byte boundaries of the fast path.
        ("1234567\r\n", "1234567\n"), ("12345678\r\n12345678\r", "12345678\n12345678\n"),
        ("1234567\r\r\n1", "1234567\n\n1"),
    ])
    func lineEnds(input: String, expected: String) throws {
        let decoded = try TextDecoder.decode(Array(input.utf8))
        #expect(decoded.text == expected)
        #expect(decoded.scalarCount == expected.unicodeScalars.count)
        #expect(decoded.replacementCount == 0)
    }

    @Test("other control characters are kept")
    func controlsKept() throws {
        let text = "tab\there\u{0B}\u{0C}\u{1B}[0m\u{7F}\u{85}\u{2028}"
        #expect(try TextDecoder.decode(Array(text.utf8)).text == text)
    }

    @Test("invalid UTF-8 in a UTF-8 book becomes U+FFFD and is counted")
    func invalidBytesInBook() throws {
        let book = try SharedData.corpusBytes("zh_hant_diamond_sutra.txt")
        let clean = try TextDecoder.decode(book).text
        var damaged = book
        // A stray continuation byte, a lone lead byte and a truncated 3-byte character,
        // each inserted just before a line break (between characters).
        let breaks = damaged.indices.filter { damaged[$0] == 0x0A }
        damaged.insert(contentsOf: [0xE4, 0xB8], at: breaks[20])
        damaged.insert(0xC3, at: breaks[10])
        damaged.insert(0x80, at: breaks[5])
        let decoded = try TextDecoder.decode(damaged)
        #expect(decoded.encoding == "UTF-8")
        #expect(decoded.replacementCount == 3)
        #expect(decoded.text.filter { $0 == "\u{FFFD}" }.count == 3)
        #expect(decoded.text.replacingOccurrences(of: "\u{FFFD}", with: "") == clean)
    }

    @Test("ill-formed sequences follow the maximal-subpart practice", arguments: [
        ([0x61, 0xFF, 0x62], "a\u{FFFD}b", 1),
        ([0xE4, 0xB8], "\u{FFFD}", 1),                     // truncated at the end
        ([0xE4, 0xB8, 0x41], "\u{FFFD}A", 1),               // truncated before ASCII
        ([0xF0, 0x80, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}", 4),  // overlong
        ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}", 3),  // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}", 4),  // above U+10FFFF
        ([0xC0, 0xAF], "\u{FFFD}\u{FFFD}", 2),
        ([0xEF, 0xBF, 0xBD], "\u{FFFD}", 0),                // a real U+FFFD is no replacement
    ] as [([UInt8], String, Int)])
    func illFormed(bytes: [UInt8], expected: String, replacements: Int) throws {
        let decoded = try TextDecoder.decode(bytes, encoding: "utf-8")
        #expect(decoded.text == expected)
        #expect(decoded.replacementCount == replacements)
        #expect(decoded.scalarCount == expected.unicodeScalars.count)
    }

    @Test("a NUL in the first 8 KiB means not text")
    func nulMeansNotText() {
        var bytes = Array(String(repeating: "text ", count: 100).utf8)
        bytes[123] = 0
        #expect(throws: TextDecodingError.notText(path: nil, offset: 123)) { try TextDecoder.decode(bytes) }
        #expect(throws: TextDecodingError.notText(path: nil, offset: 123)) {
            try TextDecoder.decode(bytes, encoding: "gbk")
        }
        #expect(bytes.withUnsafeBytes { TextDecoder.detectEncoding($0) } == nil)
    }

    @Test("a NUL after the first 8 KiB becomes U+FFFD")
    func lateNul() throws {
        var bytes = Array(String(repeating: "text\n", count: 2000).utf8)
        bytes[9000] = 0
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.replacementCount == 1)
        #expect(decoded.utf8.count == bytes.count + 2)
        #expect(!decoded.utf8.contains(0))
    }

    @Test("UTF-16 with a BOM is text despite its zero bytes, unless a code unit is NUL")
    func utf16Nul() throws {
        let hello: [UInt8] = [0xFF, 0xFE, 0x68, 0x00, 0x69, 0x00]
        #expect(try TextDecoder.decode(hello).text == "hi")
        #expect(throws: TextDecodingError.notText(path: nil, offset: 4)) {
            try TextDecoder.decode([0xFF, 0xFE, 0x68, 0x00, 0x00, 0x00, 0x69, 0x00])
        }
    }

    @Test("empty input is an empty text, not an error")
    func emptyInput() throws {
        let decoded = try TextDecoder.decode([])
        #expect(decoded.isEmpty)
        #expect(decoded.scalarCount == 0)
        #expect(decoded.replacementCount == 0)
        #expect(decoded.encoding == "UTF-8")
        #expect(decoded.index.byteOffset(ofScalar: 0) == 0)
        #expect(decoded.index.scalarOffset(ofByte: 0) == 0)
        #expect([UInt8]().withUnsafeBytes { TextDecoder.detectEncoding($0) } == "UTF-8")
    }
}
