@preconcurrency import Glibc

/// Reads a whole file into memory with plain POSIX calls (one `read` for a regular
/// file, straight into the array's storage) and turns failures into
/// ``TextDecodingError``s that name the path.
enum FileReader {
    static func read(atPath path: String, limit: Int) throws(TextDecodingError) -> [UInt8] {
        // O_NONBLOCK so that opening a FIFO nobody writes to does not hang; reads are
        // made blocking again below (a FIFO without writers then just reads as empty).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 { throw error(errno, path) }
        defer { close(fd) }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }

        var info = stat()
        if fstat(fd, &info) != 0 { throw error(errno, path) }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw .isDirectory(path: path) }
        let size = Int(info.st_size)
        if size > limit { throw .fileTooLarge(path: path, size: size, limit: limit) }

        var bytes: [UInt8] = []
        if type == S_IFREG && size > 0 {
            var failure: Int32 = 0
            bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                count = 0
                while count < size {
                    let got = Glibc.read(fd, buffer.baseAddress! + count, size - count)
                    if got > 0 { count += got; continue }
                    if got == 0 { break }  // the file shrank
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
            }
            if failure != 0 { throw error(failure, path) }
            if bytes.count < size { return bytes }
        }
        // Whatever is left: files that grew, and files whose size `stat` does not know
        // (pipes, /proc), read in chunks up to the limit.
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, chunkSize) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw error(errno, path)
            }
            bytes.append(contentsOf: chunk[0..<got])
            if bytes.count > limit { throw .fileTooLarge(path: path, size: bytes.count, limit: limit) }
        }
        return bytes
    }

    /// The error for a failed system call on `path`.
    private static func error(_ code: Int32, _ path: String) -> TextDecodingError {
        switch code {
        case ENOENT, ENOTDIR: return .fileNotFound(path: path)
        case EISDIR: return .isDirectory(path: path)
        default: return .cannotRead(path: path, reason: String(cString: strerror(code)))
        }
    }
}
