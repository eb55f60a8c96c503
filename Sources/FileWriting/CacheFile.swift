#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reading a cache file that anyone may have left or planted: never through a symbolic link,
/// never blocking on a FIFO or a device, and never reading more than the file's own header
/// says it holds (a sparse file of gigabytes with a valid-looking name costs one short read,
/// not its size in memory).
public enum CacheFile {
    /// The bytes of the regular file at `path` when its first `headerSize` bytes, given to
    /// `expectedSize`, announce exactly its size (`expectedSize` answers nil for a header it
    /// does not accept); nil when the file is missing, not a regular file, or disagrees.
    public static func read(_ path: String, headerSize: Int, expectedSize: (UnsafeRawBufferPointer) -> Int?) -> [UInt8]? {
        let fd = open(path.fileSystemPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) >= headerSize else { return nil }
        let size = Int(info.st_size)
        var header = [UInt8](repeating: 0, count: headerSize)
        guard readFully(fd, into: &header, from: 0), header.withUnsafeBytes({ expectedSize($0) }) == size else { return nil }
        var bytes = header
        bytes.append(contentsOf: repeatElement(0, count: size - headerSize))
        return readFully(fd, into: &bytes, from: headerSize) ? bytes : nil
    }

    /// The bytes of the regular file at `path` when it holds at most `limit` bytes; nil when
    /// it is missing, not a regular file, or larger.
    public static func read(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path.fileSystemPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        return readFully(fd, into: &bytes, from: 0) ? bytes : nil
    }

    /// Whether `path` names a regular file (following links, as opening a font does).
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path.fileSystemPath, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Fills `bytes[start...]` from `fd`; false on an error or an early end.
    private static func readFully(_ fd: Int32, into bytes: inout [UInt8], from start: Int) -> Bool {
        var count = start
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got > 0 {
                count += got
            } else if got < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}
