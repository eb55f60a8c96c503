import Foundation

/// An `AdvanceTable` as bytes, for a cache on disk (`Fonts`' `AdvanceTableCache`): building a
/// table reads every glyph of both faces (about 8 ms for DejaVu Sans and WenQuanYi Micro Hei),
/// reading it back is a copy.
///
/// Layout (little-endian): magic `PTAT`, format version, `key` (the caller's: which fonts at
/// which size), pixel size, default advance, line height and ascent as `Float` bits, the
/// lengths of the arrays, the block index, the advances, the shared blocks, the kerning
/// square's non-zero entries (index and value: most of its 246,016 pairs are zero) and the
/// pair-kerned bits' and then the shaped-pair bits' non-zero words (index and word), the
/// blocks of `faceAlone` answers (the code-space block and its 256 bytes), and a `StableHasher` checksum of all that
/// came before. `init?(archive:key:)` trusts nothing it has not checked: magic,
/// version, key, lengths, every block index, finite metrics, checksum.
extension AdvanceTable {
    static let archiveMagic: [UInt8] = Array("PTAT".utf8)
    static let archiveVersion: UInt32 = 6

    /// The table's bytes, tagged with `key`.
    public func archive(key: UInt64) -> Data {
        var out = BinaryWriter()
        var pairs: [(cell: Int, value: Float)] = []
        forEachKerningPair { pairs.append(($0, $1)) }
        let words = pairKerned.indices.filter { pairKerned[$0] != 0 }
        let shapedWords = shapedPairs.indices.filter { shapedPairs[$0] != 0 }
        out.reserve(80 + blockIndex.count * 2 + advances.count * 4 + sharedBlocks.count * 2 + pairs.count * 8 + (words.count + shapedWords.count) * 12)
        out.bytes(Self.archiveMagic)
        out.u32(Self.archiveVersion)
        out.u64(key)
        for value in [pixelSize, defaultAdvance, lineHeight, ascent] { out.u32(value.bitPattern) }
        let square = hasKerning ? Self.kerningSide * Self.kerningSide : 0
        for count in [blockIndex.count, advances.count, sharedBlocks.count, square, pairs.count, words.count,
                      shapedWords.count] {
            out.u32(UInt32(count))
        }
        for v in blockIndex { out.u16(v) }
        for v in advances { out.u32(v.bitPattern) }
        for v in sharedBlocks { out.u16(v) }
        for pair in pairs {
            out.u32(UInt32(pair.cell))
            out.u32(pair.value.bitPattern)
        }
        for i in words {
            out.u32(UInt32(i))
            out.u64(pairKerned[i])
        }
        for i in shapedWords {
            out.u32(UInt32(i))
            out.u64(shapedPairs[i])
        }
        let alone = aloneBlocks.indices.filter { aloneBlocks[$0] != 0 }
        out.u32(UInt32(alone.count))
        for block in alone {
            out.u32(UInt32(block))
            let base = Int(aloneBlocks[block]) << Self.blockShift
            out.bytes(Array(aloneFaces[base..<(base + 256)]))
        }
        let checksum = out.withUnsafeBytes { bytes in
            var hasher = StableHasher()
            hasher.combine(bytes: bytes)
            return hasher.value
        }
        out.u64(checksum)
        return out.data
    }

    /// The table archived in `data` under `key`, or nil when the bytes are not exactly that.
    public init?(archive data: Data, key: UInt64) {
        guard let table = data.withUnsafeBytes({ Self.unarchive($0, key: key) }) else { return nil }
        self = table
    }

    private static func unarchive(_ bytes: UnsafeRawBufferPointer, key: UInt64) -> AdvanceTable? {
        guard bytes.count >= 8 else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)])
        var hasher = StableHasher()
        hasher.combine(bytes: body)
        guard hasher.value == UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
        else { return nil }

        var r = BinaryReader(bytes: body)
        guard Array(r.bytes(4)) == archiveMagic, r.u32() == archiveVersion, r.u64() == key,
              let pixelBits = r.u32(), let defaultBits = r.u32(), let lineBits = r.u32(), let ascentBits = r.u32(),
              let blocks = r.u32().map(Int.init), let advanceCount = r.u32().map(Int.init),
              let sharedCount = r.u32().map(Int.init), let kerningCount = r.u32().map(Int.init),
              let pairCount = r.u32().map(Int.init), let wordCount = r.u32().map(Int.init),
              let shapedCount = r.u32().map(Int.init)
        else { return nil }
        let square = kerningSide * kerningSide, bitWords = (kerningSide + 63) / 64, pairWords = (square + 63) / 64
        let metrics = [pixelBits, defaultBits, lineBits, ascentBits].map(Float.init(bitPattern:))
        guard metrics.allSatisfy(\.isFinite), metrics[0] > 0, blocks == blockCount,
              advanceCount >= 256, advanceCount % 256 == 0, advanceCount / 256 <= Int(UInt16.max),
              kerningCount == 0 || kerningCount == square, pairCount <= kerningCount,
              wordCount <= (kerningCount == 0 ? 0 : bitWords), shapedCount <= (kerningCount == 0 ? 0 : pairWords),
              sharedCount <= advanceCount / 256,
              body.count - r.offset >= blocks * 2 + advanceCount * 4 + sharedCount * 2 + pairCount * 8
                + (wordCount + shapedCount) * 12 + 4
        else { return nil }

        var table = AdvanceTable(pixelSize: metrics[0], defaultAdvance: metrics[1], lineHeight: metrics[2], ascent: metrics[3])
        table.blockIndex = Self.read(&r, count: blocks, as: UInt16.self)
        table.advances = Self.readFloats(&r, count: advanceCount)
        table.sharedBlocks = Self.read(&r, count: sharedCount, as: UInt16.self)
        let blocksStored = UInt16(advanceCount / 256)
        guard table.blockIndex.allSatisfy({ $0 < blocksStored }), table.sharedBlocks.allSatisfy({ $0 < blocksStored })
        else { return nil }
        if kerningCount > 0 {
            table.allocateKerning()
            for _ in 0..<pairCount {
                guard let index = r.u32().map(Int.init), index < square, let bits = r.u32() else { return nil }
                table.setKerning(cell: index, Float(bitPattern: bits))
            }
            for _ in 0..<wordCount {
                guard let index = r.u32().map(Int.init), index < bitWords, let word = r.u64() else { return nil }
                table.pairKerned[index] = word
            }
            for _ in 0..<shapedCount {
                guard let index = r.u32().map(Int.init), index < pairWords, let word = r.u64() else { return nil }
                table.shapedPairs[index] = word
            }
        }
        guard let aloneCount = r.u32().map(Int.init), aloneCount <= blockCount,
              body.count - r.offset == aloneCount * (4 + 256)
        else { return nil }
        for _ in 0..<aloneCount {
            guard let block = r.u32().map(Int.init), block < blockCount else { return nil }
            let faces = Array(r.bytes(256))
            guard table.aloneBlocks.isEmpty || table.aloneBlocks[block] == 0 else { return nil }
            for (i, face) in faces.enumerated() where face != 0 {
                table.setAlone(UInt32(block << blockShift | i), face: Int(face & ~wideAloneBit) - 1)
            }
        }
        return table
    }

    /// `count` little-endian values (the caller has checked that they are there), copied
    /// whole on a little-endian machine.
    private static func read<T: FixedWidthInteger>(_ r: inout BinaryReader, count: Int, as: T.Type) -> [T] {
        let raw = r.bytes(count * MemoryLayout<T>.size)
        #if _endian(little)
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
            initialized = count
        }
        #else
        return (0..<count).map { T(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * MemoryLayout<T>.size, as: T.self)) }
        #endif
    }

    /// `count` floats stored as little-endian bits.
    private static func readFloats(_ r: inout BinaryReader, count: Int) -> [Float] {
        #if _endian(little)
        let raw = r.bytes(count * 4)
        return [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
            initialized = count
        }
        #else
        return read(&r, count: count, as: UInt32.self).map(Float.init(bitPattern:))
        #endif
    }
}
