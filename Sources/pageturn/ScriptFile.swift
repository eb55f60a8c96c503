import Foundation

/// Reading a script (`read --script`, `simulate`): a file, a pipe, or `-` for standard input;
/// each problem is one line.
enum ScriptFile {
    static func read(_ path: String) throws -> String {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let text = String(data: data, encoding: .utf8) else { throw UserError("standard input is not UTF-8 text") }
            return text
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UserError("no such script: \(path)")
        }
        guard !isDirectory.boolValue else { throw UserError("\(path) is a directory, not a script") }
        // Through a file handle, so a pipe (`<(…)`) reads as well as a file.
        guard let handle = FileHandle(forReadingAtPath: path) else { throw UserError("cannot read \(path)") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()  // nil: an empty file
        } catch {
            throw UserError("cannot read \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw UserError("\(path) is not UTF-8 text") }
        return text
    }
}
