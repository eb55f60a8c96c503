import FoundationEssentials
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A file the user named, written a piece at a time as the program runs (`read --record`):
/// each `write` goes to the system at once, so a process killed midway leaves everything
/// written before the kill.
///
/// The target is found as `OutputFile` finds it (links followed, a directory refused, `-` as
/// standard output where allowed, FIFOs and devices streamed). A regular file is emptied and
/// written in place, as `cp` and a shell's `>` do, keeping its mode, owner and hard links: an
/// atomic replacement would show nothing until the end.
public final class StreamedOutput {
    /// The path as the user gave it.
    public let path: String
    private let fd: Int32
    private let ownsDescriptor: Bool

    /// Opens `path` for writing (creating a missing file with mode 666 less the umask).
    public init(path: String, allowStandardOutput: Bool = false) throws(OutputError) {
        self.path = path
        let opened: Int32
        switch try OutputTarget.resolve(path, allowStandardOutput: allowStandardOutput) {
        case .standardOutput:
            fd = STDOUT_FILENO
            ownsDescriptor = false
            return
        case .stream(let real): opened = Descriptor.openStream(real)
        case .regular(let real, _): opened = open(real.fileSystemPath, O_WRONLY | O_TRUNC | O_CLOEXEC)
        case .new(let real): opened = open(real.fileSystemPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        }
        // (Only a stream's open gives ENXIO: a FIFO nobody read.)
        guard opened >= 0 else { throw OutputError(path: path, reason: SystemReason.streamWords(errno)) }
        fd = opened
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Hands `data` to the system.
    public func write(_ data: Data) throws(OutputError) {
        if !ownsDescriptor { fflush(nil) }
        let code = data.withUnsafeBytes { Descriptor.writeAll(fd, $0) }
        if code != 0 { throw OutputError(path: path, reason: SystemReason.words(code)) }
    }
}
