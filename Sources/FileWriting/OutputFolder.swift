#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A folder the user named for the program's output files (`--frames DIR`, `--plot DIR`):
/// made with its missing parents, as `mkdir -p` does; an existing folder, or a link to one,
/// is used as it is.
public enum OutputFolder {
    /// Makes `path` and its missing parents (mode 777 less the umask); refuses, naming the
    /// path, when something that is not a folder stands in the way or the system says no.
    public static func make(_ path: String) throws(OutputError) {
        func refuse(_ reason: String) -> OutputError { OutputError("cannot make the folder", path: path, reason: reason) }
        if path.isEmpty { throw refuse("no folder name given") }
        var prefix = path.hasPrefix("/") ? "/" : ""
        let parts = path.split(separator: "/")
        for (k, part) in parts.enumerated() {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            var info = stat()
            if stat(prefix.fileSystemPath, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw refuse(k == parts.count - 1 ? "a file of that name is there" : "\(prefix) is not a folder")
                }
                continue
            }
            guard errno == ENOENT else { throw refuse(SystemReason.words(errno)) }
            if mkdir(prefix.fileSystemPath, 0o777) != 0 && errno != EEXIST { throw refuse(SystemReason.words(errno)) }
        }
    }

    /// Makes a new folder in the existing folder `dir`, `name` or else the first of `name-2`,
    /// `name-3`, … not taken, and returns its path. `mkdir` makes it or fails when anything
    /// of that name is there (a folder, a file, a link), so the folder is always a new one of
    /// ours, never another run's or someone else's.
    public static func makeNew(named name: String, in dir: String) throws(OutputError) -> String {
        for k in 1...10_000 {
            let path = (dir.hasSuffix("/") ? dir : dir + "/") + (k == 1 ? name : "\(name)-\(k)")
            if mkdir(path.fileSystemPath, 0o777) == 0 { return path }
            guard errno == EEXIST else { throw OutputError("cannot make the folder", path: path, reason: SystemReason.words(errno)) }
        }
        throw OutputError("cannot make the folder", path: dir + "/" + name, reason: "10,000 of that name are there")
    }
}
