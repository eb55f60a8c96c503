import Foundation

/// Reading a script (`read --script`, `simulate`) or a settings file (`--config`): a file, a
/// pipe, or `-` for standard input; each problem is one line.
///
/// A file that is plainly not text (a NUL byte in its first block: `/dev/zero`, an image) is
/// refused at once, and none is read past `limit` bytes: an endless stream ends in a line,
/// not in memory running out.
enum ScriptFile {
    /// The most a script may hold (a million synthetic gestures take about 1.3 GB).
    static let scriptLimit = 2 << 30
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
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw UserError("no such \(kind): \(path)")
            }
            guard !isDirectory.boolValue else { throw UserError("\(path) is a folder, not a \(kind)") }
            // Through a file handle, so a pipe (`<(…)`) reads as well as a file.
            guard let opened = FileHandle(forReadingAtPath: path) else { throw UserError("cannot read \(path)") }
            handle = opened
        }
        defer { if path != "-" { try? handle.close() } }
        var data = Data()
        while true {
            let block: Data
            do {
                block = try handle.read(upToCount: 1 << 16) ?? Data()
            } catch {
                throw UserError("cannot read \(name)")
            }
            if block.isEmpty { break }
            if data.isEmpty && block.contains(0) { throw UserError("\(name) is not a text \(kind) (it holds NUL bytes)") }
            data.append(block)
            if data.count > limit { throw UserError("\(name) is larger than the \(limit >> 20) MiB a \(kind) may hold") }
        }
        guard let text = String(data: data, encoding: .utf8) else { throw UserError("\(name) is not UTF-8 text") }
        return text
    }
}
