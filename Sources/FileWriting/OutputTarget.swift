#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What a path the user named for output turns out to be, found the way `cp` and `sort -o`
/// look: symbolic links are followed to the file they name (a dangling link to where the
/// file would be), so the link itself is never replaced.
enum OutputTarget {
    /// `-`, where the option takes it: the process's standard output.
    case standardOutput
    /// A FIFO or a device (`/dev/null`, `/dev/stdout`, a terminal): opened and written as a
    /// stream, never truncated or replaced.
    case stream(String)
    /// An existing regular file, at its real path, with its `stat`.
    case regular(String, stat)
    /// Nothing there yet: a new file at this path (a dangling link's target).
    case new(String)

    /// How many links are followed before giving up, as the kernel does (ELOOP).
    static let maximumLinks = 40

    /// The target `path` names; `-` is standard output when `allowStandardOutput`. Refuses a
    /// directory, a socket, a path whose folder does not exist and a loop of links.
    static func resolve(_ path: String, allowStandardOutput: Bool) throws(OutputError) -> OutputTarget {
        func refuse(_ reason: String) -> OutputError { OutputError(path: path, reason: reason) }
        if path == "-" && allowStandardOutput { return .standardOutput }
        if path.isEmpty { throw refuse("no file name given") }
        var real = path
        var info = stat()
        var links = 0
        while true {
            if lstat(real.fileSystemPath, &info) != 0 {
                let code = errno
                guard code == ENOENT else { throw refuse(SystemReason.words(code)) }
                return .new(try existingFolder(for: real, of: path))
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { break }
            links += 1
            guard links <= maximumLinks, let target = linkTarget(real) else {
                throw refuse(SystemReason.words(links > maximumLinks ? ELOOP : errno))
            }
            real = target.hasPrefix("/") ? target : Descriptor.folder(of: real) + "/" + target
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw refuse("is a directory")
        case S_IFREG: return .regular(real, info)
        case S_IFSOCK: throw refuse("is a socket")
        default: return .stream(real)
        }
    }

    /// `real` when its folder exists, else "no such directory" (or what stops a look at it).
    private static func existingFolder(for real: String, of path: String) throws(OutputError) -> String {
        var folder = stat()
        if stat(Descriptor.folder(of: real).fileSystemPath, &folder) != 0 {
            let code = errno
            let reason = code == ENOENT || code == ENOTDIR ? "no such directory" : SystemReason.words(code)
            throw OutputError(path: path, reason: reason)
        }
        guard folder.st_mode & S_IFMT == S_IFDIR else { throw OutputError(path: path, reason: "no such directory") }
        return real
    }

    /// What the symbolic link at `path` points to, or nil (errno set).
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path.fileSystemPath, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return buffer[0..<n].map { UInt8(bitPattern: $0) }.withUnsafeBufferPointer { SystemPath.string($0) }
    }
}
