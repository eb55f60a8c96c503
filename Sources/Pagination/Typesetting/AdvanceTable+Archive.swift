import FoundationEssentials

/// An `AdvanceTable` as bytes, for a cache on disk (`Fonts`' `AdvanceTableCache`): building a
/// table reads every glyph of every face (tens of milliseconds for Noto's faces), reading it
/// back is a check and a few copies.
///
/// Layout (little-endian): magic `PTAT`, format version, `key` (the caller's: which fonts at
/// which size), pixel size, default advance, line height and ascent as `Float` bits, the
/// lengths of the nine arrays, then the arrays as the table holds them in memory — block
/// index, advances, shared blocks, kerning row starts, kerning rows, pair-kerned bits,
/// shaped-pair bits, `faceAlone`'s block index and blocks — and a `StableHasher` checksum of
/// all that came before. Storing the arrays whole makes reading them a copy each (about a
/// tenth of a millisecond for Noto's faces, where rebuilding them pair by pair took 1–2 ms of
/// every command's start).
///
/// `init?(archive:key:faceCount:)` trusts nothing it has not checked: magic, version, key,
/// every length, the checksum, and every value for what the table's readers assume of it —
/// indexes inside their arrays, metrics, advances and kerning finite and within a few ems
/// (a crafted −1e30 or NaN would reach the glyph atlas), faces that exist.
extension AdvanceTable {
    static let archiveMagic: [UInt8] = Array("PTAT".utf8)
    static let archiveVersion: UInt32 = 7
    /// Advances, metrics and kerning past this many ems are refused as no font's.
    static let archiveEmLimit: Float = 64

    /// The table's bytes, tagged with `key`.
    public func archive(key: UInt64) -> Data {
        var out = BinaryWriter()
        out.reserve(96 + blockIndex.count * 2 + advances.count * 4 + sharedBlocks.count * 2 + kerningRows.count * 4
                    + kerning.count * 4 + (pairKerned.count + shapedPairs.count) * 8 + aloneBlocks.count * 2 + aloneFaces.count)
        out.bytes(Self.archiveMagic)
        out.u32(Self.archiveVersion)
        out.u64(key)
        for value in [pixelSize, defaultAdvance, lineHeight, ascent] { out.u32(value.bitPattern) }
        for count in [blockIndex.count, advances.count, sharedBlocks.count, kerningRows.count, kerning.count,
                      pairKerned.count, shapedPairs.count, aloneBlocks.count, aloneFaces.count] {
            out.u32(UInt32(count))
        }
        out.values(blockIndex)
        out.values(advances.map(\.bitPattern))
        out.values(sharedBlocks)
        out.values(kerningRows.map { UInt32(bitPattern: $0) })
        out.values(kerning.map(\.bitPattern))
        out.values(pairKerned)
        out.values(shapedPairs)
        out.values(aloneBlocks)
        out.bytes(aloneFaces)
        let checksum = out.withUnsafeBytes { bytes in
            var hasher = StableHasher()
            hasher.combine(bytes: bytes)
            return hasher.value
        }
        out.u64(checksum)
        return out.data
    }

    /// The table archived in `data` under `key`, or nil when the bytes are not exactly that
    /// or name a face at or past `faceCount` (`faceAlone`'s answers index the set's faces).
    public init?(archive data: some ContiguousBytes, key: UInt64, faceCount: Int = 127) {
        guard let table = data.withUnsafeBytes({ Self.unarchive($0, key: key, faceCount: faceCount) }) else { return nil }
        self = table
    }

    /// How many bytes an archive's header takes (magic, version, key, metrics, lengths).
    public static let archiveHeaderSize = 68

    /// The length of the whole archive whose header is `header` (its first
    /// `archiveHeaderSize` bytes), or nil when it is not a header of this format: a cache
    /// checks a file's size against it before reading the rest.
    public static func archiveLength(header: UnsafeRawBufferPointer) -> Int? {
        var r = BinaryReader(bytes: header)
        guard header.count >= archiveHeaderSize, Array(r.bytes(4)) == archiveMagic, r.u32() == archiveVersion else { return nil }
        _ = r.bytes(8 + 16)
        // Refused here, not allocated: a header announcing gigabytes (a planted sparse file).
        guard let counts = readCounts(&r), let arrays = arrayBytes(counts) else { return nil }
        return archiveHeaderSize + arrays + 8
    }

    /// The nine array lengths that follow the metrics.
    private static func readCounts(_ r: inout BinaryReader) -> [Int]? {
        var counts: [Int] = []
        for _ in 0..<9 {
            guard let count = r.u32() else { return nil }
            counts.append(Int(count))
        }
        return counts
    }

    /// The bytes the arrays of these lengths take, when they are lengths a table can have
    /// (the block index over the whole code space, whole blocks, a kerning square of
    /// `kerningSide` rows or none, `faceAlone`'s blocks or none); nil otherwise.
    private static func arrayBytes(_ counts: [Int]) -> Int? {
        let (blocks, advanceCount, sharedCount, rowCount, kerningCount) = (counts[0], counts[1], counts[2], counts[3], counts[4])
        let (pairWordCount, shapedWordCount, aloneBlockCount, aloneFaceCount) = (counts[5], counts[6], counts[7], counts[8])
        let side = kerningSide, kerns = rowCount > 0
        guard blocks == blockCount, advanceCount >= 256, advanceCount % 256 == 0, advanceCount / 256 <= Int(UInt16.max),
              sharedCount <= advanceCount / 256,
              rowCount == (kerns ? side : 0), kerningCount % side == 0, kerningCount <= (kerns ? side * (side + 1) : 0),
              kerns == (kerningCount > 0),
              pairWordCount == (kerns ? (side + 63) / 64 : 0), shapedWordCount == (kerns ? (side * side + 63) / 64 : 0),
              aloneBlockCount == 0 || aloneBlockCount == blockCount, aloneFaceCount % 256 == 0,
              (aloneBlockCount == 0) == (aloneFaceCount == 0), aloneFaceCount / 256 <= Int(UInt16.max)
        else { return nil }
        return blocks * 2 + advanceCount * 4 + sharedCount * 2 + rowCount * 4 + kerningCount * 4
            + (pairWordCount + shapedWordCount) * 8 + aloneBlockCount * 2 + aloneFaceCount
    }

    private static func unarchive(_ bytes: UnsafeRawBufferPointer, key: UInt64, faceCount: Int) -> AdvanceTable? {
        guard bytes.count >= 8 else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)])
        var hasher = StableHasher()
        hasher.combine(bytes: body)
        guard hasher.value == UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
        else { return nil }

        var r = BinaryReader(bytes: body)
        guard Array(r.bytes(4)) == archiveMagic, r.u32() == archiveVersion, r.u64() == key,
              let pixelBits = r.u32(), let defaultBits = r.u32(), let lineBits = r.u32(), let ascentBits = r.u32(),
              let counts = readCounts(&r), let arrays = arrayBytes(counts), body.count - r.offset == arrays
        else { return nil }
        let (blocks, advanceCount, sharedCount, rowCount, kerningCount) = (counts[0], counts[1], counts[2], counts[3], counts[4])
        let (pairWordCount, shapedWordCount, aloneBlockCount, aloneFaceCount) = (counts[5], counts[6], counts[7], counts[8])
        let side = kerningSide
        let metrics = [pixelBits, defaultBits, lineBits, ascentBits].map(Float.init(bitPattern:))
        let emLimit = archiveEmLimit * metrics[0]
        guard metrics[0] > 0, metrics[0] <= 10_000, metrics.allSatisfy({ abs($0) <= emLimit }), metrics[1] >= 0, metrics[2] > 0
        else { return nil }

        var table = AdvanceTable(pixelSize: metrics[0], defaultAdvance: metrics[1], lineHeight: metrics[2], ascent: metrics[3])
        table.blockIndex = Self.read(&r, count: blocks, as: UInt16.self)
        table.advances = Self.readFloats(&r, count: advanceCount)
        table.sharedBlocks = Self.read(&r, count: sharedCount, as: UInt16.self)
        table.kerningRows = Self.read(&r, count: rowCount, as: UInt32.self).map { Int32(bitPattern: $0) }
        table.kerning = Self.readFloats(&r, count: kerningCount)
        table.pairKerned = Self.read(&r, count: pairWordCount, as: UInt64.self)
        table.shapedPairs = Self.read(&r, count: shapedWordCount, as: UInt64.self)
        table.aloneBlocks = Self.read(&r, count: aloneBlockCount, as: UInt16.self)
        table.aloneFaces = Array(r.bytes(aloneFaceCount))

        let advanceBlocks = UInt16(advanceCount / 256), aloneStored = UInt16(aloneFaceCount / 256)
        let faceLimit = UInt8(clamping: min(faceCount, 127))
        guard table.blockIndex.allSatisfy({ $0 < advanceBlocks }), table.sharedBlocks.allSatisfy({ $0 < advanceBlocks }),
              table.advances.allSatisfy({ $0 >= 0 && $0 <= emLimit }),
              table.kerning.allSatisfy({ abs($0) <= emLimit }),
              table.kerningRows.allSatisfy({ $0 >= 0 && Int($0) % side == 0 && Int($0) + side <= kerningCount }),
              table.aloneBlocks.allSatisfy({ $0 < aloneStored }),
              table.aloneFaces.allSatisfy({ $0 == 0 || (1...faceLimit).contains($0 & ~wideAloneBit) })
        else { return nil }
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
}

extension AdvanceTable {
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

extension BinaryWriter {
    /// Appends `values` little-endian, as one copy on a little-endian machine.
    mutating func values<T: FixedWidthInteger>(_ values: [T]) {
        #if _endian(little)
        values.withUnsafeBytes { raw(UnsafeRawBufferPointer($0)) }
        #else
        for v in values { Swift.withUnsafeBytes(of: v.littleEndian) { raw($0) } }
        #endif
    }
}
