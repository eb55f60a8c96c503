/// A 64-bit hash that is the same in every process and on every run (unlike `Hasher`),
/// for cache keys and text digests. It mixes eight bytes at a time, so hashing a whole book
/// costs about a millisecond.
public struct StableHasher: Sendable {
    public private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

    public init() {}

    @inline(__always)
    private static func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
        var x = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = x &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 29)
    }

    public mutating func combine(_ word: UInt64) { value = Self.mix(value, word) }
    public mutating func combine(_ word: UInt32) { combine(UInt64(word)) }
    public mutating func combine(_ word: Int) { combine(UInt64(bitPattern: Int64(word))) }

    public mutating func combine(_ string: String) {
        var copy = string
        copy.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Mixes raw bytes, eight at a time, then the tail and the length.
    public mutating func combine(bytes: UnsafeRawBufferPointer) {
        var h = value
        let words = bytes.count / 8
        for i in 0..<words {
            h = Self.mix(h, bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
        }
        var tail: UInt64 = 0
        for i in (words * 8)..<bytes.count { tail = (tail << 8) | UInt64(bytes[i]) }
        h = Self.mix(h, tail)
        value = Self.mix(h, UInt64(bytes.count))
    }
}
