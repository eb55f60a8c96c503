/// Converts between scalar offsets (reading positions) and byte offsets in a UTF-8 text.
///
/// A reading position in PageTurn is a Unicode scalar offset: it does not change with
/// the font or page size, and it survives re-decoding the same file. The pagination core,
/// though, works on UTF-8 bytes. The index keeps the byte offset of every
/// ``checkpointInterval``-th scalar, so either conversion costs one checkpoint look-up
/// plus a walk over at most ``checkpointInterval`` scalars (a few hundred nanoseconds);
/// memory is one `Int` per 1024 scalars (25 KB for War and Peace).
///
/// The index shares the text's byte buffer (arrays are copy-on-write), so holding it
/// costs no extra copy of the text.
public struct ScalarIndex: Sendable {
    /// Scalars between two checkpoints.
    public static let checkpointInterval = 1024

    /// The text the index describes; always valid UTF-8.
    let utf8: [UInt8]
    /// `checkpoints[k]` is the byte offset of scalar `k * checkpointInterval`.
    let checkpoints: [Int]
    /// Unicode scalars in the text.
    public let scalarCount: Int

    /// Builds the index while the normalizer writes the text (no second pass).
    init(utf8: [UInt8], checkpoints: [Int], scalarCount: Int) {
        self.utf8 = utf8
        self.checkpoints = checkpoints
        self.scalarCount = scalarCount
    }

    /// Builds an index for `utf8`, which must be valid UTF-8 (as ``DecodedText/utf8`` is).
    ///
    /// ``TextDecoder`` already builds the index while decoding; this initializer is for
    /// UTF-8 that comes from elsewhere.
    public init(utf8: [UInt8]) {
        var checkpoints: [Int] = []
        checkpoints.reserveCapacity(utf8.count / Self.checkpointInterval + 1)
        var scalars = 0
        for (offset, byte) in utf8.enumerated() where byte & 0xC0 != 0x80 {
            if scalars % Self.checkpointInterval == 0 { checkpoints.append(offset) }
            scalars += 1
        }
        self.init(utf8: utf8, checkpoints: checkpoints, scalarCount: scalars)
    }

    /// The byte offset in the text where scalar number `scalar` starts.
    ///
    /// `scalarCount` maps to the end of the text (`utf8.count`). Offsets outside
    /// `0...scalarCount` are clamped into it, so a stale bookmark never traps.
    public func byteOffset(ofScalar scalar: Int) -> Int {
        if scalar >= scalarCount { return utf8.count }
        if scalar <= 0 { return 0 }
        let checkpoint = scalar / Self.checkpointInterval
        var remaining = scalar - checkpoint * Self.checkpointInterval
        return utf8.withUnsafeBufferPointer { bytes in
            var offset = checkpoints[checkpoint]
            while remaining > 0 {
                offset += 1
                while bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                remaining -= 1
            }
            return offset
        }
    }

    /// The scalar offset of the scalar that contains byte `byte`.
    ///
    /// For a scalar boundary (the usual case) that is its exact scalar offset; a byte in
    /// the middle of a multibyte scalar rounds down to that scalar. `utf8.count` maps to
    /// `scalarCount`; offsets outside `0...utf8.count` are clamped into it.
    public func scalarOffset(ofByte byte: Int) -> Int {
        if byte >= utf8.count { return scalarCount }
        if byte <= 0 { return 0 }
        return utf8.withUnsafeBufferPointer { bytes in
            var boundary = byte
            while boundary > 0 && bytes[boundary] & 0xC0 == 0x80 { boundary -= 1 }
            // The last checkpoint at or before `boundary` (checkpoints are increasing).
            var low = 0
            var high = checkpoints.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if checkpoints[middle] <= boundary { low = middle } else { high = middle - 1 }
            }
            var scalar = low * Self.checkpointInterval
            var offset = checkpoints[low]
            while offset < boundary {
                if bytes[offset] & 0xC0 != 0x80 { scalar += 1 }
                offset += 1
            }
            return scalar
        }
    }
}
