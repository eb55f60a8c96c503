#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemPackage

/// The reason a system call failed, in words for a one-line message: the C library's text
/// for `errno`, starting in lower case ("permission denied", "is a directory", "no space left
/// on device"), never a Foundation error domain and code.
public enum SystemReason {
    /// The words for `code` (an `errno` value).
    public static func words(_ code: Int32) -> String {
        let text = Errno(rawValue: code).description
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }

    /// The words for `code` from `Descriptor.openStream`: its `ENXIO` is a FIFO nobody read.
    static func streamWords(_ code: Int32) -> String {
        code == ENXIO ? "no one read it for \(Descriptor.readerWait / 1000) s (a FIFO needs a reader)" : words(code)
    }
}

/// Low-level writing shared by `AtomicFile` and `OutputFile`.
enum Descriptor {
    /// Writes all of `bytes` to `fd` (swift-system's `writeAll`, retrying after signals); 0,
    /// or the `errno` of the failure.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        do {
            _ = try FileDescriptor(rawValue: fd).writeAll(bytes)
            return 0
        } catch let failure as Errno {
            return failure.rawValue
        } catch {
            return EIO
        }
    }

    /// The folder `path` is in ("." for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Makes a rename in `folder` durable (best effort: some file systems refuse).
    static func syncFolder(_ folder: String) {
        let fd = open(folder.fileSystemPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }
}

extension Descriptor {
    /// How long a FIFO named for output may wait for its reader, in ms.
    static let readerWait = 10_000

    /// Opens the FIFO or device at `real` for writing, never blocking for ever: a FIFO with no
    /// reader (open's `ENXIO` without blocking) is tried again every 20 ms for `readerWait`
    /// ms, so the reader may start after PageTurn (`mkfifo f; pageturn … f & cat f`) while a
    /// FIFO nobody reads ends in one line instead of a process only SIGKILL ends (a blocking
    /// `open` is restarted after the reader's quit signal). The descriptor is then made
    /// blocking again for the writes. Returns it, or -1 with `errno` set (`ENXIO`: no reader).
    static func openStream(_ real: String, waitingAtMost limit: Int = readerWait) -> Int32 {
        var waited = 0
        while true {
            let fd = open(real.fileSystemPath, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 {
                let flags = fcntl(fd, F_GETFL)
                if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
                return fd
            }
            guard errno == ENXIO, waited < limit else { return -1 }
            usleep(20_000)
            waited += 20
        }
    }
}
