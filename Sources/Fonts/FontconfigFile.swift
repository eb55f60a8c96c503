import FileWriting
internal import Glibc
internal import Synchronization

/// `FONTCONFIG_FILE`, checked before fontconfig reads it, as books and scripts are: a
/// configuration file is a regular file of at most `largestFile` bytes. Named anything else —
/// `/dev/zero` (read without end), a FIFO (a read that blocks for ever), a folder — it is
/// dropped from the environment, so that fontconfig loads its default configuration, and one
/// line says so. Checked once a process.
enum FontconfigFile {
    /// The largest configuration file read: Debian's `fonts.conf` is a few kilobytes.
    static let largestFile = 1 << 20

    private static let checked = Mutex(false)

    /// Checks `FONTCONFIG_FILE` the first time it is called.
    static func check() {
        checked.withLock { done in
            guard !done else { return }
            done = true
            guard let problem = problem(with: ProcessEnvironment.values(["FONTCONFIG_FILE"])["FONTCONFIG_FILE"]) else { return }
            unsetenv("FONTCONFIG_FILE")
            StandardError.write("pageturn: FONTCONFIG_FILE \(problem): fontconfig's default configuration is used\n")
        }
    }

    /// What is wrong with `value` as a configuration file, or nil when nothing is (or when
    /// fontconfig looks a relative name up in its own folders).
    static func problem(with value: String?) -> String? {
        guard let value, value.hasPrefix("/") || value.hasPrefix("~") else { return nil }
        let path = value.hasPrefix("~") ? UserFolders.home + value.dropFirst() : value
        let shown = FontError.quoted(value)
        var info = stat()
        guard stat(path, &info) == 0 else { return "names no file (\(shown))" }
        guard info.st_mode & S_IFMT == S_IFREG else { return "is not a regular file (\(shown))" }
        guard info.st_size <= largestFile else { return "is larger than \(largestFile >> 20) MiB (\(shown))" }
        return nil
    }
}
