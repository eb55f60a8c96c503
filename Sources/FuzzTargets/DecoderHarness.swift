import TextDecoding

/// Decodes the input as a book file, by detection and as a named encoding, and checks what
/// `TextDecoder` promises: the text is valid, normalized UTF-8 whose counts and index agree
/// with it, valid UTF-8 is kept as it is, and nothing but binary data is refused.
enum DecoderHarness {
    /// Names a caller may pass; the first byte of the input picks one for the second decode.
    static let names = ["utf-8", "UTF8", "utf-16le", "utf-16be", "utf16", "gb18030", "gbk", "big5", "shift-jis",
                        "euc-jp", "latin1", "KOI8-R"]

    static func run(_ bytes: [UInt8]) throws(FuzzFinding) {
        switch Result(catching: { () throws(TextDecodingError) in try TextDecoder.decode(bytes) }) {
        case .success(let decoded):
            try check(decoded, from: bytes, name: "detected")
            // Valid UTF-8 comes back as it is, less one leading BOM (a second one is text).
            let body = bytes.starts(with: bom) ? Array(bytes.dropFirst(3)) : bytes
            if isPlainUTF8(body) {
                try expect(decoded.utf8 == body && decoded.encoding == "UTF-8",
                           "decoder: valid UTF-8 came back changed, as \(decoded.encoding)")
            }
        case .failure(let error):
            try checkRefusal(error, of: bytes[...], codeUnitWidth: nil)
        }
        guard let first = bytes.first else { return }
        let name = names[Int(first) % names.count]
        let rest = Array(bytes.dropFirst())
        switch Result(catching: { () throws(TextDecodingError) in try TextDecoder.decode(rest, encoding: name) }) {
        case .success(let decoded): try check(decoded, from: rest, name: name)
        case .failure(let error): try checkRefusal(error, of: rest[...], codeUnitWidth: name.contains("16") ? 2 : 1)
        }
    }

    /// The only refusal of bytes is binary data: a NUL code unit early in the file.
    private static func checkRefusal(_ error: TextDecodingError, of bytes: ArraySlice<UInt8>,
                                     codeUnitWidth: Int?) throws(FuzzFinding) {
        guard case .notText(nil, let offset) = error else {
            throw FuzzFinding("decoder: unexpected error \(error)")
        }
        try expect(offset >= 0 && offset < min(bytes.count, 8192), "decoder: NUL offset \(offset) outside the first 8 KiB of \(bytes.count) bytes")
        if codeUnitWidth == 1 {
            try expect(bytes[bytes.startIndex + offset] == 0, "decoder: refused for a NUL at \(offset), which is not one")
        }
        try expectOneLine(error.description, "decoder: the refusal")
    }

    private static func check(_ decoded: DecodedText, from bytes: [UInt8], name: String) throws(FuzzFinding) {
        let utf8 = decoded.utf8
        try expect(String(validating: utf8, as: UTF8.self) != nil, "decoder (\(name)): output is not valid UTF-8")
        try expect(!utf8.contains(0x0D), "decoder (\(name)): a CR is left in the output")
        try expect(!utf8.contains(0), "decoder (\(name)): a NUL is left in the output")
        let scalars = utf8.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        try expect(decoded.scalarCount == scalars, "decoder (\(name)): scalarCount \(decoded.scalarCount), the text has \(scalars)")
        try expect(decoded.index.scalarCount == scalars, "decoder (\(name)): the index counts \(decoded.index.scalarCount) scalars of \(scalars)")
        let replacements = decoded.text.unicodeScalars.reduce(0) { $0 + ($1 == "\u{FFFD}" ? 1 : 0) }
        try expect(decoded.replacementCount >= 0 && decoded.replacementCount <= replacements,
                   "decoder (\(name)): \(decoded.replacementCount) replacements counted, \(replacements) in the text")
        try expect(bytes.isEmpty == utf8.isEmpty || bytes.count <= 3, "decoder (\(name)): \(bytes.count) bytes decoded to nothing")
        for scalar in Set([0, 1, scalars / 3, scalars / 2, scalars - 1, scalars]) where scalar >= 0 && scalar <= scalars {
            let byte = decoded.index.byteOffset(ofScalar: scalar)
            try expect(byte >= 0 && byte <= utf8.count && (byte == utf8.count || utf8[byte] & 0xC0 != 0x80),
                       "decoder (\(name)): scalar \(scalar) maps to byte \(byte), not the start of a scalar")
            try expect(decoded.index.scalarOffset(ofByte: byte) == scalar,
                       "decoder (\(name)): scalar \(scalar) → byte \(byte) → scalar \(decoded.index.scalarOffset(ofByte: byte))")
        }
    }

    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Valid UTF-8 the normalizer has nothing to do to: no CR or NUL.
    private static func isPlainUTF8(_ bytes: [UInt8]) -> Bool {
        !bytes.contains(0x0D) && !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
    }

    static var seeds: [(name: String, bytes: [UInt8])] {
        [
            ("crlf-bom", [0xEF, 0xBB, 0xBF] + Array("One\r\nTwo\rThree\n".utf8)),
            ("utf16le-bom", [0xFF, 0xFE] + "页面翻转\r\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            ("utf16be-nobom", "Page turn, 页面\n".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
            ("broken-utf8", Array("café ".utf8) + [0xC3, 0x28, 0xE2, 0x82, 0xF0, 0x9F, 0x98] + Array(" end".utf8)),
        ]
    }
}
