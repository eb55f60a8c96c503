#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Folders PageTurn keeps its own files in (reading state, caches): made as `mkdir -p` makes
/// them, each folder it creates open to its owner alone (made 0700: the umask can only take
/// from that, never add; the XDG base directory specification asks the same of the folders
/// under it), so another user of the machine cannot list the books someone reads or read
/// their bookmarks. The folder asked for, when it is there already and its owner's, is made
/// 0700 too (an older version made it 0755); the folders above it are left as they are.
public enum PrivateFolder {
    /// Makes `path` and the folders above it that are missing; returns 0, or the `errno` of
    /// the step that failed (ENOTDIR when something other than a folder is in the way).
    public static func make(_ path: String) -> Int32 {
        let error = makeAll(path)
        if error == 0 { tighten(path) }
        return error
    }

    /// Makes `path` 0700 when it is a folder of this user's (not a link) open to others.
    private static func tighten(_ path: String) {
        let fd = open(path.fileSystemPath, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 && info.st_uid == geteuid() && info.st_mode & 0o077 != 0 { _ = fchmod(fd, 0o700) }
    }

    private static func makeAll(_ path: String) -> Int32 {
        if mkdir(path.fileSystemPath, 0o700) == 0 { return 0 }
        var error = errno
        if error == ENOENT {
            var parent = path
            while parent.count > 1 && parent.hasSuffix("/") { parent.removeLast() }
            guard let slash = parent.lastIndex(of: "/") else { return error }
            parent = String(parent[..<slash])
            guard !parent.isEmpty, parent != path else { return error }
            let parentError = makeAll(parent)
            if parentError != 0 { return parentError }
            if mkdir(path.fileSystemPath, 0o700) == 0 { return 0 }
            error = errno
        }
        if error == EEXIST {
            var info = stat()
            return stat(path.fileSystemPath, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR ? 0 : ENOTDIR
        }
        return error
    }

    /// `make(path)`, throwing `AtomicFile.WriteError` (the folder and the reason in words).
    public static func create(_ path: String) throws {
        let error = make(path)
        if error != 0 { throw AtomicFile.WriteError(path: path, reason: SystemReason.words(error)) }
    }
}
