import TestSupport
import Foundation
import Testing
import TextDecoding

@Suite("Encodings")
struct EncodingDetectionTests {
    @Test("legacy CJK excerpts are detected and decode to the corpus text", arguments: EncodingFixture.all)
    func legacyExcerpt(_ fixture: EncodingFixture) throws {
        let bytes = fixture.bytes
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.encoding == fixture.encoding)
        #expect(decoded.replacementCount == 0)
        #expect(decoded.text == (try fixture.expectedText()))
        #expect(decoded.scalarCount == fixture.scalars.count)
        #expect(bytes.withUnsafeBytes { TextDecoder.detectEncoding($0) } == fixture.encoding)
    }

    @Test("an explicit encoding (Python's codec name) overrides detection", arguments: EncodingFixture.all)
    func explicitEncoding(_ fixture: EncodingFixture) throws {
        let decoded = try TextDecoder.decode(fixture.bytes, encoding: fixture.codec)
        #expect(decoded.encoding == fixture.encoding)
        #expect(decoded.text == (try fixture.expectedText()))
    }

    @Test("a wrong explicit encoding is obeyed, not second-guessed")
    func wrongExplicitEncoding() throws {
        let decoded = try TextDecoder.decode(EncodingFixture.shiftJIS.bytes, encoding: "gbk")
        #expect(decoded.encoding == "GB18030")
        #expect(decoded.text != (try EncodingFixture.shiftJIS.expectedText()))
    }

    @Test("Shift_JIS that starts mid-character is still Shift_JIS")
    func shiftJISCutMidCharacter() throws {
        // Without its first byte, uchardet 0.0.7 calls this excerpt ISO-8859-1.
        let bytes = Array(EncodingFixture.shiftJIS.bytes.dropFirst())
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.encoding == "Shift_JIS")
        let expected = try EncodingFixture.shiftJIS.expectedText()
        #expect(decoded.text.hasSuffix(String(expected.unicodeScalars.dropFirst(2))))
    }

    @Test("UTF-16 with a BOM, either byte order", arguments: [true, false])
    func utf16(littleEndian: Bool) throws {
        let excerpt = try EncodingFixture.shiftJIS.expectedText() + "\r\nEmoji 🐈 and 𠀀 need surrogates.\r\n"
        var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in excerpt.utf16 {
            let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            bytes += littleEndian ? pair : pair.reversed()
        }
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.encoding == (littleEndian ? "UTF-16LE" : "UTF-16BE"))
        #expect(decoded.replacementCount == 0)
        #expect(decoded.text == excerpt.replacingOccurrences(of: "\r\n", with: "\n"))
        #expect(bytes.withUnsafeBytes { TextDecoder.detectEncoding($0) } == decoded.encoding)
    }

    @Test("UTF-16: an unpaired surrogate and an odd last byte become U+FFFD")
    func utf16Damaged() throws {
        // BOM, "a", lone high surrogate D800, "b", then half a code unit.
        let bytes: [UInt8] = [0xFF, 0xFE, 0x61, 0x00, 0x00, 0xD8, 0x62, 0x00, 0x63]
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.encoding == "UTF-16LE")
        #expect(decoded.text == "a\u{FFFD}b\u{FFFD}")
        #expect(decoded.replacementCount == 2)
    }

    @Test("UTF-16 without a BOM can be named explicitly")
    func utf16Explicit() throws {
        let bytes: [UInt8] = [0x00, 0x68, 0x00, 0x69, 0x4E, 0x2D]  // "hi中" big-endian
        #expect(try TextDecoder.decode(bytes, encoding: "utf-16be").text == "hi中")
        #expect(try TextDecoder.decode([0xFE, 0xFF] + bytes, encoding: "UTF-16").text == "hi中")
        #expect(try TextDecoder.decode(bytes).text == "hi中", "and is detected (BOMlessUTF16Tests)")
    }

    @Test("Latin text in windows-1252 falls back to a Latin reading")
    func latinFallback() throws {
        let text = "Le cœur a ses raisons que la raison ne connaît point. Café crème, « brûlée » — naïve façade.\r\n"
        // windows-1252 by hand: Latin-1 is the identity; œ and — are the two others here.
        let bytes = String(repeating: text, count: 3).unicodeScalars.map { scalar -> UInt8 in
            switch scalar {
            case "œ": 0x9C
            case "—": 0x97
            default: UInt8(scalar.value)
            }
        }
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.encoding == "windows-1252")
        #expect(decoded.text == String(repeating: text.replacingOccurrences(of: "\r\n", with: "\n"), count: 3))
        #expect(decoded.replacementCount == 0)
    }

    @Test("Latin text whose accented letters all pair up like GBK characters still reads as Latin")
    func latinThatLooksLikeGBK() throws {
        // Every accented letter is followed by a letter, so GB18030 decodes this without
        // a single error (ü+l, ä+r, ß+e...); only the gibberish it makes gives it away.
        let text = "Müller grüßt die Bären über Äcker und Öfen, während Jürgen Käse zur Straße trägt.\n"
        let bytes = String(repeating: text, count: 5).unicodeScalars.map { UInt8($0.value) }
        #expect(try TextDecoder.decode(bytes, encoding: "gbk").replacementCount == 0)
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.encoding == "windows-1252")
        #expect(decoded.text == String(repeating: text, count: 5))
    }

    @Test("one stray Latin-1 byte in an ASCII file reads as Latin, not as CJK")
    func singleLatinByte() throws {
        let bytes = Array("Caf".utf8) + [0xE9] + Array(" au lait".utf8)
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.text == "Café au lait")
    }

    @Test("aliases resolve case-insensitively to canonical names")
    func aliases() {
        let expected: [String: String] = [
            "utf8": "UTF-8", "UTF-8": "UTF-8", "utf-16le": "UTF-16LE", "UTF_16BE": "UTF-16BE",
            "gbk": "GB18030", "GB2312": "GB18030", "cp936": "GB18030", "gb18030": "GB18030",
            "big5": "Big5", "BIG-5": "Big5", "cp950": "Big5",
            "sjis": "Shift_JIS", "shift-jis": "Shift_JIS", "Shift_JIS": "Shift_JIS", "cp932": "Shift_JIS",
            "windows-31j": "Shift_JIS", "eucjp": "EUC-JP", "EUC-JP": "EUC-JP", "euc-kr": "EUC-KR",
            "latin1": "windows-1252", "ISO-8859-1": "windows-1252", " cp1252 ": "windows-1252",
            "koi8-r": "KOI8-R",
        ]
        for (alias, name) in expected {
            #expect(TextDecoder.canonicalEncodingName(alias) == name, "\(alias)")
        }
        for unknown in ["klingon", "", "utf-9", "GBK//TRANSLIT"] {
            #expect(TextDecoder.canonicalEncodingName(unknown) == nil, "\(unknown)")
        }
    }

    @Test("an unknown encoding name is an error that names it")
    func unknownEncoding() {
        #expect(throws: TextDecodingError.unknownEncoding("klingon")) {
            try TextDecoder.decode(Array("hello".utf8), encoding: "klingon")
        }
        #expect(throws: TextDecodingError.unknownEncoding("klingon")) {
            try TextDecoder.decodeFile(atPath: SharedData.corpus("en_carroll_alice.txt"), encoding: "klingon")
        }
        #expect(TextDecodingError.unknownEncoding("klingon").description.contains("'klingon'"))
    }

    @Test("an encoding iconv knows but the table does not still works")
    func iconvEncoding() throws {
        let decoded = try TextDecoder.decode([0xD0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4], encoding: "KOI8-R")
        #expect(decoded.text == "привет")
        #expect(decoded.encoding == "KOI8-R")
    }

    @Test("mostly-ASCII UTF-8 with curly quotes and one damaged byte stays UTF-8")
    func damagedUTF8WithFewMultibyte() throws {
        let bytes = Array("He said \u{201C}yes\u{201D}, \u{201C}no\u{201D} and \u{201C}maybe\u{201D} caf".utf8) + [0xE9] + Array(" today.\n".utf8)
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.encoding == "UTF-8")
        #expect(decoded.replacementCount == 1)
        #expect(decoded.text.contains("\u{201C}maybe\u{201D}"))
    }
}
