import FileWriting
import FoundationEssentials

/// Saves the lines and pages of a book for one layout, so that opening the same book with
/// the same settings again reads them instead of paginating.
///
/// A cache file is named after its key, a digest of the text and of every layout input
/// (font files and sizes, the advance table, page size, margins, preset, kinsoku, content
/// language, engine version, and ICU's version, whose dictionaries break Thai, Lao, Khmer and
/// Burmese).
/// A file is trusted only if its magic, format, key, text length and checksum match and its
/// offsets are in order, with every page but the first starting inside the text (so that
/// pages keep `PageMap`'s promise: contiguous, non-empty, covering the text); anything else
/// is ignored (and overwritten by the next `store`).
public struct PageCache: Sendable {
    /// Bumped whenever line or page breaking changes, so old caches stop matching.
    public static let engineVersion: UInt64 = 15
    static let magic: [UInt8] = Array("PTPAGES\u{0}".utf8)
    static let formatVersion: UInt32 = 3

    public let directory: URL

    /// A cache in `directory`, or in `$XDG_CACHE_HOME/pageturn` (`~/.cache/pageturn`).
    public init(directory: URL? = nil) {
        if let directory {
            self.directory = directory
        } else {
            self.directory = UserFolders.cache().appendingPathComponent("pageturn")
        }
    }

    /// The key for a text laid out with `settings` and `advances` from the font files
    /// described by `fontFingerprint`. `textDigest` is `text.digest` when the caller has it
    /// already (hashing War and Peace takes 1.5 ms).
    public static func key(text: BookText, textDigest: UInt64? = nil, settings: LayoutSettings, advances: AdvanceTable,
                           fontFingerprint: String, shaper: (any GlyphShaper)? = nil) -> UInt64 {
        var h = StableHasher()
        h.combine(engineVersion)
        h.combine(shaper?.shapingIdentity ?? 0)
        h.combine(textDigest ?? text.digest)
        h.combine(UInt64(text.scalarCount))
        // With a shaper, the table's shortcuts measure as it does: only the advances key it.
        h.combine(shaper == nil ? advances.digest : advances.advancesDigest)
        h.combine(fontFingerprint)
        for value in [settings.pageWidth, settings.pageHeight, settings.margin, settings.fontSize, settings.lineHeight,
                      settings.paragraphSpacing, settings.cjkIndent, settings.latinIndent, settings.headingSpace,
                      settings.sectionSpace, settings.measure ?? 0] {
            h.combine(UInt64(value.bitPattern))
        }
        h.combine(settings.preset.rawValue)
        h.combine(settings.kinsoku.rawValue)
        h.combine(settings.language?.tag ?? "")
        h.combine(LineBreaker.dictionaryVersion)
        h.combine(settings.hangingPunctuation ? 1 : 0)
        h.combine(settings.lineBreaking.rawValue)
        h.combine(settings.emphasizes ? "emphasis" : "plain text")
        h.combine(settings.facingPages && settings.preset == .book ? "facing pages" : "single pages")
        // Only a hyphenated layout names its dictionary (read from the disk only to lay out).
        if settings.hyphenates, let dictionary = HyphenationPatterns.identity(for: settings.language) { h.combine(dictionary) }
        return h.value
    }

    /// `key` as 16 lower-case hexadecimal digits.
    static func hex(_ key: UInt64) -> String {
        let digits = String(key, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public func fileURL(for key: UInt64) -> URL {
        directory.appendingPathComponent(Self.hex(key) + ".pages")
    }

    /// The saved pages for `key`, or nil when there are none or the file cannot be trusted.
    ///
    /// The header is read first: a file whose size is not the one its header announces for
    /// this book (at most a line per character) is not read further.
    public func load(key: UInt64, scalarCount: Int) -> PageMap? {
        let bytes = CacheFile.read(fileURL(for: key).path, headerSize: Self.headerSize) {
            Self.header($0, key: key, scalarCount: scalarCount)?.length
        }
        guard let bytes, let map = bytes.withUnsafeBytes({ Self.decode(bytes: $0, key: key, scalarCount: scalarCount) })
        else { return nil }
        CacheFolder.touch(fileURL(for: key).path)  // used: the last to be pruned
        return map
    }

    /// The most layouts kept, and the most bytes they may take together (War and Peace's
    /// layout is about 0.8 MB); past either, the least recently used go.
    public static let keptLayouts = 200
    public static let keptBytes: Int64 = 256 << 20

    /// Whether `name` is a layout file's (`fileURL(for:)`: 16 hexadecimal digits and `.pages`).
    static func isLayoutFile(_ name: String) -> Bool {
        name.utf8.count == 22 && name.hasSuffix(".pages") && name.utf8.prefix(16).allSatisfy { $0 &- 0x30 < 10 || $0 &- 0x61 < 6 }
    }

    /// Saves `map` under `key`, atomically: a temporary file, fsync, rename. Then the least
    /// recently used layouts beyond `keptLayouts` or `keptBytes` are removed, and any
    /// temporary file a killed writer left (`CacheFolder.prune`).
    public func store(_ map: PageMap, key: UInt64) throws {
        try PrivateFolder.create(directory.path)
        try AtomicFile.write(Self.encode(map, key: key), to: fileURL(for: key))
        CacheFolder.prune(directory, keepingAtMost: Self.keptLayouts, bytes: Self.keptBytes, isCacheFile: Self.isLayoutFile)
    }

    static func encode(_ map: PageMap, key: UInt64) -> Data {
        var out = BinaryWriter()
        out.reserve(44 + map.lines.count * 16 + map.pageFirstLines.count * 4)
        out.bytes(magic)
        out.u32(formatVersion)
        out.u64(key)
        out.u64(UInt64(map.scalarCount))
        out.u32(UInt32(map.lines.count))
        out.u32(UInt32(map.pageFirstLines.count))
        for line in map.lines {
            out.u32(UInt32(bitPattern: line.start))
            out.u32(UInt32(bitPattern: line.end))
            out.u32(line.width.bitPattern)
            // The flags in the low 24 bits, the rows the line takes above them.
            out.u32(line.flags.rawValue & TypesetLine.Flags.allBits | UInt32(line.rows) << 24)
        }
        for first in map.pageFirstLines { out.u32(UInt32(bitPattern: first)) }
        var h = StableHasher()
        out.withUnsafeBytes { h.combine(bytes: $0) }
        out.u64(h.value)
        return out.data
    }

    static func decode(_ data: Data, key: UInt64, scalarCount: Int) -> PageMap? {
        data.withUnsafeBytes { decode(bytes: $0, key: key, scalarCount: scalarCount) }
    }

    /// Wider than any line of any page (in pixels): a width past it marks a file as not ours.
    static let widestLine: Float = 1_048_576

    /// How many bytes the header takes: magic, format, key, text length, line and page counts.
    static let headerSize = 36

    /// The line and page counts a header announces and the file length they make, when it is
    /// this format's header for `key` and a text of `scalarCount` characters (at most a line a
    /// character and a page a line, as the checks below would find anyway); nil otherwise.
    static func header(_ bytes: UnsafeRawBufferPointer, key: UInt64, scalarCount: Int) -> (lines: Int, pages: Int, length: Int)? {
        var input = BinaryReader(bytes: bytes)
        guard input.bytes(8).elementsEqual(magic), input.u32() == formatVersion, input.u64() == key,
              input.u64() == UInt64(scalarCount), let lines = input.u32().map(Int.init), let pages = input.u32().map(Int.init),
              lines <= scalarCount + 1, pages <= lines + 1 else { return nil }
        return (lines, pages, headerSize + lines * 16 + pages * 4 + 8)
    }

    private static func decode(bytes: UnsafeRawBufferPointer, key: UInt64, scalarCount: Int) -> PageMap? {
        guard bytes.count >= headerSize + 8, let (lineCount, pageCount, length) = header(bytes, key: key, scalarCount: scalarCount),
              bytes.count == length else { return nil }
        var h = StableHasher()
        h.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)]))
        var input = BinaryReader(bytes: bytes)
        _ = input.bytes(headerSize)
        // From here on the length is known to be right: every read below is in bounds.
        var lines: [TypesetLine] = []
        lines.reserveCapacity(lineCount)
        var lastStart: Int32 = -1
        for _ in 0..<lineCount {
            let start = Int32(bitPattern: input.u32()!), end = Int32(bitPattern: input.u32()!)
            let width = Float(bitPattern: input.u32()!), flags = input.u32()!
            // A width no line has (NaN, −1e30: a crafted file) would reach the glyph atlas.
            // A picture's line takes as many rows as it is high; a line of text at most `mostRows`.
            let rows = flags >> 24, isPicture = flags & TypesetLine.Flags.picture.rawValue != 0
            guard start > lastStart, end >= start, Int(end) <= scalarCount, rows >= 1, rows <= LayoutSettings.mostRows || isPicture,
                  width.isFinite, abs(width) <= Self.widestLine else { return nil }
            lastStart = start
            lines.append(TypesetLine(start: start, end: end, width: width, flags: .init(rawValue: flags & TypesetLine.Flags.allBits),
                                     rows: UInt8(rows)))
        }
        var firsts: [Int32] = []
        firsts.reserveCapacity(pageCount)
        for _ in 0..<pageCount {
            let first = Int32(bitPattern: input.u32()!)
            guard first > (firsts.last ?? -1), Int(first) < max(lineCount, 1) else { return nil }
            // A page after the first starts inside the text: one starting at its end is empty.
            if !firsts.isEmpty && Int(lines[Int(first)].start) >= scalarCount { return nil }
            firsts.append(first)
        }
        guard input.u64() == h.value, scalarCount == 0 || pageCount > 0, firsts.first ?? 0 == 0 else { return nil }
        return PageMap(scalarCount: scalarCount, lines: lines, pageFirstLines: firsts)
    }
}

/// Little-endian writer for cache files.
public struct BinaryWriter {
    private var buffer: [UInt8] = []
    public init() {}
    public var data: Data { Data(buffer) }
    public var byteArray: [UInt8] { buffer }
    public mutating func bytes(_ b: [UInt8]) { buffer.append(contentsOf: b) }
    public mutating func raw(_ b: UnsafeRawBufferPointer) { buffer.append(contentsOf: b) }
    public mutating func u32(_ v: UInt32) { Swift.withUnsafeBytes(of: v.littleEndian) { buffer.append(contentsOf: $0) } }
    public mutating func u64(_ v: UInt64) { Swift.withUnsafeBytes(of: v.littleEndian) { buffer.append(contentsOf: $0) } }
    public mutating func reserve(_ n: Int) { buffer.reserveCapacity(n) }
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R { buffer.withUnsafeBytes(body) }
}

/// Little-endian reader over bytes that answers nil past the end instead of trapping.
public struct BinaryReader {
    public let bytes: UnsafeRawBufferPointer
    public var offset = 0
    public init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
    /// The next `n` bytes (fewer at the end).
    public mutating func bytes(_ n: Int) -> UnsafeRawBufferPointer {
        let end = min(offset + n, bytes.count)
        defer { offset = end }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<end])
    }
    public mutating func u32() -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        defer { offset += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
    public mutating func u64() -> UInt64? {
        guard offset + 8 <= bytes.count else { return nil }
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
