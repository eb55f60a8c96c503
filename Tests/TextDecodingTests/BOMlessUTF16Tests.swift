import Foundation
import TestSupport
import Testing
import TextDecoding

/// UTF-16 without a byte order mark is found by its zero bytes and confirmed by decoding;
/// text with a stray NUL is still refused.
@Suite("UTF-16 without a BOM")
struct BOMlessUTF16Tests {
    /// `text` in UTF-16, either byte order, without a BOM.
    static func utf16(_ text: String, littleEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit -> [UInt8] in
            let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            return littleEndian ? pair : pair.reversed()
        }
    }

    static let english = "Alice was beginning to get very tired of sitting by her sister on the bank,\r\n"
        + "and of having nothing to do: once or twice she had peeped into the book.\r\n"

    @Test("Latin text, either byte order, decodes as with a BOM", arguments: [true, false])
    func latin(littleEndian: Bool) throws {
        let bytes = Self.utf16(Self.english, littleEndian: littleEndian)
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.encoding == (littleEndian ? "UTF-16LE" : "UTF-16BE"))
        #expect(decoded.text == Self.english.replacingOccurrences(of: "\r\n", with: "\n"))
        #expect(decoded.replacementCount == 0)
        #expect(bytes.withUnsafeBytes { TextDecoder.detectEncoding($0) } == decoded.encoding)
    }

    @Test("Chinese and Japanese text (few zero bytes: line ends and ASCII only) decodes too",
          arguments: EncodingFixture.all, [true, false])
    func cjk(_ fixture: EncodingFixture, littleEndian: Bool) throws {
        let text = try fixture.expectedText()
        let bytes = Self.utf16(text, littleEndian: littleEndian)
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.encoding == (littleEndian ? "UTF-16LE" : "UTF-16BE"))
        #expect(decoded.text == text)
        let withBOM = try TextDecoder.decode((littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) + bytes)
        #expect(decoded.text == withBOM.text)
    }

    @Test("a whole corpus book in UTF-16LE without a BOM, read from a file")
    func corpusFile() throws {
        let text = try String(contentsOfFile: SharedData.corpus("zh_shen_fu_fusheng_liuji.txt"), encoding: .utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("utf16-\(UUID().uuidString).txt").path
        FileManager.default.createFile(atPath: path, contents: Data(Self.utf16(text, littleEndian: true)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let decoded = try TextDecoder.decodeFile(atPath: path)
        #expect(decoded.encoding == "UTF-16LE")
        #expect(decoded.text == text.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    @Test("text with stray NUL bytes is still not text, whatever their side")
    func strayNULs() throws {
        var bytes = Array(String(repeating: "An ordinary line of ASCII text.\n", count: 40).utf8)
        bytes[101] = 0
        bytes[333] = 0
        bytes[777] = 0
        #expect(throws: TextDecodingError.notText(path: nil, offset: 101)) { try TextDecoder.decode(bytes) }
        #expect(bytes.withUnsafeBytes { TextDecoder.detectEncoding($0) } == nil)
    }

    @Test("binary data with a UTF-16-like start is not text")
    func binary() throws {
        // "PK" and zero-padded fields: a NUL code unit and control characters either way.
        let bytes: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0x21, 0x00, 0x7F, 0x00]
        #expect(throws: TextDecodingError.self) { try TextDecoder.decode(bytes) }
    }
}
