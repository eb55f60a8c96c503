/// Names a book by its text, so its state follows the text and not the file's path: a book
/// moved or renamed keeps its place, and two different books never share one.
public struct BookKey: Hashable, Sendable, CustomStringConvertible {
    /// The text digest as 16 lowercase hex digits; also the state file's name.
    public let hex: String

    /// The key for a text whose digest (`BookText.digest`) is `textDigest`.
    public init(textDigest: UInt64) {
        let digits = String(textDigest, radix: 16)
        hex = String(repeating: "0", count: 16 - digits.count) + digits
    }

    public var description: String { hex }
}

extension BookKey {
    /// The key a state file's name (`hex`, 16 lowercase hex digits) gives; nil for any other name.
    public init?(hex: String) {
        guard hex.utf8.count == 16, hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
              let digest = UInt64(hex, radix: 16) else { return nil }
        self.init(textDigest: digest)
    }
}
