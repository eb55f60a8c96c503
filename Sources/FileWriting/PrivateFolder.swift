#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Folders PageTurn keeps its own files in (reading state, caches): made as `mkdir -p` makes
/// them, each folder it creates readable by its owner alone (0700, whatever the umask, as the
/// XDG base directory specification asks of the folders under it), so another user of the
/// machine cannot list the books someone reads or read their bookmarks. A folder that is
/// already there is left as it is.
public enum PrivateFolder {
    /// Makes `path` and the folders above it that are missing; returns 0, or the `errno` of
    /// the step that failed (ENOTDIR when something other than a folder is in the way).
    public static func make(_ path: String) -> Int32 {
        if mkdir(path, 0o700) == 0 { return 0 }
        var error = errno
        if error == ENOENT {
            var parent = path
            while parent.count > 1 && parent.hasSuffix("/") { parent.removeLast() }
            guard let slash = parent.lastIndex(of: "/") else { return error }
            parent = String(parent[..<slash])
            guard !parent.isEmpty, parent != path else { return error }
            let parentError = make(parent)
            if parentError != 0 { return parentError }
            if mkdir(path, 0o700) == 0 { return 0 }
            error = errno
        }
        if error == EEXIST {
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR ? 0 : ENOTDIR
        }
        return error
    }

    /// `make(path)`, throwing `AtomicFile.WriteError` (the folder and the reason in words).
    public static func create(_ path: String) throws {
        let error = make(path)
        if error != 0 { throw AtomicFile.WriteError(path: path, reason: SystemReason.words(error)) }
    }
}
