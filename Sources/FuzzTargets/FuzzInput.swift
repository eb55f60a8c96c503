/// Reads the leading bytes of a fuzz input as small choices (a preset, a page width), the
/// rest being the payload. Past the end every choice reads as 0, so any input is usable.
struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next byte, or 0 past the end.
    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// One of `choices`, picked by the next byte.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(byte()) % choices.count]
    }

    /// The bytes not read yet.
    var rest: ArraySlice<UInt8> { bytes[min(offset, bytes.count)...] }
}
