import FoundationEssentials
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The advisory lock two processes on one book take around reading, merging and replacing
/// its state file: `flock(2)` on `<key.hex>.json.lock` next to it, an empty file made by the
/// first save and then left in place. (Not on the state file itself, which each save replaces
/// by a rename: a lock on it would be on a file no longer there. And never removed: a process
/// waiting on a removed lock file would lock a file the next one no longer sees.)
///
/// The lock is held only while a save reads the file, merges and writes it (a few ms, two
/// fsyncs), so waiting is short; but a holder stopped mid-save (Ctrl-Z) must not stop every
/// other reader from quitting, so a wait gives up after `timeout` with a one-line error, as
/// SQLite's busy timeout does.
///
/// Like SQLite, no lock means no write: when the lock file cannot be opened or made, the save
/// is refused in one line (a folder where that small file cannot be made would refuse the
/// save's temporary file too). One exception: on a file system that has no locks at all (NFS
/// without its lock daemon, some FUSE file systems: `flock` fails with ENOLCK, EOPNOTSUPP or
/// ENOSYS) saving goes on without it, merge included, and says so, because refusing would
/// lose every position there while going on risks only a bookmark change of two saves in the
/// same few milliseconds (each save is still atomic).
enum StateLock {
    /// Runs `body` holding the lock of `path` (made if needed), waiting at most `timeout`
    /// seconds for it, and releases it. `body` is told why the lock is not held when the file
    /// system cannot lock (nil when it is held). Throws `Failure` when the lock file cannot be
    /// opened or made, or the wait times out; `body`'s own errors pass through.
    static func holding<T>(_ path: String, timeout: Double, _ body: (_ unlocked: String?) throws -> T) throws -> T {
        let fd = try acquire(path, timeout: timeout)
        defer { if fd >= 0 { close(fd) } }
        return try body(fd < 0 ? "its file system cannot lock files" : nil)
    }

    /// The locked file's descriptor (closing it releases the lock), or -1 when the file
    /// system cannot lock.
    private static func acquire(_ path: String, timeout: Double) throws(Failure) -> Int32 {
        var fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o600)
        if fd < 0 {
            let error = errno
            // A lock file made by another user, or a read-only folder that has one already:
            // a lock needs no write access to its file.
            fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            if fd < 0 { throw Failure(path: path, code: error) }
        }
        let deadline = Date().addingTimeInterval(timeout)
        var pause: useconds_t = 1000
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let error = errno
            switch error {
            case EINTR:
                continue
            case EAGAIN:
                if Date() >= deadline {
                    close(fd)
                    throw Failure(path: path, code: error, timedOut: timeout)
                }
                usleep(pause)
                pause = min(pause * 2, 50_000)
            case ENOLCK, EOPNOTSUPP, ENOSYS:
                close(fd)
                return -1
            default:
                close(fd)
                throw Failure(path: path, code: error)
            }
        }
        return fd
    }

    /// Why the lock could not be taken, in one line: `cannot lock PATH: REASON`.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let code: Int32
        /// Set when another process held the lock for this many seconds.
        var timedOut: Double?

        var description: String {
            guard let timedOut else { return "cannot lock \(path): \(String(cString: strerror(code)))" }
            let seconds = timedOut == timedOut.rounded() ? "\(Int(timedOut))" : "\(timedOut)"
            return "cannot lock \(path): another PageTurn has held it for \(seconds) s (stopped while saving?)"
        }
    }
}
