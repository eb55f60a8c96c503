@preconcurrency internal import Glibc

/// An unzipped EPUB: a folder holding `mimetype` (or at least `META-INF/container.xml`).
/// Files are read through their path inside it, never through a link that leads out of it.
final class FolderContainer: EPUBContainer {
    /// The folder's real path, as the file system's bytes (a name need not be UTF-8).
    private let root: [UInt8]

    init(path: String) throws(EPUBError) {
        guard let resolved = realpath(path.fileSystemPath, nil) else { throw .missing(path) }
        root = Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
        free(resolved)
        guard contains("META-INF/container.xml") else { throw .notEPUB("a folder without META-INF/container.xml") }
    }

    /// The real path of `path` inside the book (NUL-terminated), or nil when it is not a
    /// regular file there: a link that leads out of the folder is not followed.
    private func realFile(_ path: String) -> [CChar]? {
        guard EPUBPath.isSafeEntryName(path) else { return nil }
        let joined = (root + [0x2F] + Array(path.utf8) + [0]).map { CChar(bitPattern: $0) }
        guard let resolved = realpath(joined, nil) else { return nil }
        defer { free(resolved) }
        let real = Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
        guard real.starts(with: root + [0x2F]) else { return nil }
        let cPath = (real + [0]).map { CChar(bitPattern: $0) }
        var info = stat()
        guard stat(cPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return cPath
    }

    func contains(_ path: String) -> Bool { realFile(path) != nil }

    func statedSize(of path: String) -> Int {
        guard let real = realFile(path) else { return 0 }
        var info = stat()
        return stat(real, &info) == 0 ? Int(info.st_size) : 0
    }

    func data(at path: String) throws(EPUBError) -> [UInt8] {
        guard let real = realFile(path) else { throw .missing(path) }
        let fd = open(real, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .missing(path) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw .badArchive("cannot read \(path)") }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[0..<got])
            if bytes.count > ContainerLimits.largestFile {
                throw .tooLarge("\(path) is larger than the \(ContainerLimits.largestFile >> 20) MiB limit")
            }
        }
        return bytes
    }
}
