import Foundation
import PropertyBased
import TestSupport
import Testing
@testable import TextDecoding

/// GB18030 through `DoubleByteTable` is byte for byte what iconv makes of the same bytes,
/// replacements included: the table is only a faster way to ask iconv.
@Suite struct DoubleByteTableTests {
    static func viaTable(_ bytes: [UInt8]) throws -> DoubleByteTable.Conversion {
        let table = try #require(DoubleByteTable.gb18030, "glibc's GB18030 gives a table")
        return bytes.withUnsafeBufferPointer { table.convert($0) }
    }

    static func viaIconv(_ bytes: [UInt8]) throws -> IconvDecoder.Output {
        try #require(bytes.withUnsafeBufferPointer { IconvDecoder.convert($0, from: .gb18030) })
    }

    /// Pieces of GB18030 text and of damage to it: ASCII (CR and NUL too), the BOM, two-byte characters (GB2312, GBK,
    /// one glibc maps outside the BMP), four-byte ones (BMP and supplementary), and bytes
    /// that lead, trail or fit nowhere, so that random strings of them cut sequences anywhere.
    static let pieces: [[UInt8]] = [
        [0x41], [0x0A], [0x30], [0x7F], [0x0D], [0x00], [0x84, 0x31, 0x95, 0x33],
        [0xC4, 0xE3], [0xBA, 0xC3], [0x81, 0x40], [0xFE, 0xFE], [0xA1, 0xA1], [0xFE, 0x51], [0xA8, 0xBF],
        [0x81, 0x30, 0x81, 0x30], [0x84, 0x31, 0xA4, 0x39], [0x90, 0x30, 0x81, 0x30], [0xE3, 0x32, 0x9A, 0x35],
        [0x81], [0xFE], [0x80], [0xFF], [0x81, 0x30], [0x81, 0x30, 0x81], [0x81, 0x7F], [0x81, 0x20], [0x40],
    ]

    static let gbText = Gen.int(in: 0..<pieces.count).array(of: 0...60).map { $0.flatMap { pieces[$0] } }

    @Test func anyStringOfPiecesDecodesAsIconvDecodesIt() async throws {
        await propertyCheck(count: 2000, input: Self.gbText) { bytes in
            let table = try Self.viaTable(bytes), iconv = try Self.viaIconv(bytes)
            #expect(table.utf8 == iconv.utf8, "\(bytes.map { String($0, radix: 16) })")
            #expect(table.replacements == iconv.replacements)
        }
    }

    @Test func randomBytesDecodeAsIconvDecodesThem() async throws {
        await propertyCheck(count: 500, input: Gen.int(in: 0...255).array(of: 0...200)) { values in
            let bytes = values.map { UInt8($0) }
            let table = try Self.viaTable(bytes), iconv = try Self.viaIconv(bytes)
            #expect(table.utf8 == iconv.utf8)
            #expect(table.replacements == iconv.replacements)
        }
    }

    @Test func everyTwoByteCharacterIsIconvsAnswer() throws {
        var bytes: [UInt8] = []
        for lead in UInt8(0x81)...0xFE { for trail in UInt8(0x40)...0xFE { bytes += [lead, trail, 0x0A] } }
        let table = try Self.viaTable(bytes), iconv = try Self.viaIconv(bytes)
        #expect(table.utf8 == iconv.utf8)
        #expect(table.replacements == iconv.replacements)
    }

    @Test func theGBKNovelDecodesAsIconvDecodesIt() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: SharedData.corpus("zh_luo_guanzhong_sanguo_yanyi.gbk.txt"))))
        let table = try Self.viaTable(bytes), iconv = try Self.viaIconv(bytes)
        #expect(table.utf8 == iconv.utf8)
        #expect(table.replacements == iconv.replacements)
    }

    /// The scalars counted while converting are the normalizer's count of the output, and
    /// the count is there whenever the output needs no normalizing.
    @Test func theCountMadeWhileConvertingIsTheNormalizersCount() async throws {
        let long = Gen.int(in: 0..<Self.pieces.count).array(of: 0...2500).map { $0.flatMap { Self.pieces[$0] } }
        await propertyCheck(count: 200, input: long) { bytes in
            let converted = try Self.viaTable(bytes)
            let normalized = UTF8Normalizer.normalizeWellFormed(converted.utf8)
            let needsNormalizing = converted.utf8.contains(0x0D) || converted.utf8.contains(0)
                || converted.utf8.starts(with: [0xEF, 0xBB, 0xBF])
            #expect((converted.counted == nil) == needsNormalizing)
            if let counted = converted.counted {
                #expect(counted.scalars == normalized.scalarCount)
                #expect(counted.checkpoints == normalized.checkpoints)
            }
        }
    }
}
