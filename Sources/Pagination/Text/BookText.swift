import FoundationEssentials
@preconcurrency internal import Glibc

import TextDecoding

/// The decoded text of a book as the pagination core reads it: normalized UTF-8
/// (valid, LF line ends, no BOM) and the decoder's index from scalar offsets to bytes.
///
/// A reading position is a scalar offset into this text. The `ScalarIndex` that
/// `TextDecoding` builds while it writes the text keeps the byte offset of every 1024th
/// scalar, so any position maps to its byte (and back) with a look-up and a short walk.
public struct BookText: Sendable {
    /// Normalized UTF-8: valid, LF line ends, no BOM.
    public let utf8: [UInt8]
    /// Number of Unicode scalars; positions run from 0 to `scalarCount`.
    public let scalarCount: Int
    let index: ScalarIndex

    /// The text of a decoded book, reusing the index built while decoding.
    public init(decoded: DecodedText) {
        self.utf8 = decoded.utf8
        self.scalarCount = decoded.scalarCount
        self.index = decoded.index
    }

    /// Indexes `utf8`, which must already be normalized (as `TextDecoding` produces it).
    public init(normalizedUTF8 utf8: [UInt8]) {
        self.utf8 = utf8
        self.index = ScalarIndex(utf8: utf8)
        self.scalarCount = index.scalarCount
    }

    /// Convenience for tests: normalizes CRLF and CR to LF and drops a BOM first.
    public init(_ string: String) {
        var s = string
        if s.unicodeScalars.first == "\u{FEFF}" { s.unicodeScalars.removeFirst() }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(s.utf8.count)
        var afterCR = false
        for byte in s.utf8 {
            if byte == 0x0A && afterCR { afterCR = false; continue }
            afterCR = byte == 0x0D
            utf8.append(afterCR ? 0x0A : byte)
        }
        self.init(normalizedUTF8: utf8)
    }

    /// The byte offset where scalar `offset` starts (`utf8.count` at or past the end).
    public func byteOffset(ofScalar offset: Int) -> Int { index.byteOffset(ofScalar: offset) }

    /// The scalar offset of the scalar that starts at byte `byte`.
    public func scalarOffset(ofByte byte: Int) -> Int { index.scalarOffset(ofByte: byte) }

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

    /// The scalar at scalar offset `offset` (0 ≤ offset < `scalarCount`).
    public func scalar(at offset: Int) -> UInt32 {
        let byte = byteOffset(ofScalar: offset)
        return utf8.withUnsafeBufferPointer { UTF8Scanner.scalar(in: $0, at: byte) }
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
