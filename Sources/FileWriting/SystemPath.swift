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
///
/// Kept by hand beside swift-system: its `FilePath` keeps a name's bytes, but the command line
/// reaches ArgumentParser, and every message, as `String`s, which the escape lets carry them.
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
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        var offset = 0  // where the sequence being parsed starts
        while true {
            let length: Int
            switch parser.parseScalar(from: &input) {
            case .valid(let sequence):
                let scalar = Unicode.UTF8.decode(sequence)
                length = sequence.count
                if !isEscapedByte(scalar) {
                    out.append(scalar)
                    offset += length
                    continue
                }
            case .error(let invalid): length = invalid
            case .emptyInput: return String(out)
            }
            for byte in bytes[offset..<offset + length] { out.append(Unicode.Scalar(escapeBase + UInt32(byte))!) }
            offset += length
        }
    }

    /// Whether `scalar` stands for a byte that is not UTF-8 (see the type's description).
    public static func isEscapedByte(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= escapeBase + 0x80 && scalar.value <= escapeBase + 0xFF
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
