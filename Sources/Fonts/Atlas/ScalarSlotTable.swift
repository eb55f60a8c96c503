/// A map from a key — a Unicode scalar, or a face's glyph (`glyphKey`) — to a glyph slot
/// number (or -1), read with two loads and no hashing: a page index over the key space (the
/// code space, one page for every value beyond Unicode, then 256 pages a face) points into a
/// flat array of 256-entry pages.
///
/// Page 0 is shared by every page never written and holds -1 throughout; a page of its own
/// is allocated (1 KiB) on the first write into it. A Chinese book touches a few dozen
/// pages; the index itself is 17 KiB.
struct ScalarSlotTable {
    static let pageShift: UInt32 = 8
    /// Every value from here on (not a Unicode scalar) shares this key.
    static let beyondUnicode: UInt32 = 0x110000
    /// The first glyph key: glyph `g` of face `f` has key `glyphKeyBase + f << 16 + g`.
    static let glyphKeyBase: UInt32 = beyondUnicode + 0x100
    /// How many faces have glyph keys.
    static let faceLimit = 32
    static let pageCount = Int((glyphKeyBase + UInt32(faceLimit) << 16) >> pageShift)

    private var pageOf: [Int32] = [Int32](repeating: 0, count: ScalarSlotTable.pageCount)
    private var entries: [Int32] = [Int32](repeating: -1, count: 256)

    /// The key `scalar` is stored under: itself, or `beyondUnicode` for larger values.
    @inline(__always)
    static func key(_ scalar: UInt32) -> UInt32 { min(scalar, beyondUnicode) }

    /// The key of glyph `glyph` of face `face` (face < `faceLimit`, glyph < 65536).
    @inline(__always)
    static func glyphKey(face: Int, glyph: UInt32) -> UInt32 {
        glyphKeyBase &+ UInt32(truncatingIfNeeded: face) << 16 &+ (glyph & 0xFFFF)
    }

    /// The slot of `scalar`, or -1.
    @inline(__always)
    func slot(for scalar: UInt32) -> Int32 { slot(forKey: Self.key(scalar)) }

    /// The slot of a key (`key(_:)` or `glyphKey(face:glyph:)`), or -1.
    @inline(__always)
    func slot(forKey key: UInt32) -> Int32 {
        // Both indexes are in range by construction: the key's page is at most pageCount - 1
        // and every page index points at a whole page.
        let page = pageOf.withUnsafeBufferPointer { $0[Int(key >> Self.pageShift)] }
        return entries.withUnsafeBufferPointer { $0[Int(page) << Self.pageShift | Int(key & 0xFF)] }
    }

    /// Records `slot` (or -1 to forget) for `scalar`.
    mutating func set(_ slot: Int32, forKey key: UInt32) {
        let pageNumber = Int(key >> Self.pageShift)
        if pageOf[pageNumber] == 0 {
            if slot < 0 { return }
            pageOf[pageNumber] = Int32(entries.count >> Self.pageShift)
            entries.append(contentsOf: repeatElement(-1, count: 256))
        }
        entries[Int(pageOf[pageNumber]) << Self.pageShift | Int(key & 0xFF)] = slot
    }
}
