@preconcurrency internal import Glibc
import Synchronization

/// Where a word may take a hyphen, by Liang's patterns (TeX's, as Debian's `hyphen-*`
/// packages ship them for libhyphen: `/usr/share/hyphen/hyph_*.dic`).
///
/// Written here rather than called through libhyphen, which reads the same files: libhyphen
/// builds a state machine when it loads a dictionary, 10.6 ms for English and 2.5 s for
/// German on this machine, and a book's first page waits for it. Liang's algorithm over a
/// hash table of the patterns loads English in 0.6 ms, and gives the same points (tested
/// against libhyphen on English, Greek, French, Spanish and Italian words). A file with two
/// levels of patterns (German's: compound joins, then `NEXTLEVEL` and patterns for each part)
/// is not read yet, so German is not hyphenated; a non-standard pattern (one that changes
/// letters, `ck` → `k-k`) is left out.
///
/// One dictionary per file, loaded on first use and kept for the process
/// (`patterns(for:)`); looking up is read-only and safe from several threads.
public final class HyphenationPatterns: Sendable {
    /// The dictionary file (`/usr/share/hyphen/hyph_en_US.dic`).
    public let path: String
    /// The fewest letters the file allows before and after a hyphen (`LEFTHYPHENMIN`,
    /// `RIGHTHYPHENMIN`; 2 each when it does not say).
    public let fileMinimums: (before: Int, after: Int)
    private let table: PatternTable

    /// Where Debian's packages put the dictionaries.
    public static let folder = "/usr/share/hyphen"

    init?(path: String) {
        guard let bytes = Self.contents(of: path), let parsed = PatternTable.parse(bytes) else { return nil }
        self.path = path
        table = parsed.table
        fileMinimums = parsed.minimums
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
    /// the file's own minimums). Empty for a word too short or with a character whose lower
    /// case is not one character.
    public func points(in word: UnsafeBufferPointer<UInt32>, before: Int = 2, after: Int = 3) -> [Int] {
        let before = max(before, fileMinimums.before), after = max(after, fileMinimums.after)
        let n = word.count
        guard n >= before + after, n <= 128 else { return [] }
        // The word in lower case between two word marks ('.').
        var s = [UInt32](repeating: 0x2E, count: n + 2)
        for (k, c) in word.enumerated() {
            if c < 0x80 {
                s[k + 1] = c &- 0x41 < 26 ? c | 0x20 : c
            } else {
                guard let scalar = Unicode.Scalar(c) else { return [] }
                let lower = scalar.properties.lowercaseMapping.unicodeScalars
                guard lower.count == 1, let l = lower.first else { return [] }
                s[k + 1] = l.value
            }
        }
        let values = s.withUnsafeBufferPointer { table.values(for: $0) }
        // values[k] is the digit between s[k - 1] and s[k]: a break before word[p] is values[p + 1].
        return (before...(n - after)).filter { values[$0 + 1] & 1 == 1 }
    }

    /// `points(in:)` for a string (tests, tools).
    public func points(in word: String, before: Int = 2, after: Int = 3) -> [Int] {
        let scalars = word.unicodeScalars.map(\.value)
        return scalars.withUnsafeBufferPointer { points(in: $0, before: before, after: after) }
    }
}
