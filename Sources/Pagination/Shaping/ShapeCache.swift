/// Shaped segments kept by their text and direction, as Android's minikin keeps shaped
/// words (`LayoutCache`): most words of a book repeat, so a book is shaped at the cost of a
/// hash look-up a word and a HarfBuzz call per distinct word.
///
/// One cache serves one shaper, language and size, used by one thread at a time: a
/// typesetter takes one from `ShapeCaches` (the process's, as minikin's cache is) and the
/// paginator gives it back when its pass is done, so the next layout in the same font finds
/// the words already shaped. Glyphs live in one flat array; `glyphs(of:rightToLeft:)` returns a range
/// of it, valid until the next call (the cache empties itself when it holds `glyphLimit`
/// glyphs). A single BMP character left to right (a space, a CJK character) is found
/// through a direct table, without hashing.
///
/// Its storage is marked `@exclusivity(unchecked)`: one thread uses a cache at a time and no
/// access overlaps another, and the dynamic checks were a twentieth of a Persian book's layout.
public final class ShapeCache: @unchecked Sendable {
    /// The shaper the cache was made for (any thread may use it).
    public let shaper: any GlyphShaper
    /// `shaper` readied for the cache's language (`GlyphShaper.prepared(for:)`): it may keep
    /// state between calls, so only this cache, on its one thread at a time, shapes with it.
    private let ownShaper: any GlyphShaper
    public let language: ContentLanguage?
    /// Every cached segment's glyphs, back to back.
    @exclusivity(unchecked) public private(set) var glyphs: [ShapedGlyph] = []
    /// How many segments it holds.
    public var count: Int { entryCount }

    private struct Entry {
        var hash: UInt64 = 0
        var keyStart: Int32 = -1
        var keyLength: Int32 = 0
        var glyphStart: Int32 = 0
        var glyphCount: Int32 = 0
    }
    @exclusivity(unchecked) private var entries: [Entry]
    @exclusivity(unchecked) private var entryCount = 0
    @exclusivity(unchecked) private var keys: [UInt32] = []
    /// For each BMP scalar shaped alone left to right: its glyphs' start + 1 and count in
    /// `glyphs` (0: not cached), in pages of 256 scalars made on first use (`singlePage`;
    /// page 0 is shared by every page never written and holds zeros).
    @exclusivity(unchecked) private var singles: [UInt64]
    /// The total advance of each of `singles` (the whole width of a character shaped alone).
    @exclusivity(unchecked) private var singleWidths: [Float]
    @exclusivity(unchecked) private var singlePage: [UInt16]
    private static let glyphLimit = 1 << 20
    /// Above every scalar (the top bit set): a key's last element naming the face before a
    /// separator (its low twelve bits) and the style (the ten above them).
    private static let faceKeyBase: UInt32 = 0x8000_0000
    /// A key's last element for styled text with no face before it (the style in its low
    /// bits): above every scalar, below every `faceKeyBase` key.
    private static let styleKey: UInt32 = 0x4000_0000
    private static let styleShift: UInt32 = 12

    /// The face of the glyph that shows the logically last character of a segment's glyphs
    /// (`range`): the face the text after it continues in.
    public func lastFace(of range: Range<Int>) -> UInt16 {
        guard !range.isEmpty else { return 0 }
        return glyphs.withUnsafeBufferPointer { g in
            var best = range.lowerBound
            for k in range where g[k].cluster >= g[best].cluster { best = k }
            return g[best].font == ShapedGlyph.scalarFont ? 0 : g[best].font
        }
    }

    public init(shaper: any GlyphShaper, language: ContentLanguage?) {
        self.shaper = shaper
        self.ownShaper = shaper.prepared(for: language)
        self.language = language
        entries = [Entry](repeating: Entry(), count: 1 << 12)
        singles = [UInt64](repeating: 0, count: 256)
        singleWidths = [Float](repeating: 0, count: 256)
        singlePage = [UInt16](repeating: 0, count: 256)
    }

    /// Makes room for the segments of about `bytes` bytes of text, so that the glyphs and keys
    /// are not moved as they grow: a move touches the memory twice, and fresh memory costs a
    /// page fault a page. Room never used is never touched; a cache that has the room already
    /// (one kept from an earlier pass) is left as it is.
    public func reserve(forTextBytes bytes: Int) {
        glyphs.reserveCapacity(min(Self.glyphLimit, bytes / 2))
        keys.reserveCapacity(min(Self.glyphLimit, bytes / 2))
    }

    /// The width of BMP scalar `c` shaped alone, left to right, and the face of its glyph:
    /// one look-up once it was shaped (a CJK book measures each character so).
    @inline(__always)
    public func single(_ c: UInt32) -> (width: Float, face: UInt16) {
        precondition(c < 0x10000, "single(_:) takes a BMP scalar")
        let page = Int(singlePage.withUnsafeBufferPointer { $0[Int(c >> 8)] })
        let index = page << 8 | Int(c & 0xFF)
        var range: Range<Int>
        let packed = page == 0 ? 0 : singles.withUnsafeBufferPointer { $0[index] }
        if packed != 0 {
            let start = Int(packed >> 32) - 1
            range = start..<(start + Int(packed & 0xFFFF_FFFF))
            let width = singleWidths.withUnsafeBufferPointer { $0[index] }
            return (width, lastFace(of: range))
        }
        var scalar = c
        range = withUnsafePointer(to: &scalar) { glyphs(of: UnsafeBufferPointer(start: $0, count: 1), rightToLeft: false) }
        return (glyphs[range].reduce(0) { $0 + $1.advance }, lastFace(of: range))
    }

    /// The glyphs of `segment` (at most `ShapeSegments.maximumLength` scalars), shaped in
    /// the given direction after text in face `faceBefore` (see `GlyphShaper.shape`): a range
    /// of `glyphs`. A segment that starts with a separator is kept per face before it.
    /// A segment in a `style` (`GlyphShaper.shape(…style:…)`) is kept apart.
    @inline(__always)
    public func glyphs(of segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool, faceBefore: UInt16 = 0,
                       style: FaceStyle = []) -> Range<Int> {
        guard !segment.isEmpty else { return glyphs.count..<glyphs.count }
        if glyphs.count > Self.glyphLimit { removeAll() }
        let afterFace = faceBefore != 0 && ShapeSegments.isSeparator(segment[0])
        if !style.isEmpty { return lookUp(segment, rightToLeft: rightToLeft, faceBefore: afterFace ? faceBefore : 0, style: style) }
        if segment.count == 1 && !rightToLeft && segment[0] < 0x10000 && !afterFace {
            let c = Int(segment[0])
            let page = Int(singlePage.withUnsafeBufferPointer { $0[c >> 8] })
            let packed = singles.withUnsafeBufferPointer { $0[page << 8 | (c & 0xFF)] }
            if packed != 0 {
                let start = Int(packed >> 32) - 1
                return start..<(start + Int(packed & 0xFFFF_FFFF))
            }
            let range = shapeNew(segment, rightToLeft: false)
            var own = page
            if own == 0 {
                own = singles.count >> 8
                singles.append(contentsOf: repeatElement(0, count: 256))
                singleWidths.append(contentsOf: repeatElement(0, count: 256))
                singlePage[c >> 8] = UInt16(own)
            }
            singles[own << 8 | (c & 0xFF)] = UInt64(range.lowerBound + 1) << 32 | UInt64(range.count)
            singleWidths[own << 8 | (c & 0xFF)] = glyphs[range].reduce(0) { $0 + $1.advance }
            return range
        }
        return lookUp(segment, rightToLeft: rightToLeft, faceBefore: afterFace ? faceBefore : 0)
    }

    /// A key is the segment's scalars, then for a separator after a face other than the
    /// primary one, that face above the scalars' range (`faceKey`), and for styled text its
    /// style (`styleKey`).
    private func lookUp(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool, faceBefore: UInt16,
                        style: FaceStyle = []) -> Range<Int> {
        var hash: UInt64 = rightToLeft ? 0x9E37_79B9_7F4A_7C15 : 0x2545_F491_4F6C_DD1D
        for c in segment { hash = (hash ^ UInt64(c)) &* 0x100_0000_01B3 }
        let styleBits = UInt32(style.rawValue)
        let faceKey = faceBefore == 0 ? (style.isEmpty ? nil : Self.styleKey | styleBits)
            : Self.faceKeyBase | UInt32(faceBefore & 0xFFF) | styleBits << Self.styleShift
        if let faceKey { hash = (hash ^ UInt64(faceKey)) &* 0x100_0000_01B3 }
        let keyLength = segment.count + (faceKey == nil ? 0 : 1)
        hash ^= hash >> 29
        if hash == 0 { hash = 1 }
        let mask = entries.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        let found: Range<Int>? = entries.withUnsafeBufferPointer { table in
            keys.withUnsafeBufferPointer { keys in
                while true {
                    let e = table[slot]
                    if e.keyStart < 0 { return nil }
                    if e.hash == hash && Int(e.keyLength) == keyLength {
                        var same = true
                        let base = Int(e.keyStart)
                        for k in 0..<segment.count where keys[base &+ k] != segment[k] {
                            same = false
                            break
                        }
                        if let faceKey, keys[base &+ segment.count] != faceKey { same = false }
                        if same { return Int(e.glyphStart)..<Int(e.glyphStart + e.glyphCount) }
                    }
                    slot = (slot &+ 1) & mask
                }
            }
        }
        if let found { return found }
        let range = shapeNew(segment, rightToLeft: rightToLeft, faceBefore: faceBefore, style: style)
        entries[slot] = Entry(hash: hash, keyStart: Int32(keys.count), keyLength: Int32(keyLength),
                              glyphStart: Int32(range.lowerBound), glyphCount: Int32(range.count))
        keys.append(contentsOf: segment)
        if let faceKey { keys.append(faceKey) }
        entryCount += 1
        if entryCount * 2 > entries.count { grow() }
        return range
    }

    /// Shapes a segment not in the cache and appends its glyphs.
    private func shapeNew(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool, faceBefore: UInt16 = 0,
                          style: FaceStyle = []) -> Range<Int> {
        let start = glyphs.count
        ownShaper.shape(segment, rightToLeft: rightToLeft, language: language, faceBefore: faceBefore, style: style,
                        into: &glyphs)
        return start..<glyphs.count
    }

    private func removeAll() {
        glyphs.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        for i in entries.indices { entries[i] = Entry() }
        entryCount = 0
        singles = [UInt64](repeating: 0, count: 256)
        singleWidths = [Float](repeating: 0, count: 256)
        for i in singlePage.indices { singlePage[i] = 0 }
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

import Synchronization

/// The process's shaped-word caches, one per shaper and language, lent to one typesetter at
/// a time (`take`, `giveBack`): a second pass in the same font (a resize, the full pass
/// after the first page, the benchmark's repeated passes) starts with every word the first
/// one shaped. Two passes at once each get a cache; the fuller one is kept.
public enum ShapeCaches {
    private struct Key: Hashable {
        let shaper: UInt64
        let language: ContentLanguage?
    }
    private static let pool = Mutex<[(key: Key, cache: ShapeCache)]>([])
    /// How many caches are kept (the least recently returned go first).
    static let capacity = 4

    /// A cache for `shaper` and `language`: the process's, or a new one when it is lent out.
    public static func take(shaper: any GlyphShaper, language: ContentLanguage?) -> ShapeCache {
        let key = Key(shaper: shaper.shapingIdentity, language: language)
        let kept = pool.withLock { pool -> ShapeCache? in
            guard let k = pool.firstIndex(where: { $0.key == key }) else { return nil }
            return pool.remove(at: k).cache
        }
        return kept ?? ShapeCache(shaper: shaper, language: language)
    }

    /// Returns a cache `take` gave, for the next pass (kept unless a fuller one for the same
    /// shaper and language came back meanwhile).
    public static func giveBack(_ cache: ShapeCache) {
        let key = Key(shaper: cache.shaper.shapingIdentity, language: cache.language)
        pool.withLock { pool in
            if let k = pool.firstIndex(where: { $0.key == key }) {
                if pool[k].cache.count >= cache.count { return }
                pool.remove(at: k)
            }
            pool.append((key, cache))
            if pool.count > capacity { pool.removeFirst() }
        }
    }
}
