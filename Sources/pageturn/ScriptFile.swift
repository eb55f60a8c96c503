import FileWriting
import FoundationEssentials
@preconcurrency import Glibc

/// Reading a script (`read --script`, `simulate`) or a settings file (`--config`): a file, a
/// pipe, or `-` for standard input; each problem is one line.
///
/// A file that is plainly not text (a NUL byte in its first block: `/dev/zero`, an image) is
/// refused at once, and none is read past `limit` bytes: an endless stream ends in a line,
/// not in memory running out.
enum ScriptFile {
    /// The most a script may hold (a million synthetic gestures take about 1.3 GB).
    static let scriptLimit = 2 << 30
    /// The most a touch recording may hold (`gestures import`): its contacts are bounded
    /// too (`ImportedGestures.mostContacts`); a recording of two million takes some 300 MB
    /// as libinput's YAML, a tenth of that as CSV.
    static let recordingLimit = 512 << 20
    /// The most a settings file may hold (a real one is a few kilobytes).
    static let settingsLimit = 1 << 20

    /// The text of the script at `path`.
    static func read(_ path: String) throws -> String {
        try read(path, kind: "script", limit: scriptLimit)
    }

    /// The text at `path` (`-`: standard input), a `kind` of file ("script", "settings file")
    /// of at most `limit` bytes.
    static func read(_ path: String, kind: String, limit: Int) throws -> String {
        let name = path == "-" ? "standard input" : path
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            var info = stat()
            guard stat(path.fileSystemPath, &info) == 0 else { throw UserError("no such \(kind): \(path)") }
            guard info.st_mode & S_IFMT != S_IFDIR else { throw UserError("\(path) is a folder, not a \(kind)") }
            // Read as a stream, so a pipe (`<(…)`) reads as well as a file.
            fd = open(path.fileSystemPath, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw UserError("cannot read \(path)") }
        }
        defer { if fd != 0 { close(fd) } }
        var data: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = block.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw UserError("cannot read \(name)") }
            if n == 0 { break }
            if data.isEmpty && block[..<n].contains(0) { throw UserError("\(name) is not a text \(kind) (it holds NUL bytes)") }
            data.append(contentsOf: block[..<n])
            if data.count > limit { throw UserError("\(name) is larger than the \(limit >> 20) MiB a \(kind) may hold") }
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw UserError("\(name) is not UTF-8 text") }
        return text
    }
}
