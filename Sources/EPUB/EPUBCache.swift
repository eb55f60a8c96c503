@preconcurrency internal import Glibc
import FileWriting
import FoundationEssentials
import Pagination

/// Opened EPUBs kept on disk, as the page cache keeps layouts: a book's text, structure,
/// metadata, spine, contents and links, so that opening it again costs a file read instead
/// of parsing and styling every document. A file is named by a digest of the EPUB's bytes
/// and this format (`formatVersion`: bump it when the reader writes books otherwise), written
/// atomically and privately, and trusted only if its magic, key, length and checksum match
/// and everything in it holds for its text (`DocumentStructure.unarchive`). At most
/// `keptBooks` files, `keptBytes` together; the least recently used go.
public struct EPUBCache: Sendable {
    public let directory: URL
    static let magic: [UInt8] = Array("PTEPUB\u{0}\u{0}".utf8)
    /// The version of the reader's output: a book written by another reader is read again.
    static let formatVersion: UInt32 = 13
    public static let keptBooks = 64
    public static let keptBytes: Int64 = 256 << 20

    /// The cache in `directory`, or `$XDG_CACHE_HOME/pageturn/books`.
    public init(directory: URL? = nil) {
        self.directory = directory ?? UserFolders.cache().appendingPathComponent("pageturn/books")
    }

    /// The key of the EPUB file at `path`: a digest of its bytes (whole, for a book of up to
    /// `wholeFileLimit`; past it, its size, its first 64 KiB and its last MiB, which hold the
    /// `mimetype` entry and the ZIP's central directory, where every entry's CRC-32 and sizes
    /// are: any change to a file of the book changes it), with this format's version; nil when
    /// it cannot be read.
    public static func key(ofFile path: String) -> UInt64? {
        var info = stat()
        guard stat(path.fileSystemPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        let fd = Glibc.open(path.fileSystemPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        let pieces = size <= wholeFileLimit ? [0..<size] : [0..<(64 << 10), (size - (1 << 20))..<size]
        var h = StableHasher()
        h.combine(UInt64(formatVersion))
        h.combine(UInt64(size))
        for piece in pieces {
            var bytes = [UInt8](repeating: 0, count: piece.count)
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, piece.count, off_t(piece.lowerBound)) }
            guard got == piece.count else { return nil }
            bytes.withUnsafeBytes { h.combine(bytes: $0) }
        }
        return h.value
    }

    /// Books up to this size are hashed whole for their key (32 MiB: about 6 ms).
    static let wholeFileLimit = 32 << 20

    func fileURL(_ key: UInt64) -> URL {
        let digits = String(key, radix: 16)
        return directory.appendingPathComponent(String(repeating: "0", count: 16 - digits.count) + digits + ".book")
    }

    static func isBookFile(_ name: String) -> Bool {
        name.utf8.count == 21 && name.hasSuffix(".book") && name.utf8.prefix(16).allSatisfy { $0 &- 0x30 < 10 || $0 &- 0x61 < 6 }
    }

    /// The book kept under `key`, or nil.
    public func load(key: UInt64) -> EPUBBook? {
        let path = fileURL(key).path
        guard let bytes = CacheFile.read(path, limit: Int(Self.keptBytes)),
              let book = bytes.withUnsafeBytes({ Self.decode($0, key: key) }) else { return nil }
        CacheFolder.touch(path)
        return book
    }

    /// Keeps `book` under `key` (a failure to write is no failure to read: the caller goes on).
    public func store(_ book: EPUBBook, key: UInt64) throws {
        try PrivateFolder.create(directory.path)
        try AtomicFile.write(Self.encode(book, key: key), to: fileURL(key))
        CacheFolder.prune(directory, keepingAtMost: Self.keptBooks, bytes: Self.keptBytes, isCacheFile: Self.isBookFile)
    }

    static func encode(_ book: EPUBBook, key: UInt64) -> Data {
        var out = BinaryWriter()
        out.reserve(book.text.utf8.count + 64 * book.structure.blocks.count + 4096)
        out.bytes(magic)
        out.u32(formatVersion)
        out.u64(key)
        out.u32(UInt32(book.text.utf8.count))
        book.text.utf8.withUnsafeBytes { out.raw($0) }
        book.structure.archive(into: &out)
        let m = book.metadata
        for value in [m.title, m.language, m.pageProgression, m.direction, m.coverPath, m.titleDirection, m.creatorDirection] {
            out.optional(value)
        }
        out.strings(m.creators)
        out.strings(m.identifiers)
        out.u32(UInt32(book.documents.count))
        for document in book.documents {
            out.string(document.path)
            out.u32(UInt32(document.offset))
            out.u32(document.linear ? 1 : 0)
        }
        for entries in [book.contents, book.pageList] {
            out.u32(UInt32(entries.count))
            for entry in entries {
                out.string(entry.title)
                out.u32(UInt32(entry.level))
                out.string(entry.href)
                out.u32(entry.offset.map { UInt32($0) + 1 } ?? 0)
            }
        }
        out.strings(book.unreadableDocuments)
        out.strings(book.malformedDocuments)
        out.u32(UInt32(book.unsafeEntryNames))
        out.u32(UInt32(book.linkTargets.count))
        for (href, offset) in book.linkTargets.sorted(by: { $0.key < $1.key }) {
            out.string(href)
            out.u32(UInt32(offset))
        }
        book.notes.archive(into: &out)
        var h = StableHasher()
        out.withUnsafeBytes { h.combine(bytes: $0) }
        out.u64(h.value)
        return out.data
    }

    /// A cache file's bytes as `store` writes them (tests and the fuzz harness).
    public static func fileBytes(of book: EPUBBook, key: UInt64) -> [UInt8] { [UInt8](encode(book, key: key)) }

    /// The book in a cache file's `bytes`, or nil when they are not a sound file for `key`.
    public static func book(fromFileBytes bytes: [UInt8], key: UInt64) -> EPUBBook? {
        bytes.withUnsafeBytes { decode($0, key: key) }
    }

    /// The book in `bytes`, or nil when they are not a sound file of this format for `key`.
    static func decode(_ bytes: UnsafeRawBufferPointer, key: UInt64) -> EPUBBook? {
        guard bytes.count >= 32 else { return nil }
        var h = StableHasher()
        h.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)]))
        var input = BinaryReader(bytes: UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)]))
        var tail = BinaryReader(bytes: UnsafeRawBufferPointer(rebasing: bytes[(bytes.count - 8)...]))
        guard tail.u64() == h.value, input.bytes(8).elementsEqual(magic), input.u32() == formatVersion, input.u64() == key,
              let length = input.count(atMost: bytes.count), input.offset + length <= input.bytes.count else { return nil }
        let utf8 = Array(input.bytes(length))
        // Text the typesetter reads without checks: valid UTF-8, no CR.
        guard String(validating: utf8, as: UTF8.self) != nil, !utf8.contains(0x0D) else { return nil }
        let text = BookText(normalizedUTF8: utf8)
        let scalars = text.scalarCount
        guard let structure = DocumentStructure.unarchive(from: &input, text: text) else { return nil }
        var optionals: [String?] = []
        for _ in 0..<7 {
            guard let value = input.optional() else { return nil }
            optionals.append(value)
        }
        guard let creators = input.strings(), let identifiers = input.strings() else { return nil }
        var metadata = EPUBMetadata(title: optionals[0], creators: creators, language: optionals[1], identifiers: identifiers,
                                    pageProgression: optionals[2], direction: optionals[3], coverPath: optionals[4])
        metadata.titleDirection = optionals[5]
        metadata.creatorDirection = optionals[6]
        guard let documentCount = input.count(atMost: 1 << 16) else { return nil }
        var documents: [EPUBBook.Document] = []
        for _ in 0..<documentCount {
            guard let path = input.string(), let offset = input.count(atMost: scalars), let linear = input.u32(), linear <= 1
            else { return nil }
            documents.append(EPUBBook.Document(path: path, offset: offset, linear: linear == 1))
        }
        var lists: [[EPUBBook.ContentsEntry]] = []
        for _ in 0..<2 {
            guard let count = input.count(atMost: 1 << 20) else { return nil }
            var entries: [EPUBBook.ContentsEntry] = []
            for _ in 0..<count {
                guard let title = input.string(), let level = input.count(atMost: 64), let href = input.string(),
                      let offset = input.count(atMost: scalars + 1) else { return nil }
                entries.append(EPUBBook.ContentsEntry(title: title, level: level, href: href, offset: offset == 0 ? nil : offset - 1))
            }
            lists.append(entries)
        }
        guard let unreadable = input.strings(), let malformed = input.strings(), let unsafe = input.u32(), let targetCount = input.count(atMost: 1 << 20)
        else { return nil }
        var targets: [String: Int] = [:]
        for _ in 0..<targetCount {
            guard let href = input.string(), let offset = input.count(atMost: scalars) else { return nil }
            targets[href] = offset
        }
        guard let notes = BookNotes.unarchive(from: &input, scalarCount: scalars), input.offset == input.bytes.count else { return nil }
        var book = EPUBBook(metadata: metadata, text: text, structure: structure, documents: documents, contents: lists[0],
                            pageList: lists[1], unreadableDocuments: unreadable, malformedDocuments: malformed,
                            unsafeEntryNames: Int(unsafe), linkTargets: targets)
        book.notes = notes
        return book
    }
}

extension BinaryWriter {
    mutating func optional(_ value: String?) {
        u32(value == nil ? 0 : 1)
        if let value { string(value) }
    }

    mutating func strings(_ values: [String]) {
        u32(UInt32(values.count))
        for value in values { string(value) }
    }
}

extension BinaryReader {
    /// An optional string: nil when the file is damaged, `.some(nil)` when none was written.
    mutating func optional() -> String?? {
        switch u32() {
        case 0?: return .some(nil)
        case 1?: return string().map { .some($0) }
        default: return nil
        }
    }

    mutating func strings() -> [String]? {
        guard let count = count(atMost: 1 << 16) else { return nil }
        var values: [String] = []
        for _ in 0..<count {
            guard let value = string() else { return nil }
            values.append(value)
        }
        return values
    }
}
