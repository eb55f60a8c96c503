/// Shaped segments kept by their text and direction, as Android's minikin keeps shaped
/// words (`LayoutCache`): most words of a book repeat, so a book is shaped at the cost of a
/// hash look-up a word and a HarfBuzz call per distinct word.
///
/// One cache serves one shaper, language and size (a `Typesetter`'s); it is not shared
/// between threads. Glyphs live in one flat array; `glyphs(of:rightToLeft:)` returns a range
/// of it, valid until the next call (the cache empties itself when it holds `glyphLimit`
/// glyphs). A single BMP character left to right (a space, a CJK character) is found
/// through a direct table, without hashing.
public final class ShapeCache {
    public let shaper: any GlyphShaper
    public let language: ContentLanguage?
    /// Every cached segment's glyphs, back to back.
    public private(set) var glyphs: [ShapedGlyph] = []
    /// How many segments were shaped (misses), for tests and the benchmark.
    public private(set) var shapedCount = 0

    private struct Entry {
        var hash: UInt64 = 0
        var keyStart: Int32 = -1
        var keyLength: Int32 = 0
        var glyphStart: Int32 = 0
        var glyphCount: Int32 = 0
    }
    private var entries: [Entry]
    private var entryCount = 0
    private var keys: [UInt32] = []
    /// For each BMP scalar shaped alone left to right: its glyphs' start + 1 and count in
    /// `glyphs` (0: not cached).
    private var singles: [UInt64]
    private static let glyphLimit = 1 << 21

    public init(shaper: any GlyphShaper, language: ContentLanguage?) {
        self.shaper = shaper
        self.language = language
        entries = [Entry](repeating: Entry(), count: 1 << 12)
        singles = [UInt64](repeating: 0, count: 0x10000)
    }

    /// The glyphs of `segment` (at most `ShapeSegments.maximumLength` scalars), shaped in
    /// the given direction: a range of `glyphs`.
    @inline(__always)
    public func glyphs(of segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool) -> Range<Int> {
        if glyphs.count > Self.glyphLimit { removeAll() }
        if segment.count == 1 && !rightToLeft && segment[0] < 0x10000 {
            let packed = singles.withUnsafeBufferPointer { $0[Int(segment[0])] }
            if packed != 0 {
                let start = Int(packed >> 32) - 1
                return start..<(start + Int(packed & 0xFFFF_FFFF))
            }
            let range = shapeNew(segment, rightToLeft: false)
            singles[Int(segment[0])] = UInt64(range.lowerBound + 1) << 32 | UInt64(range.count)
            return range
        }
        return lookUp(segment, rightToLeft: rightToLeft)
    }

    private func lookUp(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool) -> Range<Int> {
        var hash: UInt64 = rightToLeft ? 0x9E37_79B9_7F4A_7C15 : 0x2545_F491_4F6C_DD1D
        for c in segment { hash = (hash ^ UInt64(c)) &* 0x100_0000_01B3 }
        hash ^= hash >> 29
        if hash == 0 { hash = 1 }
        let mask = entries.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        let found: Range<Int>? = entries.withUnsafeBufferPointer { table in
            keys.withUnsafeBufferPointer { keys in
                while true {
                    let e = table[slot]
                    if e.keyStart < 0 { return nil }
                    if e.hash == hash && Int(e.keyLength) == segment.count {
                        var same = true
                        let base = Int(e.keyStart)
                        for k in 0..<segment.count where keys[base &+ k] != segment[k] {
                            same = false
                            break
                        }
                        if same { return Int(e.glyphStart)..<Int(e.glyphStart + e.glyphCount) }
                    }
                    slot = (slot &+ 1) & mask
                }
            }
        }
        if let found { return found }
        let range = shapeNew(segment, rightToLeft: rightToLeft)
        entries[slot] = Entry(hash: hash, keyStart: Int32(keys.count), keyLength: Int32(segment.count),
                              glyphStart: Int32(range.lowerBound), glyphCount: Int32(range.count))
        keys.append(contentsOf: segment)
        entryCount += 1
        if entryCount * 2 > entries.count { grow() }
        return range
    }

    /// Shapes a segment not in the cache and appends its glyphs.
    private func shapeNew(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool) -> Range<Int> {
        let start = glyphs.count
        shaper.shape(segment, rightToLeft: rightToLeft, language: language, into: &glyphs)
        shapedCount += 1
        return start..<glyphs.count
    }

    private func removeAll() {
        glyphs.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        for i in entries.indices { entries[i] = Entry() }
        entryCount = 0
        for i in singles.indices { singles[i] = 0 }
    }

    private func grow() {
        let old = entries
        entries = [Entry](repeating: Entry(), count: old.count * 2)
        let mask = entries.count - 1
        for e in old where e.keyStart >= 0 {
            var slot = Int(truncatingIfNeeded: e.hash) & mask
            while entries[slot].keyStart >= 0 { slot = (slot + 1) & mask }
            entries[slot] = e
        }
    }
}
