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
