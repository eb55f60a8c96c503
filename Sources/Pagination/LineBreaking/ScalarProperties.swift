// The per-scalar property byte behind line breaking, decoded once from the generated table.

/// Layout of the property byte that `LineBreakTables` stores for every code point.
///
/// - bits 0–5: the refined class: a `LineBreakClass` raw value (0–48) or a `RefinedClass`
///   code (49 and up) that keeps a distinction the rules need (QU by Pi/Pf, U+25CC, …).
/// - bit 6: East_Asian_Width is F, W or H (UAX #14's "East Asian", used by LB19a and LB30).
/// - bit 7: East_Asian_Width is F or W (wide).
@usableFromInline
enum ScalarProperty {
    @usableFromInline static let classMask: UInt8 = 0x3F
    @usableFromInline static let eastAsianBit: UInt8 = 0x40
    @usableFromInline static let wideBit: UInt8 = 0x80
    /// The byte of anything that is not a Unicode scalar value (above U+10FFFF): lb=XX, EAW=N.
    @usableFromInline static let invalid: UInt8 = LineBreakClass.XX.rawValue
}

/// The decoded two-stage property table. It is built once, at first use, and never freed.
@usableFromInline
struct PropertyTable: @unchecked Sendable {
    /// One byte per block of `1 << LineBreakTables.shift` code points: the block's number.
    @usableFromInline let stage1: UnsafePointer<UInt8>
    /// The de-duplicated blocks, one property byte per code point.
    @usableFromInline let stage2: UnsafePointer<UInt8>

    /// The table every lookup uses.
    @usableFromInline static let shared = PropertyTable()

    private init() {
        let count1 = LineBreakTables.stage1Count
        let total = count1 + LineBreakTables.stage2Count
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
        let written = LineBreakTables.blob.withUTF8Buffer {
            decodeBase64($0, into: buffer, capacity: total)
        }
        precondition(written == total, "corrupt line-break table: \(written) of \(total) bytes")
        stage1 = UnsafePointer(buffer)
        stage2 = UnsafePointer(buffer + count1)
    }

    /// The property byte of `scalar`; any value above U+10FFFF reads as lb=XX.
    /// Surrogate code points have lb=SG in the data; both resolve to AL (LB1).
    @inlinable @inline(__always)
    func property(_ scalar: UInt32) -> UInt8 {
        guard scalar < 0x11_0000 else { return ScalarProperty.invalid }
        let shift = LineBreakTables.shift
        let block = Int(stage1[Int(truncatingIfNeeded: scalar >> shift)])
        let offset = Int(truncatingIfNeeded: scalar & ((1 << shift) &- 1))
        return stage2[block << Int(shift) | offset]
    }
}

/// Decodes base64 (ignoring whitespace and newlines) into `output`; returns the bytes written.
func decodeBase64(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>,
                  capacity: Int) -> Int {
    var written = 0
    var accumulator: UInt32 = 0
    var bits = 0
    for ch in input {
        let value: UInt32
        switch ch {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(ch - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(ch - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(ch - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): value = 62
        case UInt8(ascii: "/"): value = 63
        default: continue  // padding, spaces, newlines
        }
        accumulator = accumulator << 6 | value
        bits += 6
        if bits >= 8 {
            bits -= 8
            guard written < capacity else { return written + 1 }
            output[written] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
            written += 1
        }
    }
    return written
}
