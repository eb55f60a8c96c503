import EPUB
import FileWriting
import FoundationEssentials
import ReaderState
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What a shelf shows, gathered: the books read before (their reading states, `StateStore`),
/// and the books found in the library folders (`BookFinder`), each described by the catalog
/// (`LibraryCatalog`, read again only for a file new or changed), in the shelf's order
/// (`ShelfBook.shelfOrder`). A book is shown once, however it was found; one removed from the
/// history (`ShelfSettings.removed`) not at all. With nothing to show, the bundled sample is
/// shown, so that a first start has something to read.
///
/// Nothing here fails: a folder, a book or a state that cannot be read is one line of
/// `problems`, and the rest is shown.
public struct ShelfListing: Sendable {
    public var books: [ShelfBook] = []
    public var problems: [String] = []
    /// The library folders searched.
    public var folders: [String] = []

    /// Where a listing looks and keeps what it learns.
    public struct Places: Sendable {
        /// The library folders; nil: the saved ones (`--library` before), else the defaults
        /// (`LibraryFolders.defaults`).
        public var folders: [String]?
        /// The reading states' folder (`StateStore`'s default when nil), where `shelf.json` is too.
        public var stateDirectory: URL?
        /// The cache folder of the catalog (`$XDG_CACHE_HOME/pageturn` when nil).
        public var cacheDirectory: URL?
        /// The bundled sample book, shown when nothing else is.
        public var sample: String?
        /// Whether the books read before are shown (a scripted run keeps no reading state
        /// unless told where, and shows none either).
        public var history = true

        public init(folders: [String]? = nil, stateDirectory: URL? = nil, cacheDirectory: URL? = nil, sample: String? = nil,
                    history: Bool = true) {
            self.folders = folders
            self.stateDirectory = stateDirectory
            self.cacheDirectory = cacheDirectory
            self.sample = sample
            self.history = history
        }
    }

    public init() {}

    /// Gathers the shelf from `places`; `progress` hears how many new or changed books were
    /// read, of how many, while the catalog reads them.
    public static func gather(_ places: Places, finder: BookFinder = BookFinder(),
                              progress: (@Sendable (Int, Int) -> Void)? = nil) -> ShelfListing {
        var listing = ShelfListing()
        let store = StateStore(directory: places.stateDirectory)
        let (settings, settingsProblem) = ShelfSettings.load(from: ShelfSettings.file(in: places.stateDirectory))
        if let settingsProblem { listing.problems.append(settingsProblem) }
        listing.folders = places.folders ?? (settings.folders.isEmpty ? LibraryFolders.defaults() : settings.folders)
        let found = finder.find(in: listing.folders)
        listing.problems += found.problems
        let saved = places.history ? store.savedBooks(problems: &listing.problems) : []
        let removed = Set(settings.removed)

        // The books to describe: those found, then the files of books read that were not found
        // (read from elsewhere) and are still there.
        var candidates = found.books.filter { !removed.contains($0.path) }
        // A book is known by its real path (links resolved): the one found under a library
        // folder that is a link, and the one a state names by its target, are one book.
        var known: [String: String] = [:]  // real path → path shown
        for book in candidates { known[Self.realPath(book.path)] = book.path }
        var missing: [String: SavedBook] = [:]
        var newest: [String: SavedBook] = [:]  // by the path shown
        for book in saved {
            guard let file = book.state.file, !removed.contains(file) else { continue }
            let real = Self.realPath(file)
            if let shown = known[real] {
                if newest[shown] == nil { newest[shown] = book }
                continue
            }
            guard newest[file] == nil else { continue }
            newest[file] = book
            if let there = Self.foundFile(file) {
                candidates.append(there)
                known[real] = file
            } else {
                missing[file] = book
            }
        }
        if candidates.isEmpty && missing.isEmpty, let sample = places.sample, let there = Self.foundFile(sample) {
            candidates.append(there)
        }

        let catalogFile = LibraryCatalog.file(in: places.cacheDirectory)
        var catalog = LibraryCatalog.load(from: catalogFile)
        let reading = catalog.needsReading(candidates)
        let metadata = catalog.refresh(candidates, progress: progress)
        if reading > 0 {
            do { try catalog.save(to: catalogFile) } catch { listing.problems.append("the library's catalog was not kept: \(error)") }
        }
        for (book, described) in zip(candidates, metadata) {
            let state = newest[book.path]?.state
            listing.books.append(ShelfBook(path: book.path, metadata: described, progress: state.map { $0.progress ?? 0 },
                                           lastRead: newest[book.path]?.saved))
            if let problem = described.problem { listing.problems.append("\(book.path): \(problem)") }
        }
        for (file, book) in missing {
            let title = book.state.title ?? PathName.stem(file)
            let described = BookMetadata(format: file.lowercased().hasSuffix(".epub") ? .epub : .text, title: title,
                                         author: book.state.author, rightToLeft: BookMetadata.startsRightToLeft(title))
            listing.books.append(ShelfBook(path: file, metadata: described, progress: book.state.progress ?? 0,
                                           lastRead: book.saved, isMissing: true))
        }
        listing.books.sort(by: ShelfBook.shelfOrder)
        return listing
    }

    /// `path` with its links and `.` and `..` resolved (`realpath`); `path` itself when it is
    /// not there.
    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path.fileSystemPath, nil) else { return path }
        defer { free(resolved) }
        return SystemPath.string(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self),
                                                     count: strlen(resolved)))
    }

    /// The file or unzipped EPUB at `path` as the finder describes it; nil when it is not there.
    static func foundFile(_ path: String) -> FoundBook? {
        var info = stat()
        guard stat(path.fileSystemPath, &info) == 0 else { return nil }
        let modified = BookFinder.nanoseconds(info.st_mtim)
        switch info.st_mode & S_IFMT {
        case S_IFREG: return FoundBook(path: path, size: Int64(info.st_size), modified: modified)
        case S_IFDIR where EPUBBook.isEPUB(path: path): return FoundBook(path: path, size: 0, modified: modified, isFolder: true)
        default: return nil
        }
    }
}
