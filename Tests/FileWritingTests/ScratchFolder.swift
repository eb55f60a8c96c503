import Foundation

/// A fresh temporary folder for one test, removed afterwards.
func withScratchFolder(_ body: (String) throws -> Void) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("FileWritingTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try body(dir)
}

/// The `stat` of `path` (links not followed), or nil.
func fileInfo(_ path: String) -> stat? {
    var info = stat()
    return lstat(path, &info) == 0 ? info : nil
}

/// The file type bits of `path` (links not followed).
func fileType(_ path: String) -> mode_t? { fileInfo(path).map { $0.st_mode & S_IFMT } }

/// The text of the file at `path`.
func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

/// Reads a FIFO to its end on another thread while `body` writes into it; the text read.
/// (Opening a FIFO blocks until both ends are open, so neither side needs to wait by time.)
func readingFIFO(_ path: String, while body: () throws -> Void) rethrows -> String {
    nonisolated(unsafe) var read = Data()
    let done = DispatchSemaphore(value: 0)
    Thread {
        if let handle = FileHandle(forReadingAtPath: path) {
            read = handle.readDataToEndOfFile()
            try? handle.close()
        }
        done.signal()
    }.start()
    try body()
    done.wait()
    return String(decoding: read, as: UTF8.self)
}
