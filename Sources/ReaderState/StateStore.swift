import FoundationEssentials
import FileWriting
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Keeps each book's `BookState` in its own small JSON file, `<directory>/<key.hex>.json`.
///
/// Saving is atomic (a temporary file, fsync, rename; see `AtomicFile`), so a reader killed
/// at any moment finds the last completed save. A save waits for the disk (two fsyncs):
/// the reader calls it from a background queue (`SessionPersistence`). Two processes on one
/// book share its file: a session saves with `save(_:for:since:)`, which reads what is on
/// disk, merges the bookmarks (`BookmarkMerge`) and writes, all under the book's advisory
/// lock (`StateLock`), so a bookmark made in one is never lost to the other. Loading never throws
/// and never traps: a file whose content cannot be trusted is moved aside and reported; one
/// written by a newer version, or that cannot be read just now, is left alone and reported;
/// either way a default state is returned.
public final class StateStore: Sendable {
    /// Where the state files live.
    public let directory: URL
    /// The time used to name files moved aside; tests fix it.
    let clock: @Sendable () -> Date
    /// Reads a state file (`readStateFile`); tests put failures of the system in its place.
    let readFile: @Sendable (String) -> ReadOutcome
    /// How long a save waits for another process's lock before giving up (`StateLock`).
    let lockTimeout: Double

    /// A store in `directory`, or by default in `$XDG_STATE_HOME/pageturn`
    /// (`~/.local/state/pageturn` when that variable is unset or empty). Nothing is created
    /// until the first save.
    public convenience init(directory: URL? = nil) {
        self.init(directory: directory, clock: { Date() })
    }

    init(directory: URL?, clock: @escaping @Sendable () -> Date,
         readFile: @escaping @Sendable (String) -> ReadOutcome = StateStore.readStateFile, lockTimeout: Double = 5) {
        self.directory = directory ?? Self.defaultDirectory(environment: ProcessEnvironment.values(["XDG_STATE_HOME"]))
        self.clock = clock
        self.readFile = readFile
        self.lockTimeout = lockTimeout
    }

    /// `$XDG_STATE_HOME/pageturn`, else `~/.local/state/pageturn`.
    static func defaultDirectory(environment: [String: String]) -> URL {
        UserFolders.state(environment: environment).appendingPathComponent("pageturn")
    }

    /// The file that holds the state of the book `key`.
    public func fileURL(for key: BookKey) -> URL {
        directory.appendingPathComponent(key.hex + ".json")
    }

    /// The advisory lock beside the state file of `key` (`StateLock`): `<key.hex>.json.lock`.
    func lockURL(for key: BookKey) -> URL {
        directory.appendingPathComponent(key.hex + ".json.lock")
    }

    /// The state saved for `key`: `.fresh` when there is none, `.loaded` when it was read
    /// intact, `.recovered` when its content is damaged (it is then moved aside, never
    /// overwritten), `.leftAlone` when it was written by a newer version or could not be
    /// opened or read this time (it is then left as it is, and must not be saved over).
    /// Never throws.
    ///
    /// A damaged file is moved aside under the book's lock (`StateLock`, whose file this then
    /// creates), after a second look: another reader may have saved a sound one in its place
    /// meanwhile. Where the lock cannot be taken (a read-only folder), it is moved as before.
    ///
    /// Also removes temporary files left by writers of this book that were killed mid-save.
    public func load(_ key: BookKey) -> LoadResult {
        let url = fileURL(for: key)
        sweepTemporaries(of: url)
        let first = examine(url)
        guard case .damaged = first else { return Self.result(of: first) }
        let settle = { [self] (_: String?) -> LoadResult in
            let second = examine(url)
            guard case .damaged(let problem) = second else { return Self.result(of: second) }
            return moveAside(url, problem: problem)
        }
        return (try? StateLock.holding(lockURL(for: key).path, timeout: lockTimeout, settle)) ?? settle(nil)
    }

    /// Moves the damaged file at `url` aside: the recovery to report.
    func moveAside(_ url: URL, problem: String) -> LoadResult {
        switch CorruptFile.moveAside(url, at: clock()) {
        case .success(let movedTo):
            return .recovered(BookState(), problem: problem, movedTo: movedTo)
        case .failure(let reason):
            return .recovered(BookState(), problem: "\(problem); it could not be moved aside: \(reason)", movedTo: nil)
        }
    }

    /// What is saved at `url`, read and judged; nothing is moved or changed.
    enum OnDisk: Equatable {
        case missing
        case state(BookState)
        /// Its content cannot be trusted (`LoadResult.recovered` says which).
        case damaged(String)
        /// Written by a newer version, or not readable now (`LoadResult.leftAlone`).
        case leftAlone(String, LeftAloneCause)
    }

    func examine(_ url: URL) -> OnDisk {
        switch readFile(url.path) {
        case .missing:
            return .missing
        case .unreadable(let reason):
            return .leftAlone(reason, .unreadable)
        case .damaged(let reason):
            return .damaged(reason)
        case .data(let data):
            do throws(StateFile.Refusal) {
                return .state(try StateFile.decode(data))
            } catch {
                return error.isNewerFormat ? .leftAlone(error.problem, .newerFormat) : .damaged(error.problem)
            }
        }
    }

    /// The load result for what was found, other than a damaged file.
    private static func result(of found: OnDisk) -> LoadResult {
        switch found {
        case .missing, .damaged: .fresh(BookState())
        case .state(let state): .loaded(state)
        case .leftAlone(let problem, let cause): .leftAlone(BookState(), problem: problem, cause: cause)
        }
    }

    // MARK: - Reading

    /// What reading a state file found. Only `.damaged` speaks of the file itself; an
    /// `.unreadable` file may read well a moment later, or in a session with other rights.
    enum ReadOutcome: Equatable, Sendable {
        case missing
        /// What is there can never be a state file: not a regular file, or far too large.
        case damaged(String)
        /// The system would not let it be read this time (EACCES, EIO, EMFILE, …), or it
        /// changed while it was read.
        case unreadable(String)
        case data(Data)
    }

    /// Reads a state file without trusting it: no blocking on special files, no reading
    /// of huge files, every failure a one-line reason.
    @Sendable static func readStateFile(_ path: String) -> ReadOutcome {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return openFailure(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            return .unreadable("the file cannot be examined: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return .damaged("it is not a regular file") }
        guard info.st_size <= StateFile.maximumSize else {
            return .damaged("the file is too large to be a reading state (\(info.st_size) bytes)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .unreadable("the file cannot be read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            count += n
            if count == bytes.count {
                // It grew while we read; a state file is never rewritten in place, so
                // someone else is writing it: not ours to judge, or to move.
                return .unreadable("the file changed while it was read")
            }
        }
        return .data(Data(bytes[..<count]))
    }

    /// What `open` failing with `error` says: nothing there, something that can never be a
    /// state file (a socket or device, a loop of symbolic links), or a refusal of the system
    /// that says nothing about the file (permissions, I/O, no descriptor free, …).
    static func openFailure(_ error: Int32) -> ReadOutcome {
        switch error {
        case ENOENT, ENOTDIR: .missing
        case ENXIO, ELOOP: .damaged("it is not a regular file (\(String(cString: strerror(error))))")
        default: .unreadable("the file cannot be opened: \(String(cString: strerror(error)))")
        }
    }

    // MARK: - Leftovers of killed writers

    /// Removes `NAME.tmp-PID-…` files (as `AtomicFile` names them) whose writer process no
    /// longer exists. Files of live processes, including this one, are left alone.
    func sweepTemporaries(of url: URL) {
        let prefix = url.lastPathComponent + ".tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let pid = rest.split(separator: "-", maxSplits: 1).first.flatMap({ pid_t($0) }), pid > 0,
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink(url.deletingLastPathComponent().appendingPathComponent(name).path)
        }
    }

    // MARK: - Folders

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// `mkdir -p` (each folder made private, `PrivateFolder`), with a one-line error naming
    /// the folder asked for.
    static func makeDirectories(_ path: String) throws(StateError) {
        let error = PrivateFolder.make(path)
        if error != 0 {
            throw StateError("cannot create the state folder \(path): \(String(cString: strerror(error)))")
        }
    }
}
