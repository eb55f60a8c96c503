/// Writes WOFF 1.0 fonts (W3C) for the font harness's seeds and the tests: an OpenType
/// font's tables wrapped as they are, uncompressed (as WOFF allows for a table that would not
/// shrink), which FreeType unwraps as it does any WOFF.
public enum WOFFWriter {
    /// `font` (an sfnt) wrapped as WOFF 1.0 (W3C), its tables stored uncompressed; empty
    /// when `font`'s table directory does not hold.
    public static func woff(of font: [UInt8]) -> [UInt8] {
        func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) << 8 | Int(b[at + 1]) }
        func u32(_ b: [UInt8], _ at: Int) -> UInt32 { UInt32(u16(b, at)) << 16 | UInt32(u16(b, at + 2)) }
        guard font.count >= 12 else { return [] }
        let count = u16(font, 4)
        guard font.count >= 12 + 16 * count else { return [] }
        var records: [(tag: UInt32, checksum: UInt32, bytes: ArraySlice<UInt8>)] = []
        for k in 0..<count {
            let at = 12 + 16 * k
            let offset = Int(u32(font, at + 8)), length = Int(u32(font, at + 12))
            guard offset <= font.count, length <= font.count - offset else { return [] }
            records.append((u32(font, at), u32(font, at + 4), font[offset..<offset + length]))
        }
        var out: [UInt8] = []
        func put32(_ v: UInt32) { out += [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
        func put16(_ v: Int) { out += [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
        var offset = 44 + 20 * count
        var placed: [Int] = []
        for record in records {
            placed.append(offset)
            offset += (record.bytes.count + 3) & ~3
        }
        put32(0x774F_4646); put32(u32(font, 0)); put32(UInt32(offset)); put16(count); put16(0)
        put32(UInt32(font.count)); put16(1); put16(0); put32(0); put32(0); put32(0); put32(0); put32(0)
        for (record, at) in zip(records, placed) {
            put32(record.tag); put32(UInt32(at)); put32(UInt32(record.bytes.count)); put32(UInt32(record.bytes.count)); put32(record.checksum)
        }
        for record in records {
            out += record.bytes
            out += repeatElement(0, count: ((record.bytes.count + 3) & ~3) - record.bytes.count)
        }
        return out
    }
}
