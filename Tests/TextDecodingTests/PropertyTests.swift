import PropertyBased
import Testing
import TextDecoding

/// Bytes that exercise the decoder's edges more often than uniform noise does: line
/// ends, NUL, the BOM's bytes, lead and continuation bytes of every UTF-8 length.
let edgyBytes: [UInt8] = [
    0x0D, 0x0A, 0x00, 0x20, 0x41, 0x7F, 0xEF, 0xBB, 0xBF, 0x80, 0x8F, 0x9F, 0xA0, 0xBD,
    0xC0, 0xC2, 0xDF, 0xE0, 0xE4, 0xB8, 0xAD, 0xED, 0xF0, 0xF4, 0xF5, 0xFE, 0xFF,
]

/// A byte that is uniform noise half the time, else printable ASCII or an edgy byte.
let mixedByte = Gen.int(in: 0..<(256 + 95 + 3 * edgyBytes.count)).map { pick -> UInt8 in
    if pick < 256 { return UInt8(pick) }
    if pick < 256 + 95 { return UInt8(0x20 + pick - 256) }
    return edgyBytes[(pick - 256 - 95) % edgyBytes.count]
}

/// Short arrays for the edges, long ones for the 8-byte fast path and the detection sample.
let shortByteArrays = mixedByte.array(of: 0...40)
let longByteArrays = mixedByte.array(of: 0...3000)

@Suite("Properties")
struct PropertyTests {
    @Test("any bytes: no crash; text is valid UTF-8 with no CR, counted and indexed right",
          arguments: [false, true])
    func anyBytes(long: Bool) async {
        await propertyCheck(count: 200, input: long ? longByteArrays : shortByteArrays) { bytes in
            let decoded: DecodedText
            do {
                decoded = try TextDecoder.decode(bytes)
            } catch TextDecodingError.notText(nil, let offset) {
                #expect(offset < 8192 && bytes[offset] == 0)
                return
            } catch {
                Issue.record("unexpected error \(error)")
                return
            }
            guard let text = String(validating: decoded.utf8, as: UTF8.self) else {
                Issue.record("not valid UTF-8")
                return
            }
            #expect(decoded.scalarCount == text.unicodeScalars.count)
            #expect(!decoded.utf8.contains(0x0D))
            #expect(!decoded.utf8.contains(0x00))
            let starts = Reference.scalarStarts(decoded.utf8)
            for scalar in stride(from: 0, through: decoded.scalarCount, by: max(1, decoded.scalarCount / 7)) {
                #expect(decoded.index.byteOffset(ofScalar: scalar) == starts[scalar])
                #expect(decoded.index.scalarOffset(ofByte: starts[scalar]) == scalar)
            }
        }
    }

    @Test("any bytes read as UTF-8 equal the plain reference normalization", arguments: [false, true])
    func utf8MatchesReference(long: Bool) async {
        await propertyCheck(count: 200, input: long ? longByteArrays : shortByteArrays) { bytes in
            if let nul = bytes.prefix(8192).firstIndex(of: 0) {
                #expect(throws: TextDecodingError.notText(path: nil, offset: nul)) {
                    try TextDecoder.decode(bytes, encoding: "utf-8")
                }
                return
            }
            let decoded = try TextDecoder.decode(bytes, encoding: "utf-8")
            let reference = Reference.normalizedUTF8(bytes)
            #expect(decoded.utf8 == reference.utf8)
            #expect(decoded.replacementCount == reference.replacements)
        }
    }

    /// With no zero byte, no code unit is NUL in any of these encodings, so the bytes are
    /// text to the decoder, whatever else they hold: it must decode them, never refuse.
    @Test("any bytes without NUL in every legacy encoding: decoded, valid UTF-8, never a trap", arguments: [
        "gb18030", "big5", "sjis", "euc-jp", "euc-kr", "windows-1252", "utf-16le", "utf-16be",
    ])
    func legacyEncodings(encoding: String) async {
        await propertyCheck(count: 100, input: longByteArrays) { bytes in
            let noNUL = bytes.map { $0 == 0 ? 0x01 : $0 }
            let decoded: DecodedText
            do {
                decoded = try TextDecoder.decode(noNUL, encoding: encoding)
            } catch {
                Issue.record("\(encoding): \(error)")
                return
            }
            let text = String(validating: decoded.utf8, as: UTF8.self)
            #expect(text != nil)
            #expect(decoded.scalarCount == text?.unicodeScalars.count)
            #expect(!decoded.utf8.contains(0x0D))
            #expect(!decoded.utf8.contains(0x00))
        }
    }
}
