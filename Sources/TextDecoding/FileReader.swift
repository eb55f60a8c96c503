import FileWriting
@preconcurrency import Glibc

/// Reads a whole file into memory with plain POSIX calls (one `read` for a regular
/// file, straight into the array's storage) and turns failures into
/// ``TextDecodingError``s that name the path.
///
/// Special files are read as streams, as `cat` reads them: a FIFO waits for its writer and
/// is read until the writer closes it; a device (`/dev/zero`), a socket or a file whose size
/// the system does not know (`/proc`) is read in chunks, and reading stops one byte past
/// `limit`, so an endless one costs at most the limit in memory before the refusal, which
/// says what the file is. A stream whose first 8 KiB are plainly not text (`/dev/zero`,
/// `/dev/urandom`: a NUL code unit, by the decoder's own rule) is refused as soon as they are
/// read.
enum FileReader {
    /// The file's bytes. `codeUnitWidth` is the encoding's when the caller forces one (2 for
    /// UTF-16, whose text holds zero bytes), nil to go by a BOM or UTF-16's zero bytes.
    static func read(atPath path: String, limit: Int, codeUnitWidth: Int? = nil) throws(TextDecodingError) -> [UInt8] {
        let fd = open(path.fileSystemPath, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw error(errno, path) }
        defer { close(fd) }

        var info = stat()
        if fstat(fd, &info) != 0 { throw error(errno, path) }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw .isDirectory(path: path) }
        let size = Int(info.st_size)
        if type == S_IFREG && size > limit { throw .fileTooLarge(path: path, size: size, limit: limit) }

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
        // Whatever is left: files that grew, and files read as streams, in chunks up to one
        // byte past the limit.
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var looked = type == S_IFREG  // whether the first block has been checked for binary data
        while bytes.count <= limit {
            let wanted = min(chunkSize, limit + 1 - bytes.count)
            let got = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, wanted) }
            if got == 0 { return bytes }
            if got < 0 {
                if errno == EINTR { continue }
                throw error(errno, path)
            }
            bytes.append(contentsOf: chunk[0..<got])
            if !looked && bytes.count >= EncodingDetector.nulCheckLength {
                looked = true
                if let offset = binaryOffset(bytes, codeUnitWidth: codeUnitWidth) { throw .notText(path: path, offset: offset) }
            }
        }
        if type == S_IFREG && size > 0 { throw .fileTooLarge(path: path, size: bytes.count, limit: limit) }
        throw .streamTooLarge(path: path, kind: kind(type), limit: limit)
    }

    /// Where the first NUL code unit of `bytes`' first 8 KiB is, by the decoder's rule (the code
    /// unit of a BOM's or UTF-16's zero bytes' encoding, else a byte), or nil.
    static func binaryOffset(_ bytes: [UInt8], codeUnitWidth: Int?) -> Int? {
        bytes.withUnsafeBufferPointer { block in
            let width = codeUnitWidth ?? (EncodingDetector.bomEncoding(block) ?? UTF16Sniffer.detect(block))?.codeUnitWidth ?? 1
            return EncodingDetector.firstNUL(block, codeUnitWidth: width)
        }
    }

    /// What a file of `type` (`st_mode & S_IFMT`) is, for a message.
    static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "a file of unknown size"
        }
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
