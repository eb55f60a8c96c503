/// The hyphenation points of the words a typesetter asked about, by word, and what kind of
/// letter each BMP character is: a book's words repeat, and the patterns, the lower-casing,
/// the encoding and Unicode's property look-ups cost more than a look-up here. Total-fit
/// breaking asks about every word of a paragraph it hyphenates.
///
/// Words are kept in flat arrays (their scalars back to back, their points back to back) in an
/// open-addressed table keyed by the word's hash and compared in full: nothing is allocated
/// per word. One typesetter, one thread, uses a cache.
final class HyphenPointCache {
    private struct Entry {
        var hash: UInt64
        var keyStart: Int32
        var keyCount: Int32
        var pointStart: Int32
        var pointCount: Int32
    }
    /// 1 + an index into `entries`, or 0 for an empty slot; a power of two long.
    @exclusivity(unchecked) private var slots = [Int32](repeating: 0, count: 1 << 12)
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var keys: [UInt32] = []
    @exclusivity(unchecked) private var storedPoints: [UInt8] = []
    /// Per BMP character, `Kind` bits (0: not looked up yet), filled as characters come.
    @exclusivity(unchecked) private var kinds: [UInt8] = []
    private static let wordLimit = 100_000
    /// The characters of every word looked up so far: the work a typesetter's hyphenation
    /// did, which must stay in proportion to its text.
    private(set) var charactersLookedUp = 0

    private struct Kind {
        static let known: UInt8 = 1, letterOrMark: UInt8 = 2, keepsWhole: UInt8 = 4, upper: UInt8 = 8, lower: UInt8 = 16
    }

    /// The points of `word` (offsets into it, each where a hyphen may go), worked out by
    /// `find` the first time.
    func points(of word: UnsafeBufferPointer<UInt32>, find: () -> [Int]) -> ArraySlice<UInt8> {
        charactersLookedUp += word.count
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for c in word { hash = (hash ^ UInt64(c)) &* 0x100_0000_01B3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot]) - 1]
            if entry.hash == hash && Int(entry.keyCount) == word.count
                && keys[Int(entry.keyStart)..<Int(entry.keyStart + entry.keyCount)].elementsEqual(word) {
                return storedPoints[Int(entry.pointStart)..<Int(entry.pointStart + entry.pointCount)]
            }
            slot = (slot + 1) & mask
        }
        let found = find().filter { $0 > 0 && $0 < 256 }
        if entries.count >= Self.wordLimit {
            entries.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            storedPoints.removeAll(keepingCapacity: true)
            for k in slots.indices { slots[k] = 0 }
            return points(of: word) { found }
        }
        let entry = Entry(hash: hash, keyStart: Int32(keys.count), keyCount: Int32(word.count),
                          pointStart: Int32(storedPoints.count), pointCount: Int32(found.count))
        keys.append(contentsOf: word)
        storedPoints.append(contentsOf: found.lazy.map { UInt8($0) })
        entries.append(entry)
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { grow() }
        return storedPoints[Int(entry.pointStart)..<Int(entry.pointStart + entry.pointCount)]
    }

    /// Doubles the table and places every entry again.
    private func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash ^ (entry.hash >> 29)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    /// Letters and combining marks (general categories L and M): `Typesetter.isLetterOrMark`.
    @inline(__always)
    func isLetterOrMark(_ c: UInt32) -> Bool {
        if c < 0x80 { return (c | 0x20) &- 0x61 < 26 }
        return kind(of: c) & Kind.letterOrMark != 0
    }

    /// `Typesetter.keepsTokenWhole`.
    @inline(__always)
    func keepsTokenWhole(_ c: UInt32) -> Bool {
        if c < 0x80 { return Typesetter.keepsTokenWhole(c) }
        return kind(of: c) & Kind.keepsWhole != 0
    }

    @inline(__always)
    func isUppercase(_ c: UInt32) -> Bool {
        if c < 0x80 { return c &- 0x41 < 26 }
        return kind(of: c) & Kind.upper != 0
    }

    @inline(__always)
    func isLowercase(_ c: UInt32) -> Bool {
        if c < 0x80 { return c &- 0x61 < 26 }
        return kind(of: c) & Kind.lower != 0
    }

    /// `c`'s kind bits: Unicode's properties, asked once per BMP character.
    private func kind(of c: UInt32) -> UInt8 {
        guard c < 0x10000 else { return Self.lookUpKind(c) }
        if kinds.isEmpty { kinds = [UInt8](repeating: 0, count: 0x10000) }
        let known = kinds[Int(c)]
        if known != 0 { return known }
        let made = Self.lookUpKind(c)
        kinds[Int(c)] = made
        return made
    }

    private static func lookUpKind(_ c: UInt32) -> UInt8 {
        var bits = Kind.known
        if Typesetter.isLetterOrMark(c) { bits |= Kind.letterOrMark }
        if Typesetter.keepsTokenWhole(c) { bits |= Kind.keepsWhole }
        if let scalar = Unicode.Scalar(c) {
            if scalar.properties.isUppercase { bits |= Kind.upper } else if scalar.properties.isLowercase { bits |= Kind.lower }
        }
        return bits
    }
}

/// What a typesetter keeps for the languages of a structured book's blocks, each worked out
/// once: a tag's `ContentLanguage`, its hyphenation patterns, and the points of its words (one
/// `HyphenPointCache` for the book's language and one for each other: a word's points depend
/// on its language's patterns).
final class BlockLanguages {
    private let book = HyphenPointCache()
    private var points: [ContentLanguage: HyphenPointCache] = [:]
    private var languages: [String: ContentLanguage?] = [:]
    private var patterns: [ContentLanguage: HyphenationPatterns?] = [:]

    /// The cache for words in `language` (nil: the book's).
    func points(for language: ContentLanguage?) -> HyphenPointCache {
        guard let language else { return book }
        if let known = points[language] { return known }
        let made = HyphenPointCache()
        points[language] = made
        return made
    }

    /// The language a block's tag names.
    func language(_ tag: String) -> ContentLanguage? {
        if let known = languages[tag] { return known }
        let found = ContentLanguage(tag: tag)
        languages[tag] = found
        return found
    }

    /// `language`'s hyphenation patterns, if Debian has them.
    func patterns(for language: ContentLanguage) -> HyphenationPatterns? {
        if let known = patterns[language] { return known }
        let found = HyphenationPatterns.patterns(for: language)
        patterns[language] = found
        return found
    }
}
