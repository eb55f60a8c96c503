import Foundation

/// A folder of this process's own for the harnesses that go through files (state files, page
/// caches): in `/dev/shm` when there is one, where writing and fsync cost no disk time at
/// millions of runs, else in the temporary folder. Emptied after each run by the harness and
/// removed when the process exits.
enum FuzzScratch {
    /// Created on first use.
    static let directory: URL = {
        let shm = URL(fileURLWithPath: "/dev/shm")
        let base = FileManager.default.isWritableFile(atPath: shm.path) ? shm : FileManager.default.temporaryDirectory
        let url = base.appendingPathComponent("pageturn-fuzz-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        removeAtExit = url.path
        atexit { if let path = FuzzScratch.removeAtExit { try? FileManager.default.removeItem(atPath: path) } }
        return url
    }()

    nonisolated(unsafe) private static var removeAtExit: String?

    /// A folder `name` under `directory`, empty.
    static func emptyFolder(_ name: String) -> URL {
        let url = directory.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The names of the files in `folder`.
    static func contents(of folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
    }
}
