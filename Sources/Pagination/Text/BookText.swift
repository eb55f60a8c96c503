import Foundation

/// The decoded text of a book as the pagination core reads it: normalized UTF-8
/// (no BOM, LF line ends, valid) and a table of where every line of the file starts.
///
/// A reading position is a scalar offset into this text. The line table maps the start of
/// every file line (the scalar after each LF) to its byte offset, so any position can be
/// turned into bytes with a binary search and a short forward scan, and any paragraph
/// can be typeset without touching the rest of the book.
public struct BookText: Sendable {
    /// Normalized UTF-8: valid, LF line ends, no BOM.
    public let utf8: [UInt8]
    /// Number of Unicode scalars; positions run from 0 to `scalarCount`.
    public let scalarCount: Int
    /// Byte offset of the start of every file line, plus `utf8.count` as a sentinel.
    @usableFromInline let lineByteStarts: [Int32]
    /// Scalar offset of the start of every file line, plus `scalarCount` as a sentinel.
    @usableFromInline let lineScalarStarts: [Int32]

    /// Indexes `utf8`, which must already be normalized (as `TextDecoding` produces it).
    /// Books are limited to 2 GiB of UTF-8.
    public init(normalizedUTF8 utf8: [UInt8]) {
        precondition(utf8.count < Int(Int32.max), "book too large")
        self.utf8 = utf8
        var byteStarts: [Int32] = [0]
        var scalarStarts: [Int32] = [0]
        var scalars = 0
        utf8.withUnsafeBufferPointer { bytes in
            let n = bytes.count
            byteStarts.reserveCapacity(n / 40 + 2)
            scalarStarts.reserveCapacity(n / 40 + 2)
            var i = 0
            var continuationBytes = 0
            var lineStart = 0
            while i < n {
                let b = bytes[i]
                if b == 0x0A {
                    scalars += (i + 1 - lineStart) - continuationBytes
                    continuationBytes = 0
                    lineStart = i + 1
                    if lineStart < n {
                        byteStarts.append(Int32(lineStart))
                        scalarStarts.append(Int32(scalars))
                    }
                } else if b & 0xC0 == 0x80 {
                    continuationBytes &+= 1
                }
                i &+= 1
            }
            scalars += (n - lineStart) - continuationBytes
        }
        byteStarts.append(Int32(utf8.count))
        scalarStarts.append(Int32(scalars))
        self.scalarCount = scalars
        self.lineByteStarts = byteStarts
        self.lineScalarStarts = scalarStarts
    }

    /// Convenience for tests: normalizes CRLF and CR to LF and drops a BOM first.
    public init(_ string: String) {
        var s = string
        if s.unicodeScalars.first == "\u{FEFF}" { s.unicodeScalars.removeFirst() }
        s = s.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        self.init(normalizedUTF8: Array(s.utf8))
    }

    /// Number of file lines (a text ending in LF has no empty line after it).
    public var fileLineCount: Int { lineByteStarts.count - 1 }

    /// The file line that holds scalar offset `offset` (clamped to the text).
    public func fileLine(containing offset: Int) -> Int {
        var lo = 0
        var hi = fileLineCount - 1
        if hi < 0 { return 0 }
        let target = Int32(clamping: offset)
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if lineScalarStarts[mid] <= target { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Scalar and byte offsets of the start of file line `line`.
    @inlinable
    public func start(ofFileLine line: Int) -> (scalar: Int, byte: Int) {
        (Int(lineScalarStarts[line]), Int(lineByteStarts[line]))
    }

    /// The byte offset of scalar offset `offset`.
    public func byteOffset(ofScalar offset: Int) -> Int {
        if offset >= scalarCount { return utf8.count }
        let line = fileLine(containing: offset)
        var (scalar, byte) = start(ofFileLine: line)
        utf8.withUnsafeBufferPointer { bytes in
            while scalar < offset {
                byte += 1
                while byte < bytes.count && bytes[byte] & 0xC0 == 0x80 { byte += 1 }
                scalar += 1
            }
        }
        return byte
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
