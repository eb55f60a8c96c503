@preconcurrency internal import Glibc
import FileWriting
import Pagination
import Synchronization

/// An EPUB's files for the pages that draw them and the fonts that set them (`BookFiles`):
/// the archive (or folder) at `path`, opened the first time a file is wanted and kept open,
/// read by one thread at a time, each file within `ContainerLimits`' limits for one file (the
/// whole book's budget was spent when it was opened); an obfuscated font given as the font
/// (`FontObfuscation`).
public final class EPUBFiles: BookFiles {
    private let path: String
    private let identifiers: [String]
    private let state = Mutex<(container: LockedContainer?, obfuscation: FontObfuscation?, failure: EPUBError?)>((nil, nil, nil))

    /// The files of the EPUB at `path` (a file or an unzipped folder), not opened yet, whose
    /// `dc:identifier`s are `identifiers` (the unique one first: `EPUBMetadata.identifiers`),
    /// the keys of its obfuscated fonts.
    public init(path: String, identifiers: [String] = []) {
        self.path = path
        self.identifiers = identifiers
    }

    /// The name a file of the book goes by in messages and in `layout --json`: the book's
    /// path, then the file's inside it (`book.epub/EPUB/fonts/a.otf`).
    public func displayName(of file: String) -> String { path + "/" + file }

    public func data(at path: String) throws -> [UInt8] {
        // A picture written into its document is its own bytes.
        if DataURL.isDataURL(path) {
            guard let bytes = DataURL.bytes(of: path) else { throw EPUBError.malformed("a data: URL that does not decode") }
            return bytes
        }
        let (container, obfuscation) = try open()
        return try obfuscation.reveal(try container.data(at: path), at: path)
    }

    /// The container, opened on first use; an archive that could not be opened is not tried
    /// again.
    private func open() throws(EPUBError) -> (LockedContainer, FontObfuscation) {
        try state.withLock { s throws(EPUBError) in
            if let container = s.container, let obfuscation = s.obfuscation { return (container, obfuscation) }
            if let failure = s.failure { throw failure }
            do throws(EPUBError) {
                var info = stat()
                let isFolder = stat(path.fileSystemPath, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
                let inner: EPUBContainer
                if isFolder {
                    inner = try FolderContainer(path: path)
                } else {
                    // The book's budget was spent opening it; a page reads a picture again at
                    // each new size, within each file's own limits.
                    let zip = try ZipContainer(path: path)
                    zip.limitsEachFileOnly = true
                    inner = zip
                }
                let container = LockedContainer(inner)
                let encryption = container.contains("META-INF/encryption.xml") ? try? container.data(at: "META-INF/encryption.xml") : nil
                let obfuscation = FontObfuscation(encryptionXML: encryption, identifiers: identifiers)
                s.container = container
                s.obfuscation = obfuscation
                return (container, obfuscation)
            } catch {
                s.failure = error
                throw error
            }
        }
    }
}
