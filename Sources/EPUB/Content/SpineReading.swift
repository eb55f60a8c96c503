import CSS
import Dispatch
import Pagination
import PictureFiles
import Synchronization
import WorkerThreads

/// Writes a book's spine documents into one text, each document from a new page, on two
/// threads when the book is large enough: each thread takes the next document not yet taken
/// and writes it into a builder of its own (parsed, styled and walked), and the pieces are
/// joined in spine order. The book's files are read under a lock (a libzip archive is not for
/// two threads at once); each sheet is parsed once for both (`BookStyles` is shared).
struct SpineReading {
    /// One spine document written: its text and structure, where its ids start (offsets in the
    /// piece), and why it could not be read, if it could not.
    struct Piece: Sendable {
        var builder = DocumentBuilder()
        var anchors: [String: Int] = [:]
        /// Its notes out of the flow, written apart, and where each of its notes is.
        var notes = DocumentBuilder()
        var noteTexts: [String: XHTMLTextReader.NoteText] = [:]
        var failure: EPUBError?
        /// Why the document was not well-formed XML, when it was read as HTML instead.
        var malformed: String?
    }

    /// Books whose spine documents together hold fewer bytes than this are read on one thread.
    static let smallestSplitBook = 96 * 1024

    /// The pieces of `paths`, in order; pictures are shown from the files `listed` (the
    /// manifest's: EPUB 3.3 §3.5.3, a publication resource the manifest does not list is not
    /// used), a foreign one by the picture it falls back to (`fallbacks`).
    static func pieces(of paths: [String], container: EPUBContainer, styles: BookStyles, listed: Set<String>,
                       fallbacks: [String: String] = [:]) -> [Piece] {
        let shared = SharedSpine(paths: paths, container: container, styles: styles, listed: listed, fallbacks: fallbacks)
        guard paths.count > 1, shared.sizes.reduce(0, +) >= smallestSplitBook else {
            return paths.indices.map { shared.piece($0) }
        }
        let group = DispatchGroup()
        group.enter()
        WorkerThread.start {
            defer { group.leave() }
            while let k = shared.next() { shared.store(shared.piece(k), at: k) }
        }
        while let k = shared.next() { shared.store(shared.piece(k), at: k) }
        group.wait()
        return shared.results()
    }
}

/// What the two threads of `SpineReading` share: the documents to take, the book's files
/// (read under a lock) and the pieces written.
private final class SharedSpine: @unchecked Sendable {
    private let paths: [String]
    private let container: LockedContainer
    private let styles: BookStyles
    private let listed: Set<String>
    private let fallbacks: [String: String]
    private let state: Mutex<(next: Int, pieces: [SpineReading.Piece?])>
    /// Each document's stated size, and the order the threads take them in: the largest
    /// first, so that neither is left with a long one at the end while the other waits
    /// (longest processing time first).
    let sizes: [Int]
    private let order: [Int]

    init(paths: [String], container: EPUBContainer, styles: BookStyles, listed: Set<String>, fallbacks: [String: String]) {
        self.paths = paths
        self.listed = listed
        self.fallbacks = fallbacks
        let locked = LockedContainer(container)
        self.container = locked
        self.styles = styles
        state = Mutex((0, Array(repeating: nil, count: paths.count)))
        let sizes = paths.map { locked.statedSize(of: $0) }
        self.sizes = sizes
        order = paths.indices.sorted { sizes[$0] > sizes[$1] }
    }

    /// The next document no thread has taken.
    func next() -> Int? {
        state.withLock { s in
            guard s.next < order.count else { return nil }
            defer { s.next += 1 }
            return order[s.next]
        }
    }

    func store(_ piece: SpineReading.Piece, at k: Int) {
        state.withLock { $0.pieces[k] = piece }
    }

    func results() -> [SpineReading.Piece] {
        state.withLock { $0.pieces.map { $0 ?? SpineReading.Piece() } }
    }

    /// Document `k` written into a builder of its own, from a new page.
    func piece(_ k: Int) -> SpineReading.Piece {
        let path = paths[k]
        var piece = SpineReading.Piece()
        piece.builder.breakPage()
        do {
            let tree = try XMLTree(bytes: try container.data(at: path), htmlFallback: true)
            piece.malformed = tree.recoveryReason.map { $0.isEmpty ? "not well-formed" : $0 }
            if tree.root.isElement("svg") {
                // An SVG content document is a picture filling its page (EPUB 3.3 §6.2).
                let header = listed.contains(path) ? container.pictureHeader(at: path) : nil
                piece.builder.appendPicture(DocumentStructure.Picture(
                    start: 0, source: path, pixelWidth: Int32(clamping: header?.width ?? 0),
                    pixelHeight: Int32(clamping: header?.height ?? 0), fillsPage: true), style: nil)
                piece.builder.endBlock()
                return piece
            }
            var reader = XHTMLTextReader { [listed, fallbacks, container] path in
                let shown = fallbacks[path] ?? path
                return listed.contains(shown) ? container.pictureHeader(at: shown).map { (shown, $0) } : nil
            }
            reader.read(tree, path: path, styles: styles.styles(for: tree, path: path, reading: container), into: &piece.builder,
                        notes: &piece.notes)
            piece.anchors = reader.anchors
            piece.noteTexts = reader.notes
        } catch {
            piece.failure = error
            piece.builder.beginBlock(.paragraph, unindented: true)
            piece.builder.append("[\(path) could not be read: \(error.description)]")
        }
        piece.builder.endBlock()
        return piece
    }
}

/// A book's files read one at a time, whichever thread asks.
final class LockedContainer: EPUBContainer, @unchecked Sendable {
    private let inner: EPUBContainer
    private let lock = Mutex(())

    init(_ inner: EPUBContainer) { self.inner = inner }

    func data(at path: String) throws(EPUBError) -> [UInt8] {
        try lock.withLock { _ throws(EPUBError) in try inner.data(at: path) }
    }

    func contains(_ path: String) -> Bool { lock.withLock { _ in inner.contains(path) } }

    func statedSize(of path: String) -> Int { lock.withLock { _ in inner.statedSize(of: path) } }

    func prefix(at path: String, count: Int) throws(EPUBError) -> [UInt8] {
        try lock.withLock { _ throws(EPUBError) in try inner.prefix(at: path, count: count) }
    }

    /// The header of the picture at `path`, read once for the whole book (a picture shown
    /// twice is looked at once), an SVG's size only its shape (`sizedForLayout`); nil when the
    /// book lacks it or it is no picture.
    func pictureHeader(at path: String) -> PictureHeader? {
        if let known = headers.withLock({ $0[path] }) { return known }
        let header = readPictureHeader(at: path)
        headers.withLock { $0[path] = .some(header) }
        return header
    }

    private let headers = Mutex<[String: PictureHeader?]>([:])
}
