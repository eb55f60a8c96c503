internal import CTemporaryFiles
import FoundationEssentials
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Writes files so that a reader sees the old content or the new, never a mix: the data
/// goes to a temporary file in the same folder, is flushed to disk, then renamed over.
///
/// For the program's own files (reading state, page cache), whatever is at the path is
/// replaced, by a file its owner alone may read (0600; their folders are `PrivateFolder`s). Files the user names for output go through `OutputFile`, which uses the same
/// replacement only for regular files and keeps their mode and owner.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static func write(_ data: Data, to url: URL) throws {
        let path = url.path
        do {
            try replace(path, with: data, creating: 0o600)
        } catch {
            throw WriteError(path: path, reason: SystemReason.words(error.code))
        }
    }

    /// A replacement that did not happen: the step that failed and its `errno`.
    struct Failure: Error {
        enum Step { case create, own, write }
        let step: Step
        let code: Int32
    }

    /// Writes `data` to a temporary file next to `path`, flushes it and renames it over `path`,
    /// then flushes the folder, as `replace(_:creating:keeping:contents:)` does.
    static func replace(_ path: String, with data: Data, creating mode: mode_t,
                        keeping existing: (mode: mode_t, owner: (uid_t, gid_t)?)? = nil) throws(Failure) {
        try replace(path, creating: mode, keeping: existing) { fd in data.withUnsafeBytes { Descriptor.writeAll(fd, $0) } }
    }

    /// Writes what `contents` writes to the descriptor it is given (returning 0, or the
    /// `errno` of a write that failed) to a temporary file next to `path`, flushes it and
    /// renames it over `path`, then flushes the folder. The file is created with `mode` less
    /// the umask; `keeping` gives it exactly an existing file's mode (and user and group, when
    /// `owner` is given) instead. `contents` is not called when the file cannot be made. The
    /// temporary file is removed when anything fails, and when SIGINT, SIGTERM or SIGHUP ends
    /// the process meanwhile (`CTemporaryFiles`).
    static func replace(_ path: String, creating mode: mode_t, keeping existing: (mode: mode_t, owner: (uid_t, gid_t)?)? = nil,
                        contents: (Int32) -> Int32) throws(Failure) {
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary.fileSystemPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Failure(step: .create, code: errno) }
        // Ours from here (O_EXCL made it): a signal before the rename removes it.
        let slot = pt_tmp_remember(temporary.fileSystemPath)
        defer { pt_tmp_forget(slot) }
        var failure: Failure?
        if let existing {
            if let (uid, gid) = existing.owner, fchown(fd, uid, gid) != 0 { failure = Failure(step: .own, code: errno) }
            // After fchown, which may clear set-id bits; exactly the old mode, whatever the umask.
            if failure == nil && fchmod(fd, existing.mode) != 0 { failure = Failure(step: .own, code: errno) }
        }
        if failure == nil {
            let code = contents(fd)
            if code != 0 { failure = Failure(step: .write, code: code) }
        }
        if failure == nil && fsync(fd) != 0 { failure = Failure(step: .write, code: errno) }
        close(fd)
        if failure == nil && rename(temporary.fileSystemPath, path.fileSystemPath) != 0 { failure = Failure(step: .write, code: errno) }
        if let failure {
            unlink(temporary.fileSystemPath)
            throw failure
        }
        Descriptor.syncFolder(Descriptor.folder(of: path))
    }
}
