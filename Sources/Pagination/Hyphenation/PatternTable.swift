import FoundationEssentials
@preconcurrency internal import Glibc

/// A file of one level of Liang's hyphenation patterns in a hash table: each pattern's
/// letters (Unicode scalars, `.` marking a word's edge) and the digits between them (`hy3ph`
/// is the letters `hyph` and the digits 0 0 3 0 0). `values(for:)` runs Liang's algorithm, as
/// TeX does: every pattern found in the word sets the digits at its places, the highest digit
/// wins, and an odd one allows a hyphen there. (A file of two levels is matched as libhyphen
/// matches it: `PatternTrie`.)
///
/// Built by `PatternFile.parse`, each pattern decoded straight into the table's arrays, sized
/// for the file beforehand: a pattern takes no more letters than its line has bytes, and one
/// digit more.
struct PatternTable: Sendable {
    private struct Entry: Sendable {
        var hash: UInt64 = 0
        var lettersStart: Int32 = -1
        var count: Int32 = 0
        var digitsStart: Int32 = 0
    }
    private var entries: [Entry]
    private var letters: [UInt32]
    private var digits: [UInt8]
    private var lettersUsed = 0, digitsUsed = 0
    /// Patterns.
    private(set) var patterns = 0
    /// The longest pattern's letters.
    private(set) var longest = 0

    static let seed: UInt64 = 0xCBF2_9CE4_8422_2325

    @inline(__always)
    static func mix(_ h: UInt64, _ c: UInt32) -> UInt64 { (h ^ UInt64(c)) &* 0x100_0000_01B3 }

    /// A hash's first slot: its high bits folded into the low ones the mask keeps (FNV's low
    /// bits depend only on the letters' low bits).
    @inline(__always)
    static func home(_ h: UInt64) -> Int { Int(truncatingIfNeeded: h ^ (h >> 29) ^ (h >> 47)) }

    /// An empty table for the patterns of `lines` lines of `bytes` bytes: at most a pattern a
    /// line, the table at most half full.
    init(lines: Int, bytes: Int) {
        var room = 1024
        while room < 2 * lines { room *= 2 }
        entries = [Entry](repeating: Entry(), count: room)
        letters = [UInt32](repeating: 0, count: bytes)
        digits = [UInt8](repeating: 0, count: bytes + lines)
    }

    /// Decodes the pattern in `range` of `bytes` and stores it, or raises the digits of the
    /// same pattern stored before to its own. (Not stored: an empty pattern, a non-standard
    /// one.)
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ encoding: PatternFile.Encoding) {
        let letterStart = lettersUsed, digitStart = digitsUsed
        var hash = Self.seed
        let count = letters.withUnsafeMutableBufferPointer { letters in
            digits.withUnsafeMutableBufferPointer { digits in
                encoding.decodePattern(bytes, range, letters: letters.baseAddress! + letterStart,
                                       digits: digits.baseAddress! + digitStart, hash: &hash)
            }
        }
        guard count > 0 else { return }
        if store(hash: hash, letters: letterStart, digits: digitStart, count: count) {
            lettersUsed += count
            digitsUsed += count + 1
        }
    }

    /// The arrays cut to the size used, not the file's.
    mutating func finish() {
        letters = Array(letters[..<lettersUsed])
        digits = Array(digits[..<digitsUsed])
    }

    /// Stores the pattern just decoded at `letterStart` and `digitStart`, or raises the digits
    /// of the same pattern stored before (a file may give it twice): one probe of the table for
    /// both. True when it is new.
    private mutating func store(hash: UInt64, letters letterStart: Int, digits digitStart: Int, count: Int) -> Bool {
        if (patterns + 1) * 2 > entries.count { grow() }
        let mask = entries.count - 1
        var slot = Self.home(hash) & mask
        let found: Int? = entries.withUnsafeBufferPointer { entries in
            letters.withUnsafeBufferPointer { letters in
                while true {
                    let e = entries[slot]
                    if e.lettersStart < 0 { return nil }
                    if e.hash == hash && Int(e.count) == count
                        && memcmp(letters.baseAddress! + Int(e.lettersStart), letters.baseAddress! + letterStart, count * 4) == 0 {
                        return Int(e.digitsStart)
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
        if let start = found {
            for k in 0...count { digits[start + k] = max(digits[start + k], digits[digitStart + k]) }
            return false
        }
        entries[slot] = Entry(hash: hash, lettersStart: Int32(letterStart), count: Int32(count), digitsStart: Int32(digitStart))
        patterns += 1
        longest = max(longest, count)
        return true
    }

    private mutating func grow() {
        let old = entries
        entries = [Entry](repeating: Entry(), count: old.count * 2)
        for e in old where e.lettersStart >= 0 {
            var slot = Self.home(e.hash) & (entries.count - 1)
            while entries[slot].lettersStart >= 0 { slot = (slot + 1) & (entries.count - 1) }
            entries[slot] = e
        }
    }

    /// Liang's values for `s` (a word between word marks): `values[k]` is the highest digit
    /// any pattern puts between `s[k - 1]` and `s[k]`.
    func values(for s: UnsafeBufferPointer<UInt32>) -> [UInt8] {
        var values = [UInt8](repeating: 0, count: s.count + 1)
        let mask = entries.count - 1
        entries.withUnsafeBufferPointer { entries in
            letters.withUnsafeBufferPointer { letters in
                digits.withUnsafeBufferPointer { digits in
                    for i in 0..<s.count {
                        var hash = Self.seed
                        for j in i..<min(s.count, i + longest) {
                            hash = Self.mix(hash, s[j])
                            let length = j - i + 1
                            var slot = Self.home(hash) & mask
                            while entries[slot].lettersStart >= 0 {
                                let e = entries[slot]
                                if e.hash == hash && Int(e.count) == length {
                                    let base = Int(e.lettersStart)
                                    var same = true
                                    for k in 0..<length where letters[base + k] != s[i + k] {
                                        same = false
                                        break
                                    }
                                    if same {
                                        let start = Int(e.digitsStart)
                                        for k in 0...length { values[i + k] = max(values[i + k], digits[start + k]) }
                                        break
                                    }
                                }
                                slot = (slot + 1) & mask
                            }
                        }
                    }
                }
            }
        }
        return values
    }
}
