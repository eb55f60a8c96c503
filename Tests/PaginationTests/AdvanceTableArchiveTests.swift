import Foundation
import PropertyBased
import Testing
@testable import Pagination

/// One random edit of an advance table.
enum TableEdit: Sendable {
    case advance(UInt32, Float)
    case fill(ClosedRange<UInt32>, Float)
    case kerning(UInt32, UInt32, Float)
    case pairKerned(UInt32)
}

/// Random edits over the places that matter: Latin, the invisible format characters' blocks,
/// CJK, the supplementary ideographic planes, the end of the code space.
let tableEdits = zip(Gen.int(in: 0..<4), Gen.int(in: 0..<6), Gen.int(in: 0..<0x2000), Gen.int(in: 0..<0x1200),
                     Gen.int(in: 0...40))
    .map { (edit: (Int, Int, Int, Int, Int)) -> TableEdit in
        let (kind, area, at, length, width) = edit
        let bases: [UInt32] = [0, 0x2000, 0x4E00, 0xFE00, 0x20000, 0x10F000]
        let start = min(bases[area] + UInt32(at), 0x10FFFF)
        let end = min(start + UInt32(length), 0x10FFFF)
        let w = Float(width) / 2
        switch kind {
        case 0: return .advance(start, w)
        case 1: return .fill(start...end, w)
        case 2: return .kerning(UInt32(at) % 0x180, UInt32(length) % 0x180, -w)
        default: return .pairKerned(UInt32(at) % 0x180)
        }
    }

@Suite("Advance tables: fill and archive")
struct AdvanceTableArchiveTests {
    /// The table `edits` make, with `fill` done by `fill` or, as reference, scalar by scalar.
    static func table(_ edits: [TableEdit], fillByScalar: Bool) -> AdvanceTable {
        var table = AdvanceTable(pixelSize: 18, defaultAdvance: 9, lineHeight: 27, ascent: 14)
        for edit in edits {
            switch edit {
            case .advance(let s, let w): table.setAdvance(w, for: s)
            case .fill(let range, let w):
                if fillByScalar { for s in range { table.setAdvance(w, for: s) } } else { table.fill(range, with: w) }
            case .kerning(let a, let b, let k): table.setKerning(k, between: a, and: b)
            case .pairKerned(let a): table.setPairKerned(a)
            }
        }
        return table
    }

    /// Every scalar the edits touched, the block around each, and the invisible ones.
    static func probes(_ edits: [TableEdit]) -> [UInt32] {
        var out = AdvanceTable.invisibleScalars
        for edit in edits {
            switch edit {
            case .advance(let s, _): out += [s, s & ~0xFF, s | 0xFF]
            case .fill(let r, _): out += [r.lowerBound, r.upperBound, r.lowerBound &- 1, min(r.upperBound + 1, 0x10FFFF),
                                          (r.lowerBound | 0xFF) + 1, r.lowerBound + (r.upperBound - r.lowerBound) / 2]
            default: break
            }
        }
        return out.filter { $0 <= 0x10FFFF }
    }

    static func sameTables(_ a: AdvanceTable, _ b: AdvanceTable, probes: [UInt32]) {
        #expect(a.digest == b.digest)
        for s in probes where a.advance(of: s) != b.advance(of: s) {
            Issue.record("advance of U+\(String(s, radix: 16)): \(a.advance(of: s)) ≠ \(b.advance(of: s))")
            return
        }
        for l in stride(from: UInt32(0), to: 0x180, by: 7) {
            for r in stride(from: UInt32(0), to: 0x180, by: 5) {
                #expect(a.kerning(l, r) == b.kerning(l, r))
                #expect(a.isPairKerned(l) == b.isPairKerned(l))
            }
        }
    }

    @Test("fill gives what setAdvance scalar by scalar gives, and a later write to a shared block stays in its block")
    func fillMatchesScalarWrites() async {
        await propertyCheck(count: 60, input: tableEdits.array(of: 0...12)) { edits in
            let filled = Self.table(edits, fillByScalar: false)
            let reference = Self.table(edits, fillByScalar: true)
            Self.sameTables(filled, reference, probes: Self.probes(edits))
        }
    }

    @Test("an archived table reads back the same, and only under its own key")
    func archiveRoundTrip() async {
        await propertyCheck(count: 40, input: tableEdits.array(of: 0...12)) { edits in
            let table = Self.table(edits, fillByScalar: false)
            let data = table.archive(key: 42)
            guard let back = AdvanceTable(archive: data, key: 42) else {
                Issue.record("archive not read back")
                return
            }
            Self.sameTables(back, table, probes: Self.probes(edits))
            #expect(back.pixelSize == table.pixelSize && back.lineHeight == table.lineHeight && back.ascent == table.ascent)
            #expect(AdvanceTable(archive: data, key: 43) == nil)
            // Still a table one can write to: a write to a shared block does not leak.
            var written = back, reference = table
            written.setAdvance(3, for: 0x20001)
            reference.setAdvance(3, for: 0x20001)
            Self.sameTables(written, reference, probes: Self.probes(edits) + [0x20001, 0x20101, 0x2FF01])
        }
    }

    @Test("a damaged archive is refused: any changed byte, a truncated or lengthened file")
    func damagedArchivesAreRefused() {
        var table = AdvanceTable(pixelSize: 16, defaultAdvance: 8)
        table.fill(0x4E00...0x9FFF, with: 16)
        table.setKerning(-1, between: 0x41, and: 0x56)
        table.setPairKerned(0x66)
        let data = table.archive(key: 7)
        #expect(AdvanceTable(archive: data, key: 7) != nil)
        for position in stride(from: 0, to: data.count, by: max(1, data.count / 97)) + [data.count - 1] {
            var bad = data
            bad[position] ^= 0x10
            #expect(AdvanceTable(archive: bad, key: 7) == nil, "byte \(position) changed")
        }
        #expect(AdvanceTable(archive: data.prefix(data.count - 1), key: 7) == nil)
        #expect(AdvanceTable(archive: data + Data([0]), key: 7) == nil)
        #expect(AdvanceTable(archive: Data(), key: 7) == nil)
    }

    /// `data` with the `Float` at `offset` set to `value` and the checksum made anew: a file
    /// an attacker or a fault left that still checks out as bytes.
    static func resealed(_ data: Data, setting value: Float, at offset: Int) -> Data {
        var bytes = [UInt8](data)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { for (k, b) in $0.enumerated() { bytes[offset + k] = b } }
        var hasher = StableHasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[..<(bytes.count - 8)])) }
        withUnsafeBytes(of: hasher.value.littleEndian) { for (k, b) in $0.enumerated() { bytes[bytes.count - 8 + k] = b } }
        return Data(bytes)
    }

    @Test("an archive that checks out as bytes but holds a value no font has is refused: NaN, −1e30, a face that is not there")
    func craftedValuesAreRefused() throws {
        var table = AdvanceTable(pixelSize: 16, defaultAdvance: 8, lineHeight: 24, ascent: 13)
        table.setKerning(-1, between: 0x41, and: 0x56)
        table.setAlone(0x41, face: 1)
        let data = table.archive(key: 7)
        #expect(AdvanceTable(archive: data, key: 7, faceCount: 2) != nil)
        #expect(AdvanceTable(archive: data, key: 7, faceCount: 1) == nil, "face 1 of a set of one")
        // Header: magic, version, key (16 bytes), then pixel size, default advance, line height, ascent.
        for (field, offset) in [("pixel size", 16), ("default advance", 20), ("line height", 24), ("ascent", 28)] {
            for bad in [Float.nan, -1e30, 1e30, .infinity] {
                #expect(AdvanceTable(archive: Self.resealed(data, setting: bad, at: offset), key: 7, faceCount: 2) == nil,
                        "\(field) \(bad)")
            }
        }
        // The first advance (U+0000's block) and the first kerning value after the shared row of zeros.
        let arrays = 32 + 9 * 4 + AdvanceTable.blockCount * 2
        for bad in [Float.nan, -1e30, -1, 1e30] {
            #expect(AdvanceTable(archive: Self.resealed(data, setting: bad, at: arrays), key: 7, faceCount: 2) == nil, "advance \(bad)")
        }
        let advanceBytes = table.advances.count * 4, rows = table.kerningRows.count * 4
        let kerning = arrays + advanceBytes + table.sharedBlocks.count * 2 + rows + AdvanceTable.kerningSide * 4
        let back = try #require(AdvanceTable(archive: Self.resealed(data, setting: -2, at: kerning + 0x56 * 4), key: 7))
        #expect(back.kerning(0x41, 0x56) == -2, "the offset above is the pair's")
        for bad in [Float.nan, -1e30, .infinity] {
            #expect(AdvanceTable(archive: Self.resealed(data, setting: bad, at: kerning + 0x56 * 4), key: 7) == nil, "kerning \(bad)")
        }
    }

    @Test("a header announcing more than a table can hold is refused before anything is read; a real one gives the file's length")
    func headerLengths() throws {
        var table = AdvanceTable(pixelSize: 16, defaultAdvance: 8)
        table.setKerning(-1, between: 0x41, and: 0x56)
        table.setAlone(0x41, face: 1)
        let data = [UInt8](table.archive(key: 7))
        let header = Array(data.prefix(AdvanceTable.archiveHeaderSize))
        #expect(header.withUnsafeBytes { AdvanceTable.archiveLength(header: $0) } == data.count)
        // Any count set to 4 G (a planted sparse file's header): refused, not allocated.
        for field in 0..<9 {
            var big = header
            for k in 0..<4 { big[32 + 4 * field + k] = 0xFF }
            #expect(big.withUnsafeBytes { AdvanceTable.archiveLength(header: $0) } == nil, "count \(field)")
        }
        // A face byte the writer never makes (the wide bit with no face): refused.
        var bytes = data
        let aloneStart = data.count - 8 - table.aloneFaces.count
        let byte = aloneStart + 256 + 0x41
        #expect(bytes[byte] == 2, "U+0041's face + 1")
        bytes[byte] = 0x80
        var hasher = StableHasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[..<(bytes.count - 8)])) }
        withUnsafeBytes(of: hasher.value.littleEndian) { for (k, b) in $0.enumerated() { bytes[bytes.count - 8 + k] = b } }
        #expect(AdvanceTable(archive: bytes, key: 7, faceCount: 2) == nil)
    }
}

