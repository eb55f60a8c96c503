#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// File names as the system knows them: bytes, not necessarily UTF-8.
///
/// A file name from an old archive may be in GBK or Latin-1 (红楼梦.txt as `BA EC C2 A5 C3 CE`),
/// and the standard library's `CommandLine.arguments` replaces such bytes with U+FFFD, so the
/// file could not be found and an output would be written under another name. PageTurn keeps
/// each byte of a sequence that is not UTF-8 in the string as a private-use scalar instead,
/// U+F780 + (byte − 0x80) (the escape of the "UTF-8b" convention, in the Private Use Area),
/// and gives the byte back wherever the name reaches the system (`fileSystemPath`).
/// `PrintableText` shows such a scalar as `\xNN` in a message. A name that is valid UTF-8,
/// which is nearly every name, is the same string either way.
public enum SystemPath {
    /// The first of the 128 private-use scalars that stand for the bytes 0x80–0xFF.
    public static let escapeBase: UInt32 = 0xF780 - 0x80

    /// The command line's arguments (the program's name first), each a string of its bytes:
    /// UTF-8 decoded, any other byte escaped.
    public static func arguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { k in
            guard let argument = CommandLine.unsafeArgv[k] else { return "" }
            return string(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
                                              count: strlen(argument)))
        }
    }

    /// `bytes` as a string: its well-formed UTF-8 decoded, each byte of anything else escaped.
    /// A name that really holds one of the escape scalars (its UTF-8 is `EF 9E 80`–`EF 9F BF`)
    /// has those bytes escaped one by one, so that it too comes back as it was.
    public static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let valid = String(validating: bytes, as: UTF8.self), !valid.unicodeScalars.contains(where: isEscapedByte) {
            return valid
        }
        var out = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            var length = sequenceLength(bytes, from: index)
            // An escape scalar spelt out in UTF-8 (EF 9E 80 to EF 9F BF) is escaped as bytes.
            if length == 3 && bytes[index] == 0xEF && (bytes[index + 1] == 0x9E || bytes[index + 1] == 0x9F) { length = 0 }
            if length > 0 {
                out.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]),
                                              as: UTF8.self).unicodeScalars)
                index += length
            } else {
                out.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(out)
    }

    /// Whether `scalar` stands for a byte that is not UTF-8 (see the type's description).
    public static func isEscapedByte(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= escapeBase + 0x80 && scalar.value <= escapeBase + 0xFF
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or 0 when there is none
    /// (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the second byte's range
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return 0 }
        for k in 2..<length where bytes[index + k] & 0xC0 != 0x80 { return 0 }
        return length
    }
}

extension String {
    /// The bytes the system knows this path by, NUL-terminated, for `open`, `stat` and the
    /// like: its UTF-8, with each escaped byte (`SystemPath`) given back as itself.
    public var fileSystemPath: [CChar] {
        guard unicodeScalars.contains(where: SystemPath.isEscapedByte) else { return Array(utf8CString) }
        var bytes: [CChar] = []
        bytes.reserveCapacity(utf8.count + 1)
        for scalar in unicodeScalars {
            if SystemPath.isEscapedByte(scalar) {
                bytes.append(CChar(bitPattern: UInt8(scalar.value - SystemPath.escapeBase)))
            } else {
                bytes.append(contentsOf: String(scalar).utf8.map { CChar(bitPattern: $0) })
            }
        }
        bytes.append(0)
        return bytes
    }
}
