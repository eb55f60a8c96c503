@preconcurrency internal import Glibc
import FileWriting
import Pagination
import Synchronization

/// An EPUB's files for the pages that draw them (`BookFiles`): the archive (or folder) at
/// `path`, opened the first time a picture is wanted and kept open, read by one thread at a
/// time, each file within `ContainerLimits` as when the book was opened.
public final class EPUBFiles: BookFiles {
    private let path: String
    private let state = Mutex<(container: LockedContainer?, failure: EPUBError?)>((nil, nil))

    /// The files of the EPUB at `path` (a file or an unzipped folder), not opened yet.
    public init(path: String) { self.path = path }

    public func data(at path: String) throws -> [UInt8] {
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
                let inner: EPUBContainer = isFolder ? try FolderContainer(path: path) : try ZipContainer(path: path)
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
