import FoundationEssentials
import Pagination
import ReaderState
import Synchronization

/// One book as the shelf shows it: what it is (`BookMetadata`), and how far the person read
/// it and when (from its reading state), or why it cannot be opened.
public struct ShelfBook: Sendable, Equatable {
    /// The book's file (or unzipped EPUB's folder): what opening it opens.
    public var path: String
    public var metadata: BookMetadata
    /// How far into the book its reading position is, 0 to 1; nil for a book never opened.
    public var progress: Double?
    /// When its reading state was last saved; nil for a book never opened.
    public var lastRead: Date?
    /// The file is gone (a book read before, moved or deleted): shown greyed, and removable.
    public var isMissing = false

    public init(path: String, metadata: BookMetadata, progress: Double? = nil, lastRead: Date? = nil, isMissing: Bool = false) {
        self.path = path
        self.metadata = metadata
        self.progress = progress
        self.lastRead = lastRead
        self.isMissing = isMissing
    }

    /// Whether the shelf can open it: its file is there and reads as a book.
    public var canOpen: Bool { !isMissing && metadata.problem == nil }

    /// The shelf's order: the books read, most recently first; then the others by title
    /// (case aside), then by path.
    public static func shelfOrder(_ a: ShelfBook, _ b: ShelfBook) -> Bool {
        switch (a.lastRead, b.lastRead) {
        case let (x?, y?) where x != y: return x > y
        case (_?, nil): return true
        case (nil, _?): return false
        default:
            let (ka, kb) = (foldedScalars(a.metadata.title), foldedScalars(b.metadata.title))
            if ka != kb { return ka.lexicographicallyPrecedes(kb) }
            return a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
        }
    }

    /// `text` folded as the reader's search folds a book (`TextFolding`: case aside, accents
    /// aside by ICU's decomposition, nonspacing marks dropped), so "tolstoi" finds "Tolstoï"
    /// and a title sorts by its letters.
    static func foldedScalars(_ text: String) -> [Unicode.Scalar] {
        folding.withLock { f in
            text.unicodeScalars.compactMap { s -> Unicode.Scalar? in
                let folded = f.fold(s.value)
                return folded == 0 ? nil : Unicode.Scalar(folded)
            }
        }
    }

    /// One folder for every shelf (its table fills as characters are met), shared by the
    /// gathering's threads under a lock.
    private static let folding = Mutex(TextFolding())

    /// Whether every word of `query` is found in the title or the author, case and accents
    /// aside: what typing on the shelf filters by.
    public func matches(_ query: String) -> Bool {
        let haystack = Self.foldedScalars(metadata.title + " " + (metadata.author ?? ""))
        for word in query.split(whereSeparator: { $0.isWhitespace }) {
            let needle = Self.foldedScalars(String(word))
            guard !needle.isEmpty else { continue }
            if !Self.contains(haystack, needle) { return false }
        }
        return true
    }

    private static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
