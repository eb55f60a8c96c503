import FoundationEssentials
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Writes a file the user named for output (`render --out`, `paginate --json`, recordings'
/// replays, exported JSON) the way `cp` and `sort -o` do, so no file of the user's is
/// surprised (files PageTurn names itself inside a folder the user gave, frames and plots, go
/// through `writeEntry`):
///
/// - a symbolic link is followed and its target written (the link stays a link);
/// - a FIFO or a device (`/dev/null`, `/dev/full`, a terminal), and standard output for `-`
///   where the option takes it, are written as a stream: never truncated, replaced or renamed;
/// - an existing regular file is replaced atomically (a temporary file in its real folder,
///   flushed, renamed over it) with its mode and its owner and group kept; it is rewritten in
///   place instead, as `cp` does, when it has other hard links, when its owner cannot be kept
///   or when its folder cannot take the temporary file; a file we may not write is refused;
/// - a directory is refused, and a missing folder is "no such directory".
///
/// Every refusal is an `OutputError`: the path as given and the reason in words. The
/// program's own state and cache files keep using `AtomicFile`.
public enum OutputFile {
    /// Writes `data` to `path`; `-` is standard output when `allowStandardOutput`.
    public static func write(_ data: Data, to path: String, allowStandardOutput: Bool = true) throws(OutputError) {
        try write(to: path, allowStandardOutput: allowStandardOutput) { $0.write(data) }
    }

    /// Writes to `path` what `produce` hands its `OutputSink`, a piece at a time, so that a
    /// large output is never held whole in memory; a regular file still appears at once, when
    /// it is complete. `produce` runs once (twice only when the file, found not replaceable
    /// by a rename, is rewritten in place: then before anything was written).
    public static func write(to path: String, allowStandardOutput: Bool = true,
                             _ produce: (OutputSink) -> Void) throws(OutputError) {
        func refuse(_ code: Int32) -> OutputError { OutputError(path: path, reason: SystemReason.words(code)) }
        func contents(_ fd: Int32) -> Int32 {
            let sink = OutputSink(fd)
            produce(sink)
            return sink.failure
        }
        switch try OutputTarget.resolve(path, allowStandardOutput: allowStandardOutput) {
        case .standardOutput:
            fflush(nil)  // what `print` buffered goes first
            let code = contents(STDOUT_FILENO)
            if code != 0 { throw OutputError(path: "standard output", reason: SystemReason.words(code)) }
        case .stream(let real):
            let fd = Descriptor.openStream(real)
            guard fd >= 0 else { throw OutputError(path: path, reason: SystemReason.streamWords(errno)) }
            defer { close(fd) }
            let code = contents(fd)
            if code != 0 { throw refuse(code) }
        case .regular(let real, let info):
            guard access(real.fileSystemPath, W_OK) == 0 else { throw refuse(errno) }
            if info.st_nlink > 1 {
                try rewrite(real, path: path, contents: contents)
                return
            }
            let owner = info.st_uid != geteuid() || info.st_gid != getegid() ? (info.st_uid, info.st_gid) : nil
            do {
                try AtomicFile.replace(real, creating: 0o600, keeping: (info.st_mode & 0o7777, owner), contents: contents)
            } catch {
                let cannotReplace = error.step == .own
                    || (error.step == .create && (error.code == EACCES || error.code == EPERM))
                guard cannotReplace else { throw refuse(error.code) }
                try rewrite(real, path: path, contents: contents)
            }
        case .new(let real):
            do { try AtomicFile.replace(real, creating: 0o666, contents: contents) } catch { throw refuse(error.code) }
        }
    }

    /// Writes `data` as the file `name` in `folder` (a folder the user named): a file whose
    /// name PageTurn chose (a frame, a plot), so the entry is replaced by a rename and never
    /// written through: a symbolic link or a FIFO someone put there under that name is
    /// replaced, not followed. Mode 666 less the umask.
    public static func writeEntry(_ data: Data, named name: String, in folder: String) throws(OutputError) {
        let path = PathName.joined(folder, name)
        var info = stat()
        if lstat(path.fileSystemPath, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
            throw OutputError(path: path, reason: "a folder of that name is there")
        }
        do { try AtomicFile.replace(path, with: data, creating: 0o666) } catch {
            throw OutputError(path: path, reason: SystemReason.words(error.code))
        }
    }

    /// Writes `text` (UTF-8) to `path`, like `write(_:to:allowStandardOutput:)`.
    public static func write(_ text: String, to path: String, allowStandardOutput: Bool = true) throws(OutputError) {
        try write(Data(text.utf8), to: path, allowStandardOutput: allowStandardOutput)
    }

    /// Truncates the regular file at `real` and writes what `contents` writes into it, as `cp`
    /// does: the same inode, so its hard links, mode and owner stay.
    private static func rewrite(_ real: String, path: String, contents: (Int32) -> Int32) throws(OutputError) {
        let fd = open(real.fileSystemPath, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw OutputError(path: path, reason: SystemReason.words(errno)) }
        defer { close(fd) }
        var code = contents(fd)
        if code == 0 && fsync(fd) != 0 { code = errno }
        if code != 0 { throw OutputError(path: path, reason: SystemReason.words(code)) }
    }
}

/// Where `OutputFile.write(to:allowStandardOutput:_:)` takes its pieces: each goes to the
/// system at once. After a failed write the rest are dropped, and the failure is the call's.
public final class OutputSink {
    private let fd: Int32
    /// The `errno` of the first write that failed, or 0.
    public fileprivate(set) var failure: Int32 = 0

    fileprivate init(_ fd: Int32) { self.fd = fd }

    /// Writes `data`.
    public func write(_ data: Data) {
        guard failure == 0 else { return }
        failure = data.withUnsafeBytes { Descriptor.writeAll(fd, $0) }
    }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) {
        guard failure == 0 else { return }
        var text = text
        failure = text.withUTF8 { Descriptor.writeAll(fd, UnsafeRawBufferPointer($0)) }
    }
}
