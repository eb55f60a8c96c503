import Foundation
@preconcurrency internal import Glibc

/// Liang's hyphenation patterns in a hash table: each pattern's letters (Unicode scalars,
/// `.` marking a word's edge) and the digits between them (`hy3ph` is the letters `hyph` and
/// the digits 0 0 3 0 0). `values(for:)` runs Liang's algorithm: every pattern found in the
/// word sets the digits at its places, the highest digit wins, and an odd one allows a
/// hyphen there.
struct PatternTable: Sendable {
    private struct Entry: Sendable {
        var hash: UInt64 = 0
        var lettersStart: Int32 = -1
        var count: Int32 = 0
        var digitsStart: Int32 = 0
    }
    private var entries = [Entry](repeating: Entry(), count: 1 << 10)
    private var letters: [UInt32] = []
    private var digits: [UInt8] = []
    /// Patterns.
    private var stored = 0
    /// The longest pattern's letters.
    private(set) var longest = 0

    static let seed: UInt64 = 0xCBF2_9CE4_8422_2325

    @inline(__always)
    static func mix(_ h: UInt64, _ c: UInt32) -> UInt64 { (h ^ UInt64(c)) &* 0x100_0000_01B3 }

    /// A hash's first slot: its high bits folded into the low ones the mask keeps (FNV's low
    /// bits depend only on the letters' low bits).
    @inline(__always)
    static func home(_ h: UInt64) -> Int { Int(truncatingIfNeeded: h ^ (h >> 29) ^ (h >> 47)) }

    /// The table of a `hyph_*.dic` file and its `LEFTHYPHENMIN` and `RIGHTHYPHENMIN`, or nil
    /// when the first line names a character set iconv does not know or no pattern is read.
    ///
    /// One pass over the bytes, each pattern decoded straight into the table's arrays (sized
    /// for the file beforehand: a pattern takes no more letters than its line has bytes, and
    /// one digit more) and kept there unless it repeats one already stored: English's 11,000
    /// patterns load in about 0.3 ms.
    static func parse(_ bytes: [UInt8]) -> (table: PatternTable, minimums: (before: Int, after: Int))? {
        guard let firstLineEnd = bytes.firstIndex(of: 0x0A) else { return nil }
        let charset = String(decoding: bytes[..<firstLineEnd].filter { $0 > 0x20 }, as: UTF8.self)
        let utf8 = charset.uppercased() == "UTF-8"
        var byteScalars: [UInt32] = []
        if !utf8 {
            guard let table = byteTable(charset: charset) else { return nil }
            byteScalars = table
        }
        // At most a pattern a line, the table at most half full.
        let lines = bytes.withUnsafeBufferPointer { b in b.reduce(into: 0) { $0 += $1 == 0x0A ? 1 : 0 } } + 1
        var room = 1024
        while room < 2 * lines { room *= 2 }
        var table = PatternTable()
        table.entries = [Entry](repeating: Entry(), count: room)
        table.letters = [UInt32](repeating: 0, count: bytes.count)
        table.digits = [UInt8](repeating: 0, count: bytes.count + lines)
        var before = 2, after = 2
        var lettersUsed = 0, digitsUsed = 0
        let complete: Bool = bytes.withUnsafeBufferPointer { bytes in
            var lineStart = firstLineEnd + 1
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
                defer { lineStart = lineEnd + 1 }
                var start = lineStart
                while start < lineEnd && bytes[start] <= 0x20 { start += 1 }
                guard start < lineEnd else { continue }
                let first = bytes[start]
                // Keywords are ASCII capitals: LEFTHYPHENMIN n, RIGHTHYPHENMIN n (held to 1…16),
                // NEXTLEVEL, and the ones that change nothing here (NOHYPHEN, COMPOUND…); % and #
                // start comments; a non-standard pattern has a / and its replacement.
                if first &- 0x41 < 26 {
                    var end = lineEnd
                    while end > start && bytes[end - 1] <= 0x20 { end -= 1 }
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    func number(after keyword: String) -> Int? {
                        guard text.hasPrefix(keyword) else { return nil }
                        return Int(text.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" })
                    }
                    if let value = number(after: "LEFTHYPHENMIN") { before = min(max(value, 1), 16) }
                    if let value = number(after: "RIGHTHYPHENMIN") { after = min(max(value, 1), 16) }
                    // A first level of patterns before NEXTLEVEL marks the joins of compound words
                    // (German's 69,000 compounds), and the word patterns after it are written to be
                    // applied to each part alone (libhyphen's two-level algorithm, not written
                    // here: alone they break "Abends-tern"). Such a file is not read.
                    if text == "NEXTLEVEL" && table.stored > 0 { return false }
                    continue
                }
                if first == 0x25 || first == 0x23 { continue }
                // The pattern's letters and digits, written where the next pattern would go.
                let kept = table.decodePattern(bytes, start..<lineEnd, utf8: utf8, byteScalars: byteScalars,
                                               letters: lettersUsed, digits: digitsUsed)
                if kept > 0 {
                    lettersUsed += kept
                    digitsUsed += kept + 1
                }
            }
            return true
        }
        guard complete, table.stored > 0 else { return nil }
        table.letters = Array(table.letters[..<lettersUsed])  // of the size used, not the file's
        table.digits = Array(table.digits[..<digitsUsed])
        return (table, (before, after))
    }

    /// Decodes the pattern in `range` of `bytes` into `letters[letterStart...]` and
    /// `digits[digitStart...]` and stores it: returns its letter count when it is new, 0 when
    /// it raised the digits of one already stored or is not a pattern (empty, or non-standard:
    /// `ck/k=k,1,1`). A malformed UTF-8 sequence reads as U+FFFD.
    private mutating func decodePattern(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, utf8: Bool,
                                        byteScalars: [UInt32], letters letterStart: Int, digits digitStart: Int) -> Int {
        var count = 0
        var hash = Self.seed
        let decoded: Bool = letters.withUnsafeMutableBufferPointer { letters in
            digits.withUnsafeMutableBufferPointer { digits in
                digits[digitStart] = 0
                var i = range.lowerBound
                while i < range.upperBound {
                    let b = bytes[i]
                    var c = UInt32(b)
                    i += 1
                    if b >= 0x80 {
                        if !utf8 {
                            c = byteScalars[Int(b)]
                        } else {
                            // A lead byte and its continuation bytes.
                            let extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0
                            c = extra == 0 ? 0xFFFD : UInt32(b) & (0x3F >> UInt32(extra))
                            for _ in 0..<extra {
                                guard i < range.upperBound, bytes[i] & 0xC0 == 0x80 else {
                                    c = 0xFFFD
                                    break
                                }
                                c = c << 6 | UInt32(bytes[i] & 0x3F)
                                i += 1
                            }
                        }
                    }
                    if c <= 0x20 { continue }
                    if c == 0x2F { return false }  // a non-standard pattern's replacement
                    if c >= 0x30 && c <= 0x39 {
                        digits[digitStart + count] = UInt8(c - 0x30)
                    } else {
                        letters[letterStart + count] = c
                        hash = Self.mix(hash, c)
                        count += 1
                        digits[digitStart + count] = 0
                    }
                }
                return count > 0
            }
        }
        guard decoded else { return 0 }
        return store(hash: hash, letters: letterStart, digits: digitStart, count: count) ? count : 0
    }

    /// Each byte of an 8-bit character set as a scalar (iconv's answer; U+FFFD where it has
    /// none), or nil when iconv does not know the set.
    static func byteTable(charset: String) -> [UInt32]? {
        let converter = iconv_open("UTF-32LE", charset)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var table = [UInt32](repeating: 0xFFFD, count: 256)
        for byte in 0..<256 {
            var input = CChar(bitPattern: UInt8(byte))
            var output: UInt32 = 0
            let converted = withUnsafeMutablePointer(to: &input) { inStart in
                withUnsafeMutableBytes(of: &output) { outBytes -> Bool in
                    var inPointer: UnsafeMutablePointer<CChar>? = inStart
                    var inLeft = 1
                    var outPointer: UnsafeMutablePointer<CChar>? = outBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                    var outLeft = 4
                    let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    if result == -1 { iconv(converter, nil, nil, nil, nil) }  // back to the initial state
                    return result != -1 && outLeft == 0
                }
            }
            if converted { table[byte] = UInt32(littleEndian: output) }
        }
        return table
    }

    /// Stores the pattern just decoded at `letterStart` and `digitStart`, or raises the digits
    /// of the same pattern stored before (a file's two levels may both hold it): one probe of
    /// the table for both. True when it is new.
    private mutating func store(hash: UInt64, letters letterStart: Int, digits digitStart: Int, count: Int) -> Bool {
        if (stored + 1) * 2 > entries.count { grow() }
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
        stored += 1
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
