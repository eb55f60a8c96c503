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
            if stat(prefix, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw refuse(k == parts.count - 1 ? "a file of that name is there" : "\(prefix) is not a folder")
                }
                continue
            }
            guard errno == ENOENT else { throw refuse(SystemReason.words(errno)) }
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST { throw refuse(SystemReason.words(errno)) }
        }
    }
}
