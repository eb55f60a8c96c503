import Dispatch
import FileWriting
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The metadata of every book found in the library folders, kept in the cache so that a
/// shelf of ten thousand books appears without opening one: a book is read again
/// (`BookMetadata.read`) only when its file's size or modification time changed since.
///
/// On disk (`catalog.tsv` in `$XDG_CACHE_HOME/pageturn`, a private file written atomically) it
/// is a line `pageturn-library-catalog N` (the format), then one line per book: its path,
/// size, modification time (ns), format, title, author, language, the title's and the
/// author's directions (`rtl` or `ltr`), cover path and problem, separated by tabs, each field escaped (`\\`, `\t`, `\n`, `\r`; an
/// absent one is empty). A line that does not read is passed over; a file of another format,
/// damaged or planted, is an empty catalog: the books are read again.
public struct LibraryCatalog: Sendable {
    /// One book as last read.
    public struct Entry: Sendable, Equatable {
        public var size: Int64
        public var modified: Int64
        public var metadata: BookMetadata
    }

    /// The books by path.
    public private(set) var entries: [String: Entry] = [:]

    /// The format this version writes and reads.
    static let format = 2
    /// More books than this are not kept (a line is about 150 bytes: 30 MB).
    public static let mostEntries = 200_000
    static let largestFile = 64 << 20

    public init() {}

    /// The catalog's file in the cache folder `folder` (`$XDG_CACHE_HOME/pageturn` by default).
    public static func file(in folder: URL? = nil) -> URL {
        (folder ?? UserFolders.cache().appendingPathComponent("pageturn")).appendingPathComponent("catalog.tsv")
    }

    /// The catalog kept at `url`; an empty one when there is none or it cannot be trusted.
    public static func load(from url: URL) -> LibraryCatalog {
        var catalog = LibraryCatalog()
        guard let bytes = CacheFile.read(url.path, limit: largestFile) else { return catalog }
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == "pageturn-library-catalog \(format)" else { return catalog }
        for line in lines.prefix(mostEntries) {
            if let (path, entry) = Self.entry(line) { catalog.entries[path] = entry }
        }
        return catalog
    }

    /// Writes the catalog to `url` (its folder made private when missing).
    public func save(to url: URL) throws {
        try PrivateFolder.create(url.deletingLastPathComponent().path)
        var out = "pageturn-library-catalog \(Self.format)\n"
        for (path, e) in entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            let m = e.metadata
            let fields = [path, String(e.size), String(e.modified), m.format.rawValue, m.title, m.author ?? "",
                          m.language ?? "", m.rightToLeft ? "rtl" : "ltr", m.authorRightToLeft ? "rtl" : "ltr", m.coverPath ?? "",
                          m.problem ?? ""]
            out += fields.map(Self.escaped).joined(separator: "\t") + "\n"
        }
        try AtomicFile.write(Data(out.utf8), to: url)
    }

    /// The metadata of each of `found`, in its order: kept where the file is as it was, read
    /// again (on every core) where it is new or changed; the catalog then holds these books
    /// and those of other shelves whose files are still there. `progress` is told how many were read so far, out of how many (from the threads
    /// that read them, one call at a time).
    public mutating func refresh(_ found: [FoundBook], read: @Sendable (String) -> BookMetadata = BookMetadata.read,
                                 progress: (@Sendable (Int, Int) -> Void)? = nil) -> [BookMetadata] {
        let kept = found.map { book -> BookMetadata? in
            guard let e = entries[book.path], e.size == book.size, e.modified == book.modified else { return nil }
            return e.metadata
        }
        let missing = kept.indices.filter { kept[$0] == nil }
        let results = Mutex([Int: BookMetadata]())
        DispatchQueue.concurrentPerform(iterations: missing.count) { k in
            let metadata = read(found[missing[k]].path)
            results.withLock { all in
                all[missing[k]] = metadata
                // Counted and told under the lock: the counts arrive in order.
                progress?(all.count, missing.count)
            }
        }
        let read = results.withLock { $0 }
        var all: [BookMetadata] = []
        var next: [String: Entry] = [:]
        for (k, book) in found.enumerated() {
            guard let metadata = kept[k] ?? read[k] else { continue }
            all.append(metadata)
            if next.count < Self.mostEntries { next[book.path] = Entry(size: book.size, modified: book.modified, metadata: metadata) }
        }
        // The books of other shelves (a `shelf --library` of another folder, a script's) stay
        // while their files do: the main library is not read again after a one-off run.
        for (path, entry) in entries where next[path] == nil && next.count < Self.mostEntries && Self.exists(path) {
            next[path] = entry
        }
        entries = next
        return all
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path.fileSystemPath, &info) == 0
    }

    /// Whether `refresh` would read any of `found` again.
    public func needsReading(_ found: [FoundBook]) -> Int {
        found.count { book in entries[book.path].map { $0.size != book.size || $0.modified != book.modified } ?? true }
    }

    // MARK: - Lines

    private static func entry(_ line: Substring) -> (String, Entry)? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(unescaped)
        let directions: Set<String> = ["rtl", "ltr"]
        guard fields.count == 11, !fields[0].isEmpty, let size = Int64(fields[1]), let modified = Int64(fields[2]),
              let format = BookMetadata.Format(rawValue: fields[3]), !fields[4].isEmpty,
              directions.contains(fields[7]), directions.contains(fields[8]) else { return nil }
        func optional(_ s: String) -> String? { s.isEmpty ? nil : s }
        let metadata = BookMetadata(format: format, title: fields[4], author: optional(fields[5]), language: optional(fields[6]),
                                    rightToLeft: fields[7] == "rtl", authorRightToLeft: fields[8] == "rtl",
                                    coverPath: optional(fields[9]), problem: optional(fields[10]))
        return (fields[0], Entry(size: size, modified: modified, metadata: metadata))
    }

    static func escaped(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return s }
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func unescaped(_ s: Substring) -> String {
        guard s.utf8.contains(0x5C) else { return String(s) }
        var out = ""
        var escaping = false
        for c in s.unicodeScalars {
            if escaping {
                switch c {
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.unicodeScalars.append(c)
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
