@preconcurrency internal import Glibc
import CSS
import FileWriting
import Pagination

/// An EPUB opened for reading: its metadata, and its spine's documents written into one text
/// and `DocumentStructure` (each document starting a page), with the contents and page list
/// pointing into it. The text is laid out by `Pagination` as a TXT book's is.
///
/// A position in it is a scalar offset of the whole text, which `document(at:)` turns into a
/// spine document and an offset inside it.
public struct EPUBBook: Sendable {
    public let metadata: EPUBMetadata
    public let text: BookText
    public let structure: DocumentStructure
    /// The spine's documents in the order they are laid out: the linear ones in reading order,
    /// then those reached by links only (`linear="no"`).
    public let documents: [Document]
    /// The table of contents, each entry with the offset it leads to.
    public let contents: [ContentsEntry]
    /// The print edition's pages (`page-list`), each with its offset.
    public let pageList: [ContentsEntry]
    /// Spine documents that could not be read, each shown as a line saying so.
    public let unreadableDocuments: [String]
    /// Spine documents that were not well-formed XML, shown as a parser recovered them (the
    /// HTML parser's reading, as readers do), each as `path: the XML parser's first error`.
    public let malformedDocuments: [String]
    /// ZIP entries passed over for a name that could reach outside the book.
    public let unsafeEntryNames: Int
    /// Where each link inside the book leads (`path#fragment` or `path` → offset: the anchor,
    /// else its document's start). Links out of the book, and to what the book lacks, are not
    /// here.
    public let linkTargets: [String: Int]
    /// The book's notes (`BookNotes`), for the pop-up a reference to one opens.
    public internal(set) var notes = BookNotes()

    /// A spine document: its path inside the book and where its text starts.
    public struct Document: Sendable, Equatable {
        public let path: String
        public let offset: Int
        public let linear: Bool
    }

    /// An entry of the contents or the page list.
    public struct ContentsEntry: Sendable, Equatable {
        public let title: String
        public let level: Int
        /// The link it follows (`path#fragment`), or "" for a heading without one.
        public let href: String
        /// The offset it leads to, or nil when its target is not in the book.
        public let offset: Int?
    }

    /// Whether the file or folder at `path` is an EPUB by its content: a ZIP (whose local
    /// header signature `PK\3\4` opens it; `open` then checks its `mimetype`), or a folder
    /// holding `META-INF/container.xml`.
    public static func isEPUB(path: String) -> Bool {
        var info = stat()
        guard stat(path.fileSystemPath, &info) == 0 else { return false }
        if info.st_mode & S_IFMT == S_IFDIR {
            return access((path + "/META-INF/container.xml").fileSystemPath, R_OK) == 0
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return false }
        let fd = Glibc.open(path.fileSystemPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        var magic = [UInt8](repeating: 0, count: 4)
        let got = magic.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 4) }
        return got == 4 && magic == [0x50, 0x4B, 0x03, 0x04]
    }

    /// Opens the EPUB at `path` (a file or an unzipped folder): from `cache` when it keeps this
    /// very file (not a folder's), else read and written, and kept there.
    public static func open(path: String, cache: EPUBCache?) throws(EPUBError) -> EPUBBook {
        guard let cache, let key = EPUBCache.key(ofFile: path) else { return try open(path: path) }
        if let kept = cache.load(key: key) { return kept }
        let book = try open(path: path)
        try? cache.store(book, key: key)  // a cache that cannot be written is no reason to refuse the book
        return book
    }

    /// The metadata of the EPUB at `path` (a file or an unzipped folder): its container and
    /// package document only, none of its spine read — what a list of books shows (title,
    /// creators, language, cover), in a few milliseconds for a book of any length.
    public static func metadata(path: String) throws(EPUBError) -> EPUBMetadata {
        let container = try container(at: path)
        return try PackageDocument(path: try PackageDocument.rootfilePath(in: container), container: container).metadata
    }

    /// The container of the EPUB at `path`: a folder's files, or a ZIP's entries.
    private static func container(at path: String) throws(EPUBError) -> EPUBContainer {
        var info = stat()
        let isFolder = stat(path.fileSystemPath, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        return isFolder ? try FolderContainer(path: path) : try ZipContainer(path: path)
    }

    /// Opens the EPUB at `path` (a file or an unzipped folder) and writes its text.
    public static func open(path: String) throws(EPUBError) -> EPUBBook {
        try read(try container(at: path))
    }

    /// Opens an EPUB held in memory: the bytes of its ZIP.
    public static func open(zipBytes: [UInt8]) throws(EPUBError) -> EPUBBook {
        try read(try ZipContainer(bytes: zipBytes))
    }

    /// Opens an EPUB given as its files by path (`mimetype` is not looked for).
    public static func open(files: [String: [UInt8]]) throws(EPUBError) -> EPUBBook {
        try read(MemoryContainer(files: files))
    }

    private static func read(_ container: EPUBContainer) throws(EPUBError) -> EPUBBook {
        let package = try PackageDocument(path: try PackageDocument.rootfilePath(in: container), container: container)
        let navigation = Navigation(package: package, container: container)

        var builder = DocumentBuilder()
        var documents: [Document] = []
        var unreadable: [String] = []
        var malformed: [String] = []
        var said = Set<String>()
        var anchors: [String: Int] = [:]
        let ordered = package.spine.filter(\.linear) + package.spine.filter { !$0.linear }
        // A document the spine lists again is shown again (EPUB 3.3 §3.4.12 lets an itemref
        // repeat an item; links and anchors lead to its first showing), at most
        // `mostRepeats` times: a crafted spine of one document a million times is not a
        // million copies.
        var seen: [String: Int] = [:]
        let items = ordered.filter { item in
            seen[item.item.path, default: 0] += 1
            return seen[item.item.path]! <= Self.mostRepeats
        }
        // Each document is read once, however often the spine shows it.
        var paths: [String] = []
        for item in items where !paths.contains(item.item.path) { paths.append(item.item.path) }
        let read = SpineReading.pieces(of: paths, container: container, styles: BookStyles(media: MediaContext()),
                                       listed: Set(package.manifest.values.map(\.path)), fallbacks: package.pictureFallbacks)
        let byPath = Dictionary(zip(paths, read), uniquingKeysWith: { a, _ in a })
        var pieces = items.map { byPath[$0.item.path] ?? SpineReading.Piece() }
        if let cover = package.metadata.coverPath, let first = pieces.indices.first, items[first].linear {
            // The cover opens the book: where the first document shows it, it fills that page;
            // else it is a page of its own before it.
            // (EPUB 2's `<meta name="cover">` sometimes names the cover's document, not its
            // picture: a page is added only for a picture whose header reads.)
            if !pieces[first].builder.letPicturesFillPage(source: cover),
               let size = container.readPictureHeader(at: cover) {
                builder.beginPart(cover)
                builder.appendPicture(DocumentStructure.Picture(
                    start: 0, source: cover, pixelWidth: Int32(clamping: size.width), pixelHeight: Int32(clamping: size.height),
                    fillsPage: true, alternative: "Cover"), style: nil)
            }
        }
        var noteBuilder = DocumentBuilder()
        var notes: [String: BookNotes.Note] = [:]
        for (item, piece) in zip(items, pieces) {
            let offset = builder.scalarCount
            documents.append(Document(path: item.item.path, offset: offset, linear: item.linear))
            builder.beginPart(item.item.path)
            builder.append(piece.builder)
            for (anchor, at) in piece.anchors where anchors[anchor] == nil { anchors[anchor] = offset + at }
            if !said.contains(item.item.path) && !piece.noteTexts.isEmpty {
                let noteOffset = noteBuilder.scalarCount
                noteBuilder.append(piece.notes)
                for (key, note) in piece.noteTexts where notes[key] == nil {
                    let shift = note.inFlow ? offset : noteOffset
                    notes[key] = BookNotes.Note(range: note.range.lowerBound + shift..<note.range.upperBound + shift, inFlow: note.inFlow)
                }
            }
            // A document shown again is said once.
            if said.insert(item.item.path).inserted {
                if piece.failure != nil { unreadable.append(item.item.path) }
                if let why = piece.malformed { malformed.append("\(item.item.path): \(why)") }
            }
        }
        let (text, structure) = builder.finish()
        let starts = Dictionary(documents.map { ($0.path, $0.offset) }, uniquingKeysWith: { a, _ in a })
        func entry(_ e: Navigation.Entry) -> ContentsEntry {
            guard let target = e.target else { return ContentsEntry(title: e.title, level: e.level, href: "", offset: nil) }
            let href = target.path + (target.fragment.map { "#\($0)" } ?? "")
            let offset = target.fragment.flatMap { anchors["\(target.path)#\($0)"] } ?? starts[target.path]
            return ContentsEntry(title: e.title, level: e.level, href: href, offset: offset.map { min($0, text.scalarCount) })
        }
        var targets: [String: Int] = [:]
        for link in structure.links where targets[link.href] == nil && !EPUBPath.isExternal(link.href) {
            let parts = link.href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let offset = parts.count > 1 ? anchors[link.href] ?? starts[String(parts[0])] : starts[link.href]
            if let offset { targets[link.href] = min(offset, text.scalarCount) }
        }
        var book = EPUBBook(
            metadata: package.metadata, text: text, structure: structure, documents: documents,
            contents: navigation.contents.map(entry), pageList: navigation.pageList.map(entry),
            unreadableDocuments: unreadable, malformedDocuments: malformed, unsafeEntryNames: (container as? ZipContainer)?.unsafeNames ?? 0,
            linkTargets: targets)
        let (noteText, noteStructure) = noteBuilder.finish()
        // The notes are set in the book's fonts: their typefaces numbered as the book's.
        book.notes = BookNotes(notes: notes.filter { $0.value.range.upperBound <= ($0.value.inFlow ? text.scalarCount : noteText.scalarCount) },
                               text: noteText, structure: noteStructure.numberingTypefaces(as: structure.typefaces))
        return book
    }

    /// The most times one document is shown when the spine lists it again and again.
    static let mostRepeats = 8

    /// The spine document holding `offset`, and the offset inside it.
    public func document(at offset: Int) -> (document: Document, offset: Int)? {
        guard let last = documents.lastIndex(where: { $0.offset <= offset }) ?? documents.indices.first else { return nil }
        return (documents[last], max(0, offset - documents[last].offset))
    }
}
