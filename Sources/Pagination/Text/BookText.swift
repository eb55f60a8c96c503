import Foundation

/// The decoded text of a book as the pagination core reads it: normalized UTF-8
/// (valid, LF line ends, no BOM) and a sparse index from scalar offsets to bytes.
///
/// A reading position is a scalar offset into this text. The index records how many
/// scalars come before every 4 KiB of bytes, so any position maps to its byte (and back)
/// with a binary search and a scan of at most 4 KiB; building it costs one pass that
/// counts the bytes that are not UTF-8 continuation bytes, eight at a time.
public struct BookText: Sendable {
    /// Normalized UTF-8: valid, LF line ends, no BOM.
    public let utf8: [UInt8]
    /// Number of Unicode scalars; positions run from 0 to `scalarCount`.
    public let scalarCount: Int
    /// `scalarsBefore[k]` is the number of scalars that start before byte `k << checkpointShift`.
    let scalarsBefore: [Int32]
    static let checkpointShift = 12

    /// Indexes `utf8`, which must already be normalized (as `TextDecoding` produces it).
    /// Books are limited to 2 GiB of UTF-8.
    public init(normalizedUTF8 utf8: [UInt8]) {
        precondition(utf8.count < Int(Int32.max), "book too large")
        self.utf8 = utf8
        var checkpoints: [Int32] = []
        let count = utf8.withUnsafeBufferPointer { Self.countScalars($0, checkpoints: &checkpoints) }
        self.scalarsBefore = checkpoints
        self.scalarCount = count
    }

    /// Convenience for tests: normalizes CRLF and CR to LF and drops a BOM first.
    public init(_ string: String) {
        var s = string
        if s.unicodeScalars.first == "\u{FEFF}" { s.unicodeScalars.removeFirst() }
        s = s.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        self.init(normalizedUTF8: Array(s.utf8))
    }

    /// Counts scalars (bytes whose top bits are not `10`) eight bytes at a time and records
    /// a checkpoint every 4 KiB.
    static func countScalars(_ bytes: UnsafeBufferPointer<UInt8>, checkpoints: inout [Int32]) -> Int {
        let n = bytes.count
        checkpoints.reserveCapacity((n >> checkpointShift) + 1)
        let high: UInt64 = 0x8080_8080_8080_8080
        var continuation = 0
        var i = 0
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        while i < n {
            if i & ((1 << checkpointShift) - 1) == 0 { checkpoints.append(Int32(i - continuation)) }
            let blockEnd = min(n, i + (1 << checkpointShift))
            while i + 8 <= blockEnd {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                continuation &+= ((word & high) & ~((word << 1) & high)).nonzeroBitCount
                i &+= 8
            }
            while i < blockEnd {
                if bytes[i] & 0xC0 == 0x80 { continuation &+= 1 }
                i &+= 1
            }
        }
        return n - continuation
    }

    /// The byte offset where scalar `offset` starts (`utf8.count` at or past the end).
    public func byteOffset(ofScalar offset: Int) -> Int {
        if offset >= scalarCount { return utf8.count }
        if offset <= 0 { return 0 }
        var lo = 0
        var hi = scalarsBefore.count - 1
        let target = Int32(offset)
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if scalarsBefore[mid] <= target { lo = mid } else { hi = mid - 1 }
        }
        var byte = lo << Self.checkpointShift
        var scalar = Int(scalarsBefore[lo])
        return utf8.withUnsafeBufferPointer { bytes in
            while true {
                if bytes[byte] & 0xC0 != 0x80 {
                    if scalar == offset { return byte }
                    scalar &+= 1
                }
                byte &+= 1
            }
        }
    }

    /// The scalar offset of the scalar that starts at byte `byte`.
    public func scalarOffset(ofByte byte: Int) -> Int {
        if byte >= utf8.count { return scalarCount }
        if byte <= 0 { return 0 }
        let k = byte >> Self.checkpointShift
        var scalar = Int(scalarsBefore[k])
        utf8.withUnsafeBufferPointer { bytes in
            for i in (k << Self.checkpointShift)..<byte where bytes[i] & 0xC0 != 0x80 { scalar &+= 1 }
        }
        return scalar
    }

    /// The byte just after the next LF at or after `byte` (`utf8.count` if there is none).
    @inline(__always)
    func nextLineStart(after byte: Int) -> Int {
        utf8.withUnsafeBufferPointer { bytes in
            guard byte < bytes.count, let base = bytes.baseAddress else { return bytes.count }
            guard let hit = memchr(UnsafeRawPointer(base + byte), 0x0A, bytes.count - byte) else { return bytes.count }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
        }
    }

    /// The byte where the line holding `byte` starts.
    func lineStart(before byte: Int) -> Int {
        utf8.withUnsafeBufferPointer { bytes in
            var i = min(byte, bytes.count)
            while i > 0 && bytes[i - 1] != 0x0A { i -= 1 }
            return i
        }
    }

    /// The bytes of the line that starts at `start`, without its LF.
    func lineContent(at start: Int) -> Range<Int> {
        let next = nextLineStart(after: start)
        let end = next > start && next <= utf8.count && utf8[next - 1] == 0x0A ? next - 1 : next
        return start..<end
    }

    /// True when the line starting at byte `start` holds only spaces, tabs and U+3000.
    func isBlankLine(at start: Int) -> Bool {
        let range = lineContent(at: start)
        return utf8.withUnsafeBufferPointer { ParagraphShape.isBlank($0, range) }
    }

    /// The text of the scalar range `range`, for titles, tests and bookmarks.
    public func string(_ range: Range<Int>) -> String {
        let lower = byteOffset(ofScalar: max(0, range.lowerBound))
        let upper = byteOffset(ofScalar: min(scalarCount, range.upperBound))
        guard lower < upper else { return "" }
        return String(decoding: utf8[lower..<upper], as: UTF8.self)
    }

    /// A digest of the text for cache keys.
    public var digest: UInt64 {
        var hasher = StableHasher()
        utf8.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.value
    }
}

/// A place in the text as both a byte offset into `BookText.utf8` and a scalar offset.
public struct TextPosition: Sendable, Equatable {
    public var byte: Int
    public var scalar: Int
    public init(byte: Int, scalar: Int) {
        self.byte = byte
        self.scalar = scalar
    }
}
