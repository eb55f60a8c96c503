@preconcurrency internal import Glibc
import FileWriting
import Pagination
import Synchronization

/// An EPUB's files for the pages that draw them (`BookFiles`): the archive (or folder) at
/// `path`, opened the first time a picture is wanted and kept open, read by one thread at a
/// time, each file within `ContainerLimits`' limits for one file (the whole book's budget was
/// spent when it was opened).
public final class EPUBFiles: BookFiles {
    private let path: String
    private let state = Mutex<(container: LockedContainer?, failure: EPUBError?)>((nil, nil))

    /// The files of the EPUB at `path` (a file or an unzipped folder), not opened yet.
    public init(path: String) { self.path = path }

    public func data(at path: String) throws -> [UInt8] {
        // A picture written into its document is its own bytes.
        if DataURL.isDataURL(path) {
            guard let bytes = DataURL.bytes(of: path) else { throw EPUBError.malformed("a data: URL that does not decode") }
            return bytes
        }
        let container = try open()
        return try container.data(at: path)
    }

    /// The container, opened on first use; an archive that could not be opened is not tried
    /// again.
    private func open() throws(EPUBError) -> LockedContainer {
        try state.withLock { s throws(EPUBError) in
            if let container = s.container { return container }
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
                s.container = container
                return container
            } catch {
                s.failure = error
                throw error
            }
        }
    }
}
