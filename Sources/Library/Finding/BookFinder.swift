import EPUB
import FileWriting
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A file (or an unzipped EPUB's folder) in a library folder that may be a book: named
/// `.epub` or `.txt` (in any case), or a folder holding `META-INF/container.xml`. Whether it
/// really is one is read from its content later (`BookMetadata.read`), as the reader does.
public struct FoundBook: Sendable, Hashable {
    /// The path as found: the library folder's, then the names under it (a link's own name,
    /// not its target's), so that a book reached through a link keeps the name the person gave.
    public let path: String
    /// The file's size in bytes (0 for a folder) and its modification time in nanoseconds
    /// since 1970: what tells the catalog that a file changed since it was read.
    public let size: Int64
    public let modified: Int64
    /// An unzipped EPUB (a folder) rather than a file.
    public let isFolder: Bool

    public init(path: String, size: Int64, modified: Int64, isFolder: Bool = false) {
        self.path = path
        self.size = size
        self.modified = modified
        self.isFolder = isFolder
    }
}

/// Finds the books under library folders: every folder below them is walked (hidden ones,
/// whose names start with a dot, passed over, as file managers hide them), symbolic links
/// followed, each folder and file visited once however many links lead to it (by device and
/// inode), so a link back up the tree is no loop. Nothing is opened but folders; nothing is
/// written.
///
/// The walk is bounded (`limits`): a library of a hundred thousand files that are not books
/// costs one `readdir` entry each, and a tree deeper or wider than any library stops being
/// walked with a problem saying so. A folder that cannot be read is a problem, and the walk
/// goes on.
public struct BookFinder {
    /// How far a walk goes.
    public struct Limits: Sendable {
        /// Folders read, in all.
        public var folders = 100_000
        /// Directory entries looked at, in all.
        public var entries = 2_000_000
        /// Folders below a library folder.
        public var depth = 32

        public init() {}
    }

    public var limits = Limits()

    /// What a walk found: the books (in the order found) and one line for each folder that
    /// could not be read or each limit reached.
    public struct Found: Sendable {
        public var books: [FoundBook] = []
        public var problems: [String] = []
    }

    public init() {}

    /// The candidate books under `folders` (each a folder's path; a file given here is a
    /// candidate itself).
    public func find(in folders: [String]) -> Found {
        var found = Found()
        var seen = Set<FileIdentity>()
        var foldersRead = 0, entriesSeen = 0
        var stoppedForLimit = false
        // Depth first, each folder's entries in name order, so that a listing is the same each time.
        var stack: [(path: String, depth: Int)] = folders.reversed().map { ($0, 0) }
        while let (folder, depth) = stack.popLast() {
            var info = stat()
            guard stat(folder.fileSystemPath, &info) == 0 else {
                found.problems.append("cannot read the library folder \(folder): \(SystemReason.words(errno))")
                continue
            }
            guard seen.insert(FileIdentity(info)).inserted else { continue }
            if info.st_mode & S_IFMT != S_IFDIR {
                if depth == 0, let book = Self.candidate(folder, info) { found.books.append(book) }
                continue
            }
            if EPUBBook.isEPUB(path: folder) {  // an unzipped EPUB: a book, not walked into
                found.books.append(FoundBook(path: folder, size: 0, modified: Self.nanoseconds(info.st_mtim), isFolder: true))
                continue
            }
            guard foldersRead < limits.folders, entriesSeen < limits.entries else {
                stoppedForLimit = true
                continue
            }
            foldersRead += 1
            guard let names = Self.names(in: folder, found: &found) else { continue }
            entriesSeen += names.count
            var below: [String] = []
            for entry in names {
                let path = PathName.joined(folder, entry.name)
                switch entry.type {
                case UInt8(DT_DIR), UInt8(DT_LNK), UInt8(DT_UNKNOWN):
                    // A link, or a file system that does not say: what it leads to decides.
                    var target = stat()
                    guard stat(path.fileSystemPath, &target) == 0 else { continue }  // a dangling link
                    if target.st_mode & S_IFMT == S_IFDIR {
                        below.append(path)
                    } else if let book = Self.candidate(path, target), seen.insert(FileIdentity(target)).inserted {
                        found.books.append(book)
                    }
                case UInt8(DT_REG):
                    guard Self.hasBookName(entry.name) else { continue }
                    var target = stat()
                    if stat(path.fileSystemPath, &target) == 0, let book = Self.candidate(path, target),
                       seen.insert(FileIdentity(target)).inserted {
                        found.books.append(book)
                    }
                default:
                    continue
                }
            }
            if depth + 1 > limits.depth {
                if !below.isEmpty { found.problems.append("folders deeper than \(limits.depth) below a library folder were not searched: \(folder)") }
                continue
            }
            stack.append(contentsOf: below.reversed().map { ($0, depth + 1) })
        }
        if stoppedForLimit {
            found.problems.append("the library holds more than \(limits.folders) folders or \(limits.entries) files; the rest were not searched")
        }
        return found
    }

    /// Whether a file's name says it may be a book: `.epub` or `.txt`, in any case.
    public static func hasBookName(_ name: String) -> Bool {
        let lower = name.utf8.count > 4 ? name.suffix(5).lowercased() : ""
        return lower.hasSuffix(".epub") || lower.hasSuffix(".txt")
    }

    /// The book at `path` when it is a regular file with a book's name.
    private static func candidate(_ path: String, _ info: stat) -> FoundBook? {
        guard info.st_mode & S_IFMT == S_IFREG, hasBookName(PathName.lastComponent(path)) else { return nil }
        return FoundBook(path: path, size: Int64(info.st_size), modified: nanoseconds(info.st_mtim))
    }

    static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }

    /// The entries of `folder` that are not hidden, sorted by name; nil (a problem noted)
    /// when it cannot be read.
    private static func names(in folder: String, found: inout Found) -> [(name: String, type: UInt8)]? {
        guard let dir = opendir(folder.fileSystemPath) else {
            found.problems.append("cannot read the folder \(folder): \(SystemReason.words(errno))")
            return nil
        }
        defer { closedir(dir) }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                return SystemPath.string(UnsafeBufferPointer(rebasing: bytes[..<length]))
            }
            if name.hasPrefix(".") { continue }
            entries.append((name, entry.pointee.d_type))
        }
        entries.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        return entries
    }
}

/// A file's identity on the machine: its device and inode.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
