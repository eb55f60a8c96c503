#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The reason a system call failed, in words for a one-line message: the C library's text
/// for `errno`, starting in lower case ("permission denied", "is a directory", "no space left
/// on device"), never a Foundation error domain and code.
public enum SystemReason {
    /// The words for `code` (an `errno` value).
    public static func words(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}

/// Low-level writing shared by `AtomicFile` and `OutputFile`.
enum Descriptor {
    /// Writes all of `bytes` to `fd`, retrying after signals; 0, or the `errno` of the failure.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return 0
    }

    /// The folder `path` is in ("." for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Makes a rename in `folder` durable (best effort: some file systems refuse).
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }
}
