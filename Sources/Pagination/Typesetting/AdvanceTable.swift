/// The horizontal advance of every character of a font set at one pixel size, as a plain value.
///
/// Built once per face and size (by the `Fonts` module, from FreeType's unhinted advances
/// with fallback already resolved), then read in the line-filling loop with two loads and no
/// calls: a block index over the whole code space (`0x110000 >> 8` entries) points into a flat
/// array of 256-entry blocks. Block 0 is shared by every block that was never written and
/// holds `defaultAdvance`.
///
/// Invisible format characters (zero-width space and joiners, word joiner, BOM, soft hyphen)
/// always have zero advance, whatever a font says, as HarfBuzz sets them: the typesetter uses
/// U+200B to join re-flowed CJK lines, and a soft hyphen shows only as the hyphen a line
/// ending at it gets.
///
/// Kerning is kept for pairs of the characters of running Latin text (`kerningIndex`:
/// below U+0180, and General Punctuation's quotes and dashes) in a dense square table, with a
/// bit per character saying the shaper sets it alone as its nominal glyph and advance
/// (`isPairKerned`), and a bit per pair saying the shaper does more than kern that pair (a
/// ligature, "fi"; `isPairShaped`). `Fonts` finds all three by shaping each character and
/// each pair with HarfBuzz. A word of pair-kerned characters with no shaped pair in it
/// measures exactly as the shaper would set it, without asking the shaper: the pagination
/// core's fast path (`AdvanceTable+Kerning.swift`).
public struct AdvanceTable: Sendable {
    /// Advances are in pixels (FreeType's 26.6 units divided by 64).
    public private(set) var defaultAdvance: Float
    /// The pixel size the advances were measured at (the em size).
    public let pixelSize: Float
    /// Recommended distance between baselines of the primary face, in pixels.
    public var lineHeight: Float
    /// Ascent of the primary face above the baseline, in pixels.
    public var ascent: Float

    /// Characters below this have a kerning index (their own value).
    public static let kerningLimit: UInt32 = 0x180
    public static let blockShift: UInt32 = 8
    public static let blockCount = Int(0x110000 >> blockShift)

    @usableFromInline var blockIndex: [UInt16]
    @usableFromInline var advances: [Float]
    /// The kerning square's rows that hold a pair, back to back, after one row of zeros that
    /// every other row shares (a full square would be a megabyte to zero at every start).
    @usableFromInline var kerning: [Float]
    /// Where each kerning index's row starts in `kerning` (0: the shared row of zeros); empty
    /// when the table has no kerning.
    @usableFromInline var kerningRows: [Int32]
    /// One bit per kerning index: set when the character is pair-kerned (see above).
    @usableFromInline var pairKerned: [UInt64]
    /// One bit per pair of the kerning square: set when the shaper does more than kern it.
    @usableFromInline var shapedPairs: [UInt64]
    /// `faceAlone`'s answers: a block index over the code space (empty until one is set; 0 a
    /// block with none) into 256-entry blocks of face + 1.
    @usableFromInline var aloneBlocks: [UInt16] = []
    @usableFromInline var aloneFaces: [UInt8] = []
    /// Blocks of `advances` that several code-space blocks share because each holds one
    /// advance throughout (`fill`); copied before one of their characters is written.
    var sharedBlocks: [UInt16] = []

    /// A table where every character has `defaultAdvance`; fill it with `setAdvance(_:for:)`.
    public init(pixelSize: Float, defaultAdvance: Float, lineHeight: Float? = nil, ascent: Float? = nil) {
        self.pixelSize = pixelSize
        self.defaultAdvance = defaultAdvance
        self.lineHeight = lineHeight ?? pixelSize * 1.2
        self.ascent = ascent ?? pixelSize * 0.8
        self.blockIndex = [UInt16](repeating: 0, count: Self.blockCount)
        self.advances = [Float](repeating: defaultAdvance, count: 256)
        self.kerning = []
        self.kerningRows = []
        self.pairKerned = []
        self.shapedPairs = []
        for scalar in Self.invisibleScalars { writeAdvance(0, for: scalar) }
    }

    /// Format characters that never take room on a line.
    public static let invisibleScalars: [UInt32] = [0x00AD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF]

    /// A monospaced table: every character `narrow` wide, East Asian wide ones `wide`.
    /// Used by tests and as the last resort when no font can be loaded.
    public static func monospaced(pixelSize: Float, narrow: Float, wide: Float) -> AdvanceTable {
        var table = AdvanceTable(pixelSize: pixelSize, defaultAdvance: narrow)
        for range in EastAsianWideRanges.common { table.fill(range, with: wide) }
        return table
    }

    /// The advance of `scalar` in pixels.
    @inlinable @inline(__always)
    public func advance(of scalar: UInt32) -> Float {
        let block = Int(truncatingIfNeeded: scalar >> Self.blockShift)
        guard block < Self.blockCount else { return defaultAdvance }
        let base = Int(blockIndex.withUnsafeBufferPointer { $0[block] }) << Self.blockShift
        return advances.withUnsafeBufferPointer { $0[base | Int(scalar & 0xFF)] }
    }

    /// The kerning adjustment (usually negative) between `left` and `right`, in pixels.
    @inlinable @inline(__always)
    public func kerning(_ left: UInt32, _ right: UInt32) -> Float {
        guard let l = Self.kerningIndex(left), let r = Self.kerningIndex(right), !kerningRows.isEmpty else { return 0 }
        return kerning.withUnsafeBufferPointer { $0[Int(kerningRows.withUnsafeBufferPointer { $0[l] }) &+ r] }
    }

    /// True when the table holds at least one kerning pair.
    public var hasKerning: Bool { !kerningRows.isEmpty }

    /// Records the advance of one character (invisible format characters stay at zero).
    public mutating func setAdvance(_ advance: Float, for scalar: UInt32) {
        if Self.invisibleScalars.contains(scalar) { return }
        writeAdvance(advance, for: scalar)
    }

    private mutating func writeAdvance(_ advance: Float, for scalar: UInt32) {
        let block = Int(scalar >> Self.blockShift)
        precondition(block < Self.blockCount, "not a Unicode scalar: \(scalar)")
        let current = blockIndex[block]
        if current == 0 || sharedBlocks.contains(current) {
            // A block of its own, starting from what the block read until now.
            precondition(advances.count / 256 < Int(UInt16.max), "advance table full")
            blockIndex[block] = UInt16(advances.count >> Self.blockShift)
            let from = Int(current) << Self.blockShift
            advances.append(contentsOf: repeatElement(0, count: 256))
            let to = advances.count - 256
            for i in 0..<256 { advances[to + i] = advances[from + i] }
        }
        advances[(Int(blockIndex[block]) << Self.blockShift) | Int(scalar & 0xFF)] = advance
    }

    /// Gives every character of `range` the advance `advance`, as `setAdvance` would one by
    /// one; the whole blocks of 256 in it that nothing was written to yet share one block of
    /// storage (so the wide fallback over the supplementary ideographic planes costs 1 KiB,
    /// not 512).
    public mutating func fill(_ range: ClosedRange<UInt32>, with advance: Float) {
        var scalar = range.lowerBound
        while scalar <= range.upperBound {
            let block = Int(scalar >> Self.blockShift)
            let blockEnd = scalar | 0xFF
            let whole = scalar & 0xFF == 0 && blockEnd <= range.upperBound
            if whole, blockIndex[block] == 0, !Self.invisibleScalars.contains(where: { $0 >> Self.blockShift == block }) {
                blockIndex[block] = sharedBlock(of: advance)
            } else {
                for s in scalar...min(blockEnd, range.upperBound) { setAdvance(advance, for: s) }
            }
            if blockEnd >= range.upperBound { break }
            scalar = blockEnd + 1
        }
    }

    /// The shared block that holds `advance` throughout, made on first use.
    private mutating func sharedBlock(of advance: Float) -> UInt16 {
        if let found = sharedBlocks.first(where: { advances[Int($0) << Self.blockShift] == advance }) { return found }
        precondition(advances.count / 256 < Int(UInt16.max), "advance table full")
        let index = UInt16(advances.count >> Self.blockShift)
        advances.append(contentsOf: repeatElement(advance, count: 256))
        sharedBlocks.append(index)
        return index
    }

    /// A stable digest of every advance and kerning value, for cache keys (and the identity of
    /// a table that measures without a shaper, asked at every layout). It follows the values,
    /// not how they are stored (a block filled at once digests as one written scalar by
    /// scalar); each stored block's 256 advances are mixed once, however many code-space
    /// blocks share it (a table's CJK blocks share one), so it costs a word per written block.
    public var digest: UInt64 {
        var hasher = StableHasher()
        hashAdvances(into: &hasher)
        hashShortcuts(into: &hasher)
        return hasher.value
    }

    /// The digest of the advances and metrics alone, without the shortcuts that only spare a
    /// shaper its work (the pair kerning, the pair-kerned and the shaped-alone characters:
    /// words measured through them measure as the shaper measures them, `TableMeasureTests`).
    /// A layout made with a shaper is keyed by it (`PageCache.key`): the table a first start
    /// makes without pair kerning and the whole one read later lay out the same pages.
    public var advancesDigest: UInt64 {
        var hasher = StableHasher()
        hashAdvances(into: &hasher)
        return hasher.value
    }

    private func hashAdvances(into hasher: inout StableHasher) {
        hasher.combine(pixelSize.bitPattern)
        hasher.combine(defaultAdvance.bitPattern)
        hasher.combine(lineHeight.bitPattern)
        var blockDigests = [UInt64?](repeating: nil, count: advances.count >> Self.blockShift)
        for block in 0..<Self.blockCount where blockIndex[block] != 0 {
            let stored = Int(blockIndex[block])
            let blockDigest = blockDigests[stored] ?? advances.withUnsafeBytes { all in
                var h = StableHasher()
                h.combine(bytes: UnsafeRawBufferPointer(rebasing: all[(stored << Self.blockShift) * 4..<((stored + 1) << Self.blockShift) * 4]))
                return h.value
            }
            blockDigests[stored] = blockDigest
            hasher.combine(UInt32(block))
            hasher.combine(blockDigest)
        }
    }

    private func hashShortcuts(into hasher: inout StableHasher) {
        forEachKerningPair { pair, value in
            hasher.combine(UInt32(pair))
            hasher.combine(value.bitPattern)
        }
        for (index, word) in pairKerned.enumerated() where word != 0 {
            hasher.combine(UInt32(index))
            hasher.combine(word)
        }
        for (block, stored) in aloneBlocks.enumerated() where stored != 0 {
            hasher.combine(UInt32(block))
            for i in 0..<256 { hasher.combine(UInt32(aloneFaces[Int(stored) << Self.blockShift | i])) }
        }
        for (index, word) in shapedPairs.enumerated() where word != 0 {
            hasher.combine(UInt32(index))
            hasher.combine(word)
        }
    }
}

/// Ranges of East Asian Wide and Fullwidth characters that matter for books (CJK, kana,
/// Hangul, full-width forms). A coarse list for monospaced fallbacks, not a Unicode table.
public enum EastAsianWideRanges {
    public static let common: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]
}
