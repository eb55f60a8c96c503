@preconcurrency internal import CFreeType
import Pagination

/// A font held in memory (a book's own font, read from its archive): bytes that stay where
/// they are for as long as a face reads them, as FreeType's memory faces and HarfBuzz's
/// blobs need. Never changed once made.
public final class FontBytes: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
    let count: Int

    init(_ bytes: [UInt8]) {
        count = bytes.count
        pointer = .allocate(capacity: max(1, bytes.count))
        _ = UnsafeMutableBufferPointer(start: pointer, count: bytes.count).initialize(from: bytes)
    }

    deinit { pointer.deallocate() }

    /// The bytes, read in place.
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: pointer, count: count) }

    /// Whether the font is wrapped in WOFF or WOFF2 (W3C's web font formats: the OpenType
    /// tables compressed with zlib or Brotli), which HarfBuzz does not open.
    var isWrapped: Bool {
        count >= 4 && pointer[0] == 0x77 && pointer[1] == 0x4F && pointer[2] == 0x46 && (pointer[3] == 0x46 || pointer[3] == 0x32)
    }

    /// The most tables a font written out here may have (OpenType fonts have about twenty),
    /// and the most bytes they may hold together (a CJK face unpacked is about 20 MiB).
    static let tableLimit = 256
    static let largestSfnt = 64 << 20

    /// The plain OpenType (sfnt) font whose tables FreeType reads in `face` (a WOFF or WOFF2
    /// font unpacked by FreeType): a table directory (OpenType's `TableDirectory`, its tables
    /// sorted by tag, each 4-byte aligned, with its checksum) and the tables; nil when
    /// FreeType cannot give them.
    static func sfnt(of face: FT_Face) -> FontBytes? {
        var tables: [(tag: UInt32, bytes: [UInt8])] = []
        var index: FT_UInt = 0, total = 0
        while tables.count < tableLimit {
            var tag: FT_ULong = 0, length: FT_ULong = 0
            guard FT_Sfnt_Table_Info(face, index, &tag, &length) == 0 else { break }
            index += 1
            guard length > 0 else { continue }
            total += Int(length)
            guard total <= largestSfnt else { return nil }
            var bytes = [UInt8](repeating: 0, count: Int(length))
            var read = length
            guard bytes.withUnsafeMutableBufferPointer({ FT_Load_Sfnt_Table(face, tag, 0, $0.baseAddress, &read) }) == 0 else { return nil }
            tables.append((UInt32(truncatingIfNeeded: tag), bytes))
        }
        guard !tables.isEmpty else { return nil }
        tables.sort { $0.tag < $1.tag }
        let cff: UInt32 = 0x4346_4620, cff2: UInt32 = 0x4346_4632
        var out: [UInt8] = []
        func u16(_ v: Int) { out += [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
        func u32(_ v: UInt32) { out += [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
        u32(tables.contains { $0.tag == cff || $0.tag == cff2 } ? 0x4F54_544F : 0x0001_0000)  // 'OTTO' or 1.0
        let n = tables.count
        let power = 1 << (Int.bitWidth - 1 - n.leadingZeroBitCount)
        u16(n)
        u16(power * 16)
        u16(power.trailingZeroBitCount)
        u16(n * 16 - power * 16)
        var offset = 12 + 16 * n
        for table in tables {
            u32(table.tag)
            u32(checksum(table.bytes))
            u32(UInt32(offset))
            u32(UInt32(table.bytes.count))
            offset += (table.bytes.count + 3) & ~3
        }
        for table in tables {
            out += table.bytes
            out += repeatElement(0, count: ((table.bytes.count + 3) & ~3) - table.bytes.count)
        }
        return FontBytes(out)
    }

    /// OpenType's table checksum: the sum of the table's big-endian 32-bit words, the last
    /// padded with zeros.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var k = 0
        while k < bytes.count {
            var word: UInt32 = 0
            for j in 0..<4 { word = word << 8 | UInt32(k + j < bytes.count ? bytes[k + j] : 0) }
            sum &+= word
            k += 4
        }
        return sum
    }
}

extension FileStamp {
    /// The stamp of a font held in memory: its size, and a digest of its bytes where a file
    /// has its modification time (two fonts alike in both are the same font).
    init(bytes: FontBytes) {
        var hasher = StableHasher()
        hasher.combine("FontBytes")
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes.buffer))
        size = Int64(bytes.count)
        modificationSeconds = Int64(bitPattern: hasher.value)
        modificationNanoseconds = -1
    }
}
