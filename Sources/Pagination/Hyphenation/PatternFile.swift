import FoundationEssentials
@preconcurrency internal import Glibc

/// A `hyph_*.dic` file as read: its patterns, in one level or two, and the keywords that
/// matter to them.
///
/// One level (English's, French's…) is matched by Liang's algorithm, as TeX would
/// (`PatternTable`). Two levels (German's: compound-boundary patterns, a `NEXTLEVEL` line, the
/// patterns for each part) are matched as libhyphen matches them (`PatternTrie`), since only
/// libhyphen reads them; `HyphenationPatterns` applies them. A file whose `NEXTLEVEL` comes
/// before any pattern (French's) is one level.
struct PatternFile: Sendable {
    /// A level of patterns, matched as its file needs.
    enum Level: Sendable {
        /// A one-level file's patterns: Liang's algorithm.
        case liang(PatternTable)
        /// A level of a two-level file: libhyphen's state machine.
        case libhyphen(PatternTrie)

        /// The values of `s` (a word between word marks): `values[k]` is the digit between
        /// `s[k - 1]` and `s[k]`.
        func values(for s: UnsafeBufferPointer<UInt32>) -> [UInt8] {
            switch self {
            case .liang(let table): table.values(for: s)
            case .libhyphen(let trie): trie.values(for: s)
            }
        }

        /// Patterns read.
        var patterns: Int {
            switch self {
            case .liang(let table): table.patterns
            case .libhyphen(let trie): trie.patterns
            }
        }
    }

    /// The first level of a two-level file, where compounds join; nil for one level.
    var compoundLevel: PatternTrie?
    /// The patterns inside a word, or inside each part of a compound.
    var wordLevel: Level
    /// `LEFTHYPHENMIN` and `RIGHTHYPHENMIN`: the fewest letters before and after a hyphen
    /// (1…16, 2 when not said).
    var minimums: (before: Int, after: Int)
    /// `COMPOUNDLEFTHYPHENMIN` and `COMPOUNDRIGHTHYPHENMIN`: the fewest letters a part of a
    /// compound keeps after the join before it and before the join after it (0…16, 0 when not
    /// said; two levels only).
    var compoundMinimums: (before: Int, after: Int)
    /// `NOHYPHEN`'s characters (German's `-` and `'`), next to which a two-level file's word
    /// takes no hyphen.
    var noHyphen: [[UInt32]]

    /// How a file's bytes are characters: UTF-8, or an 8-bit set whose bytes `byteScalars`
    /// gives (its first line names it).
    struct Encoding: Sendable {
        var utf8: Bool
        var byteScalars: [UInt32]

        /// Decodes the pattern in `range` of `bytes` into `letters` and `digits` (one digit
        /// more than letters, 0 where none is written), and hashes its letters into `hash`
        /// (`PatternTable.mix`): its letter count, or 0 when it is not a pattern (empty, or
        /// non-standard: `ck/k=k,1,1`). A malformed UTF-8 sequence reads as U+FFFD.
        @inline(__always)
        func decodePattern(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, letters: UnsafeMutablePointer<UInt32>,
                           digits: UnsafeMutablePointer<UInt8>, hash: inout UInt64) -> Int {
            var count = 0
            digits[0] = 0
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
                if c == 0x2F { return 0 }  // a non-standard pattern's replacement
                if c >= 0x30 && c <= 0x39 {
                    digits[count] = UInt8(c - 0x30)
                } else {
                    letters[count] = c
                    hash = PatternTable.mix(hash, c)
                    count += 1
                    digits[count] = 0
                }
            }
            return count
        }

        /// The characters of `bytes`.
        func scalars(_ bytes: some Collection<UInt8>) -> [UInt32] {
            utf8 ? String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value) : bytes.map { byteScalars[Int($0)] }
        }
    }

    /// The keywords of a level, each nil when it does not say it.
    private struct Keywords {
        var before: Int?, after: Int?, compoundBefore: Int?, compoundAfter: Int?
        var noHyphen: [[UInt32]]?

        /// These, with what `later` says instead.
        func overridden(by later: Keywords) -> Keywords {
            Keywords(before: later.before ?? before, after: later.after ?? after,
                     compoundBefore: later.compoundBefore ?? compoundBefore,
                     compoundAfter: later.compoundAfter ?? compoundAfter, noHyphen: later.noHyphen ?? noHyphen)
        }
    }

    private init(compoundLevel: PatternTrie?, wordLevel: Level, keywords: Keywords) {
        self.compoundLevel = compoundLevel
        self.wordLevel = wordLevel
        minimums = (min(max(keywords.before ?? 2, 1), 16), min(max(keywords.after ?? 2, 1), 16))
        compoundMinimums = (min(max(keywords.compoundBefore ?? 0, 0), 16), min(max(keywords.compoundAfter ?? 0, 0), 16))
        noHyphen = compoundLevel == nil ? [] : keywords.noHyphen ?? []
    }

    /// The patterns of a `hyph_*.dic` file, or nil when its first line names a character set
    /// iconv does not know or no pattern is read.
    ///
    /// A pass over the bytes to find `NEXTLEVEL` and count the lines, then one for each level,
    /// each pattern decoded straight into its table (sized for the level's lines beforehand):
    /// English's 11,000 patterns load in about 1.2 ms, German's 78,000 (and the 210,000 other
    /// prefixes of its compounds) in about 9 ms. As libhyphen does, the keywords of a
    /// two-level file are its first level's (it reads the second's into a dictionary it never
    /// asks), and a second `NEXTLEVEL` ends the file.
    static func parse(_ bytes: [UInt8]) -> PatternFile? {
        guard let firstLineEnd = bytes.firstIndex(of: 0x0A) else { return nil }
        let charset = String(decoding: bytes[..<firstLineEnd].filter { $0 > 0x20 }, as: UTF8.self)
        var encoding = Encoding(utf8: charset.uppercased() == "UTF-8", byteScalars: [])
        if !encoding.utf8 {
            guard let table = byteTable(charset: charset) else { return nil }
            encoding.byteScalars = table
        }
        return bytes.withUnsafeBufferPointer { bytes -> PatternFile? in
            // At most a pattern a line; the first two NEXTLEVEL lines (after a line feed, the
            // first line's at the least).
            func lines(in range: Range<Int>) -> Int {
                UnsafeBufferPointer(rebasing: bytes[range]).reduce(into: 1) { $0 += $1 == 0x0A ? 1 : 0 }
            }
            func nextLevel(after lineFeed: Int) -> Range<Int>? {
                let keyword = "NEXTLEVEL".utf8
                var at = lineFeed + 1
                // Each N (few in a file of small letters), until one starts a line and the word.
                while at < bytes.count, let found = memchr(bytes.baseAddress! + at, 0x4E, bytes.count - at) {
                    let k = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if bytes[k - 1] == 0x0A && k + keyword.count <= bytes.count
                        && bytes[k..<(k + keyword.count)].elementsEqual(keyword) {
                        return k..<min(Self.lineEnd(bytes, from: k, before: bytes.count) + 1, bytes.count)
                    }
                    at = k + 1
                }
                return nil
            }
            let start = firstLineEnd + 1
            guard let first = nextLevel(after: firstLineEnd) else {
                var table = PatternTable(lines: lines(in: start..<bytes.count), bytes: bytes.count - start)
                let keywords = readLevel(bytes, start..<bytes.count, encoding) { table.add(bytes, $0, encoding) }
                table.finish()
                return table.patterns > 0 ? PatternFile(compoundLevel: nil, wordLevel: .liang(table), keywords: keywords) : nil
            }
            let rest = first.upperBound..<(nextLevel(after: first.upperBound - 1)?.lowerBound ?? bytes.count)
            var compounds = PatternTrie(lines: lines(in: start..<first.lowerBound), bytes: first.lowerBound - start)
            let compoundKeywords = readLevel(bytes, start..<first.lowerBound, encoding) { compounds.add(bytes, $0, encoding) }
            compounds.finish()
            if compounds.patterns > 0 {
                // libhyphen reads this level's keywords into a dictionary it does not ask for them.
                var words = PatternTrie(lines: lines(in: rest), bytes: rest.count)
                _ = readLevel(bytes, rest, encoding) { words.add(bytes, $0, encoding) }
                words.finish()
                return PatternFile(compoundLevel: compounds, wordLevel: .libhyphen(words), keywords: compoundKeywords)
            }
            var table = PatternTable(lines: lines(in: rest), bytes: rest.count)
            let keywords = readLevel(bytes, rest, encoding) { table.add(bytes, $0, encoding) }
            table.finish()
            guard table.patterns > 0 else { return nil }
            return PatternFile(compoundLevel: nil, wordLevel: .liang(table), keywords: compoundKeywords.overridden(by: keywords))
        }
    }

    /// Where the line from `start` ends: its line feed, or `end`.
    @inline(__always)
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int {
        guard let found = memchr(bytes.baseAddress! + start, 0x0A, end - start) else { return end }
        return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The keywords of the lines in `range`, each pattern line given to `add`.
    private static func readLevel(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ encoding: Encoding,
                                  add: (Range<Int>) -> Void) -> Keywords {
        var keywords = Keywords()
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            let lineEnd = Self.lineEnd(bytes, from: lineStart, before: range.upperBound)
            defer { lineStart = lineEnd + 1 }
            var start = lineStart
            while start < lineEnd && bytes[start] <= 0x20 { start += 1 }
            guard start < lineEnd else { continue }
            let first = bytes[start]
            // Keywords are ASCII capitals: LEFTHYPHENMIN n, RIGHTHYPHENMIN n,
            // COMPOUNDLEFTHYPHENMIN n, COMPOUNDRIGHTHYPHENMIN n, NOHYPHEN a,b; % and # start
            // comments; a non-standard pattern has a / and its replacement (decoded as none).
            if first &- 0x41 < 26 {
                var end = lineEnd
                while end > start && bytes[end - 1] <= 0x20 { end -= 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                let text = String(decoding: line, as: UTF8.self)
                func number(after keyword: String) -> Int? {
                    guard text.hasPrefix(keyword) else { return nil }
                    return Int(text.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" })
                }
                if let value = number(after: "LEFTHYPHENMIN") { keywords.before = value }
                if let value = number(after: "RIGHTHYPHENMIN") { keywords.after = value }
                if let value = number(after: "COMPOUNDLEFTHYPHENMIN") { keywords.compoundBefore = value }
                if let value = number(after: "COMPOUNDRIGHTHYPHENMIN") { keywords.compoundAfter = value }
                if text.hasPrefix("NOHYPHEN") {
                    let list = encoding.scalars(line.dropFirst(8).drop { $0 == 0x20 || $0 == 0x09 })
                    keywords.noHyphen = list.split(separator: 0x2C).map(Array.init)
                }
                continue
            }
            if first == 0x25 || first == 0x23 { continue }
            add(start..<lineEnd)
        }
        return keywords
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
}
