@preconcurrency internal import Glibc
import Synchronization

/// Where a word may take a hyphen, by Liang's patterns (TeX's, as Debian's `hyphen-*`
/// packages ship them for libhyphen: `/usr/share/hyphen/hyph_*.dic`).
///
/// Written here rather than called through libhyphen, which reads the same files: libhyphen
/// builds a state machine when it loads a dictionary, 10.6 ms for English and 2.5 s for
/// German on this machine, and a book's first page waits for it. Read here, English's
/// patterns load in 0.7 ms (a hash table, `PatternTable`; 2 ms the first time in a process,
/// the file read included) and German's in 9 ms (two tries, `PatternTrie`; 20 ms the first
/// time), and give the same points as libhyphen (tested on English, Greek, French, Spanish,
/// Italian and German words).
///
/// A file of one level of patterns is read as TeX reads them, by Liang's algorithm: every
/// pattern found in the word counts. German's file has two levels, and they are applied as
/// libhyphen's two-level (compound) algorithm applies them. The first level marks where the
/// words of a compound join ("Donau|dampf|schiff|fahrt"). Each part between joins is looked
/// at again by the first level on its own, between word marks, and so on down; a part in which
/// the first level finds no join is hyphenated by the second level, the word patterns. A part
/// keeps the file's compound minimums (`COMPOUNDLEFTHYPHENMIN`, `COMPOUNDRIGHTHYPHENMIN`)
/// from the joins inside the word on either side of it; only the word's own ends take
/// `LEFTHYPHENMIN` and `RIGHTHYPHENMIN` (and the caller's minimums). Every join is a place for
/// a hyphen. Both levels are matched as libhyphen's state machine matches them (see
/// `PatternTrie`: German's file was written for it), and two quirks of the libhyphen Debian
/// ships (2.8.8) are kept: a part of one or two letters is left as the first level marked it,
/// and so is the place before the last letter of each part. Last, no hyphen goes next to a
/// `NOHYPHEN` character (German's `-` and `'`). So "Abendstern" is "Abend-stern", never the
/// "Abends-tern" the word patterns alone would give.
///
/// A non-standard pattern (one that changes letters, `ck` → `k-k`; German's file has none)
/// is left out.
///
/// One dictionary per file, loaded on first use and kept for the process
/// (`patterns(for:)`); looking up is read-only and safe from several threads.
public final class HyphenationPatterns: Sendable {
    /// The dictionary file (`/usr/share/hyphen/hyph_en_US.dic`).
    public let path: String
    /// The fewest letters the file allows before and after a hyphen (`LEFTHYPHENMIN`,
    /// `RIGHTHYPHENMIN`; 2 each when it does not say).
    public let fileMinimums: (before: Int, after: Int)
    /// For a file of two levels, the fewest letters a part of a compound keeps next to the
    /// joins inside the word (`COMPOUNDLEFTHYPHENMIN`, `COMPOUNDRIGHTHYPHENMIN`; 0 when it
    /// does not say); nil for one level.
    public let compoundMinimums: (before: Int, after: Int)?
    private let file: PatternFile

    /// Where Debian's packages put the dictionaries.
    public static let folder = "/usr/share/hyphen"

    init?(path: String) {
        guard let bytes = Self.contents(of: path), let parsed = PatternFile.parse(bytes) else { return nil }
        self.path = path
        file = parsed
        fileMinimums = parsed.minimums
        compoundMinimums = parsed.compoundLevel == nil ? nil : parsed.compoundMinimums
    }

    private static let loaded = Mutex<[String: HyphenationPatterns?]>([:])

    /// The patterns for `language` (its primary subtag, and its region when a file has it),
    /// or nil when no dictionary for it is installed or it cannot be read.
    public static func patterns(for language: ContentLanguage?) -> HyphenationPatterns? {
        guard let language, let file = dictionaryFile(for: language.tag) else { return nil }
        return loaded.withLock { known in
            if let found = known[file] { return found }
            let made = HyphenationPatterns(path: file)
            known[file] = .some(made)
            return made
        }
    }

    /// The dictionary file for `language` and its size and modification time (a changed
    /// dictionary, new pages), without reading it: part of the page cache's key.
    public static func identity(for language: ContentLanguage?) -> String? {
        guard let language, let path = dictionaryFile(for: language.tag) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return path }
        return "\(path):\(info.st_size):\(info.st_mtim.tv_sec)"
    }

    /// The dictionary file for a BCP 47 tag: `hyph_ll_RR.dic` for a tag with region RR, else
    /// `hyph_ll_LL.dic` (ru_RU, de_DE, fr_FR), `hyph_ll.dic`, or the first `hyph_ll_*.dic`
    /// (en_US for `en`).
    static func dictionaryFile(for tag: String, in folder: String = folder) -> String? {
        let parts = tag.split(separator: "-").map(String.init)
        guard let language = parts.first?.lowercased(), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let region = parts.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isLetter) }?.uppercased()
        var names = region.map { ["hyph_\(language)_\($0).dic"] } ?? []
        names += ["hyph_\(language)_\(language.uppercased()).dic", "hyph_\(language).dic"]
        for name in names where access(folder + "/" + name, R_OK) == 0 { return folder + "/" + name }
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var candidates: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("hyph_\(language)_") && name.hasSuffix(".dic") { candidates.append(name) }
        }
        return candidates.sorted().first.map { folder + "/" + $0 }
    }

    /// The file's bytes: a regular file of at most 8 MiB, read without following it into a
    /// FIFO or device.
    static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 8 << 20 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }

    /// The places in `word` where a hyphen may go, each the index of the character after it,
    /// ascending, leaving at least `before` characters before and `after` after (and at least
    /// the file's own minimums); inside a compound, the parts keep the file's compound
    /// minimums from the joins between them. Empty for a word too short or with a character
    /// whose lower case is not one character.
    public func points(in word: UnsafeBufferPointer<UInt32>, before: Int = 2, after: Int = 3) -> [Int] {
        let before = max(before, fileMinimums.before), after = max(after, fileMinimums.after)
        let n = word.count
        guard n >= before + after, n <= 128 else { return [] }
        // The word in lower case.
        var lower = [UInt32](repeating: 0, count: n)
        for (k, c) in word.enumerated() {
            if c < 0x80 {
                lower[k] = c &- 0x41 < 26 ? c | 0x20 : c
            } else {
                guard let scalar = Unicode.Scalar(c) else { return [] }
                let mapped = scalar.properties.lowercaseMapping.unicodeScalars
                guard mapped.count == 1, let l = mapped.first else { return [] }
                lower[k] = l.value
            }
        }
        var digits = lower.withUnsafeBufferPointer { lower in
            if let compounds = file.compoundLevel {
                compoundDigits(lower, compounds: .libhyphen(compounds), opensWord: true, closesWord: true)
            } else {
                Self.digits(of: lower, by: file.wordLevel)
            }
        }
        // No hyphen next to a NOHYPHEN character (or string), wherever it is.
        for mark in file.noHyphen where mark.count <= n {
            for at in 0...(n - mark.count) where lower[at..<(at + mark.count)].elementsEqual(mark) {
                digits[at] = 0
                digits[at + mark.count] = 0
            }
        }
        return (before...(n - after)).filter { digits[$0] & 1 == 1 }
    }

    /// The digits `level` gives `word` between word marks: `digits[p]` is the one before
    /// `word[p]`, 0 at either end.
    private static func digits(of word: UnsafeBufferPointer<UInt32>, by level: PatternFile.Level) -> [UInt8] {
        let n = word.count
        var marked = [UInt32](repeating: 0x2E, count: n + 2)
        for k in 0..<n { marked[k + 1] = word[k] }
        let values = marked.withUnsafeBufferPointer { level.values(for: $0) }
        // values[k] is the digit between marked[k - 1] and marked[k]: before word[p] is values[p + 1].
        var digits = [UInt8](repeating: 0, count: n + 1)
        for p in 1..<max(n, 1) { digits[p] = values[p + 1] }
        return digits
    }

    /// The digits of a part of a compound word (the whole word at first) by libhyphen's
    /// two-level algorithm (its `hnj_hyphen_hyph_`, as Debian's 2.8.8 has it): `digits[p]`
    /// is the one before `part[p]`. `opensWord` and `closesWord` say whether the part begins
    /// or ends the word; where it does not, the file's compound minimums hold.
    private func compoundDigits(_ part: UnsafeBufferPointer<UInt32>, compounds: PatternFile.Level, opensWord: Bool,
                                closesWord: Bool) -> [UInt8] {
        let n = part.count
        var digits = Self.digits(of: part, by: compounds)
        // Each stretch up to a join (odd) or to the end, once a join was found.
        var begin = 0
        for end in 1...n where digits[end] & 1 == 1 || (begin > 0 && end == n) {
            // A part of one or two letters keeps the first level's digits; a longer one takes
            // its own, but for the one before its last letter.
            if end - begin > 2 {
                let inner = compoundDigits(UnsafeBufferPointer(rebasing: part[begin..<end]), compounds: compounds,
                                           opensWord: opensWord && begin == 0, closesWord: closesWord && end == n)
                for q in 1..<(end - begin - 1) { digits[begin + q] = inner[q] }
            }
            begin = end
        }
        guard begin == 0 else { return digits }
        // No join: the word patterns, and the compound minimums at the inner edges.
        digits = Self.digits(of: part, by: file.wordLevel)
        if !opensWord {
            for p in 1..<max(1, min(compoundMinimums?.before ?? 0, n + 1)) { digits[p] = 0 }
        }
        if !closesWord, let after = compoundMinimums?.after, after > 0 {
            for p in max(2, n - after + 1)...max(2, n) where p <= n { digits[p] = 0 }
        }
        return digits
    }

    /// `points(in:)` for a string (tests, tools).
    public func points(in word: String, before: Int = 2, after: Int = 3) -> [Int] {
        let scalars = word.unicodeScalars.map(\.value)
        return scalars.withUnsafeBufferPointer { points(in: $0, before: before, after: after) }
    }
}
