import FileWriting
import FoundationEssentials
@preconcurrency import Glibc
import GestureLab

/// Refuses an output that is the very file a command reads, as `cp` refuses to copy a file
/// onto itself: `paginate book.txt --json book.txt` would otherwise replace the book with its
/// page list. Files are the same when they are the same inode on the same device (a link or
/// another path to the book is caught too); an output that does not exist yet is never one.
enum SameFileGuard {
    /// Throws "OPTION PATH is the book itself: choose another file" when `output` is `input`.
    static func check(output: String?, option: String, input: String, what: String = "the book") throws {
        guard let output, output != "-", let out = identity(of: output), let book = identity(of: input), out == book else { return }
        throw UserError("\(option) \(output) is \(what) itself: choose another file")
    }

    /// Refuses `read --record FILE` over a regular file that is not a recording (a book named
    /// by mistake: `read --record mybook.txt` with no book): only an empty file or an earlier
    /// recording is replaced.
    static func checkRecording(_ path: String?) throws {
        guard let path, path != "-" else { return }
        var info = stat()
        guard stat(path.fileSystemPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return }
        let opening = Data(GestureRecorder.openingLine.utf8)
        let first = firstBytes(of: path, count: opening.count)
        guard first != opening else { return }
        throw UserError("--record \(path) is not a recording: choose another file, or remove it first")
    }

    /// Up to `count` bytes from the start of the file at `path` (fewer, or none, when it is
    /// shorter or cannot be read).
    private static func firstBytes(of path: String, count: Int) -> Data {
        let fd = open(path.fileSystemPath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return Data() }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress!, count) }
        return Data(bytes.prefix(max(got, 0)))
    }

    /// The device and inode of the file at `path` (links followed), or nil when there is none.
    private static func identity(of path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path.fileSystemPath, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}
