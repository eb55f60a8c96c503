internal import CHyphen
@preconcurrency internal import Glibc
import Synchronization

/// Where a word may take a hyphen, by Liang's patterns (the TeX patterns LibreOffice and
/// WebKit use, from Debian's `hyphen-*` packages) through libhyphen.
///
/// One dictionary per language, loaded on first use and kept for the process
/// (`patterns(for:)`). A word is looked up in lower case, converted to the dictionary's
/// encoding (UTF-8, or an 8-bit set such as Russian's KOI8-R); a word with a character the
/// dictionary's encoding cannot write, or whose lower case is not one character per
/// character, gets no points. Looking up is read-only and safe from several threads.
public final class HyphenationPatterns: @unchecked Sendable {
    /// The dictionary file (`/usr/share/hyphen/hyph_en_US.dic`).
    public let path: String
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// For an 8-bit dictionary, each scalar it can write and its byte (ASCII is itself);
    /// nil for a UTF-8 one.
    private let bytes: [UInt32: UInt8]?

    /// Where Debian's packages put the dictionaries.
    public static let folder = "/usr/share/hyphen"

    private init?(path: String) {
        guard let dictionary = pageturn_hyphen_load(path) else { return nil }
        self.path = path
        self.dictionary = dictionary
        if pageturn_hyphen_is_utf8(dictionary) != 0 {
            bytes = nil
        } else {
            guard let table = Self.byteTable(charset: String(cString: pageturn_hyphen_charset(dictionary))) else {
                pageturn_hyphen_free(dictionary)
                return nil
            }
            bytes = table
        }
    }

    deinit { pageturn_hyphen_free(dictionary) }

    /// The dictionary file and its size and modification time (a changed dictionary, new
    /// pages): part of the page cache's key.
    public var identity: String {
        var info = stat()
        guard stat(path, &info) == 0 else { return path }
        return "\(path):\(info.st_size):\(info.st_mtim.tv_sec)"
    }

    private static let loaded = Mutex<[String: HyphenationPatterns?]>([:])

    /// The patterns for `language` (its primary subtag, and its region when a file has it),
    /// or nil when no dictionary for it is installed or libhyphen cannot be loaded.
    public static func patterns(for language: ContentLanguage?) -> HyphenationPatterns? {
        guard let language, let file = dictionaryFile(for: language.tag) else { return nil }
        return loaded.withLock { known in
            if let found = known[file] { return found }
            let made = HyphenationPatterns(path: file)
            known[file] = .some(made)
            return made
        }
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

    /// The scalars an 8-bit character set writes, each with its byte (iconv's table).
    static func byteTable(charset: String) -> [UInt32: UInt8]? {
        let converter = iconv_open("UTF-32LE", charset)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var table: [UInt32: UInt8] = [:]
        for byte in UInt8(0)...UInt8(255) {
            var input = CChar(bitPattern: byte)
            var output = [UInt8](repeating: 0, count: 8)
            let converted = withUnsafeMutablePointer(to: &input) { inStart in
                output.withUnsafeMutableBytes { outBytes -> Bool in
                    var inPointer: UnsafeMutablePointer<CChar>? = inStart
                    var inLeft = 1
                    var outPointer: UnsafeMutablePointer<CChar>? = outBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                    var outLeft = 8
                    let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    if result == -1 { iconv(converter, nil, nil, nil, nil) }  // back to the initial state
                    return result != -1 && outLeft == 4
                }
            }
            guard converted else { continue }
            let scalar = UInt32(output[0]) | UInt32(output[1]) << 8 | UInt32(output[2]) << 16 | UInt32(output[3]) << 24
            if table[scalar] == nil { table[scalar] = byte }
        }
        return table.isEmpty ? nil : table
    }

    /// The places in `word` where a hyphen may go, each the index of the character after it,
    /// ascending, leaving at least `before` characters before and `after` after. Empty for a
    /// word the dictionary cannot write or that is too short.
    public func points(in word: UnsafeBufferPointer<UInt32>, before: Int = 2, after: Int = 3) -> [Int] {
        guard word.count >= before + after, word.count <= 128 else { return [] }
        var encoded: [CChar] = []
        encoded.reserveCapacity(word.count * 2)
        for c in word {
            var lower = c
            if c < 0x80 {
                if c &- 0x41 < 26 { lower = c | 0x20 }
            } else {
                guard let scalar = Unicode.Scalar(c) else { return [] }
                let mapped = scalar.properties.lowercaseMapping.unicodeScalars
                guard mapped.count == 1, let l = mapped.first else { return [] }
                lower = l.value
            }
            if let bytes {
                guard let byte = lower < 0x80 ? UInt8(lower) : bytes[lower] else { return [] }
                encoded.append(CChar(bitPattern: byte))
            } else if lower < 0x80 {
                encoded.append(CChar(bitPattern: UInt8(lower)))
            } else {
                guard let scalar = Unicode.Scalar(lower) else { return [] }
                for unit in UTF8.encode(scalar)! { encoded.append(CChar(bitPattern: unit)) }
            }
        }
        let size = encoded.count
        encoded.append(0)  // libhyphen searches the word as a C string (its `nohyphen` list)
        var hyphens = [CChar](repeating: 0, count: size + 5)
        let status = encoded.withUnsafeBufferPointer { w in
            hyphens.withUnsafeMutableBufferPointer { h in
                pageturn_hyphen_points(dictionary, w.baseAddress, Int32(size), h.baseAddress, Int32(before), Int32(after))
            }
        }
        guard status == 0 else { return [] }
        // An odd digit at character k allows a hyphen after it: the break is before k + 1.
        var result: [Int] = []
        for k in 0..<(word.count - 1) where hyphens[k] >= 0x30 && hyphens[k] <= 0x39 && (hyphens[k] - 0x30) & 1 == 1 {
            let at = k + 1
            if at >= before && word.count - at >= after { result.append(at) }
        }
        return result
    }

    /// `points(in:)` for a string (tests, tools).
    public func points(in word: String, before: Int = 2, after: Int = 3) -> [Int] {
        let scalars = word.unicodeScalars.map(\.value)
        return scalars.withUnsafeBufferPointer { points(in: $0, before: before, after: after) }
    }
}
