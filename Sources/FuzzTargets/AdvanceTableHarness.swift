import Foundation
import Pagination

/// Reads advance-table cache files (`AdvanceTable(archive:key:faceCount:)`). The first byte
/// chooses how the rest is used:
///
/// - even: the rest is the file, as found on disk. The reader must refuse it or give a table
///   whose every value a layout reads is finite and within a few ems, and whose faces exist:
///   what stands between a crafted cache and the glyph atlas;
/// - odd: the rest describes edits of a table (advances, fills, kerning, pair-kerned and
///   alone characters), which the real writer archives; the reader must give the same table
///   back (its digest).
enum AdvanceTableHarness {
    static let key: UInt64 = 0x5EED
    static let faceCount = 3

    static func run(_ bytes: [UInt8]) throws(FuzzFinding) {
        guard let mode = bytes.first else { return }
        let payload = Array(bytes.dropFirst())
        if mode & 1 == 0 {
            guard let table = AdvanceTable(archive: payload, key: key, faceCount: faceCount) else { return }
            try checkValues(table, "advance table read from \(payload.count) bytes")
        } else {
            let table = describedTable(payload)
            guard let back = AdvanceTable(archive: table.archive(key: key), key: key, faceCount: faceCount) else {
                throw FuzzFinding("advance table: an archive the writer made was refused")
            }
            try expect(back.digest == table.digest, "advance table: the archive read back differs from the table written")
            try checkValues(back, "advance table written and read back")
        }
    }

    /// Every value a layout reads from `table` at a spread of characters: finite, within 64
    /// ems, faces below `faceCount`.
    static func checkValues(_ table: AdvanceTable, _ what: String) throws(FuzzFinding) {
        let limit = 64 * table.pixelSize
        try expect(table.pixelSize.isFinite && table.pixelSize > 0, "\(what): pixel size \(table.pixelSize)")
        for metric in [table.lineHeight, table.ascent, table.defaultAdvance] {
            try expect(metric.isFinite && abs(metric) <= limit, "\(what): a metric of \(metric)")
        }
        for scalar in probes {
            let advance = table.advance(of: scalar)
            try expect(advance.isFinite && advance >= 0 && advance <= limit, "\(what): U+\(String(scalar, radix: 16)) advance \(advance)")
            try expect(Int(table.faceAlone(scalar)) <= faceCount, "\(what): U+\(String(scalar, radix: 16)) alone in a face that is not there")
        }
        for left in probes where left < 0x180 {
            for right in probes where right < 0x180 {
                let k = table.kerning(left, right)
                try expect(k.isFinite && abs(k) <= limit, "\(what): kerning \(k)")
            }
        }
    }

    /// Characters across the code space: Latin and its kerning range, punctuation, CJK, the
    /// supplementary planes, the last one.
    static let probes: [UInt32] = [0, 0x20, 0x41, 0x56, 0x61, 0x7F, 0xE9, 0x17F, 0x2014, 0x201C, 0x3000, 0x4E00, 0x9FFF,
                                   0xFEFF, 0x1F600, 0x20000, 0x10FFFF]

    /// A table made by the edits `payload` describes, four bytes each: a kind, two bytes of
    /// scalar (scaled over the code space) and a value.
    static func describedTable(_ payload: [UInt8]) -> AdvanceTable {
        var table = AdvanceTable(pixelSize: 16, defaultAdvance: 8, lineHeight: 24, ascent: 13)
        var input = FuzzInput(payload)
        for _ in 0..<min(payload.count / 4, 64) {
            let kind = input.byte() % 5
            let scalar = (UInt32(input.byte()) << 8 | UInt32(input.byte())) * 17 % 0x110000
            let value = Float(input.byte()) / 4
            switch kind {
            case 0: table.setAdvance(value, for: scalar)
            case 1: table.fill(scalar...min(scalar + 300, 0x10FFFF), with: value)
            case 2: table.setKerning(-value / 4, between: scalar % 0x180, and: (scalar >> 3) % 0x180)
            case 3: table.setPairKerned(scalar % 0x180)
            default: table.setAlone(scalar, face: Int(value) % faceCount)
            }
        }
        return table
    }

    static var seeds: [(name: String, bytes: [UInt8])] {
        var table = AdvanceTable(pixelSize: 16, defaultAdvance: 8, lineHeight: 24, ascent: 13)
        table.fill(0x4E00...0x9FFF, with: 16)
        table.setKerning(-1, between: 0x41, and: 0x56)
        table.setPairKerned(0x41)
        table.setAlone(0x4E00, face: 1)
        return [("archived", [0] + Array(table.archive(key: key))),
                ("described", [1, 0, 0, 2, 40, 1, 0x4E, 0, 64, 2, 0, 0x41, 4, 4, 1, 0x4E, 2])]
    }
}
