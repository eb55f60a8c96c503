import Foundation
import Synchronization

/// A folder of this process's own for the harnesses that go through files (state files, page
/// caches): in `/dev/shm` when there is one, where writing and fsync cost no disk time at
/// millions of runs, else in the temporary folder; under `$PAGETURN_FUZZ_SCRATCH` when set
/// (`make fuzz` sets it, and removes it even after a crash, when exit handlers do not run).
/// Each run takes a folder of its own in it and removes it; the whole is removed when the
/// process exits.
enum FuzzScratch {
    /// Created on first use.
    static let directory: URL = {
        let shm = URL(fileURLWithPath: "/dev/shm")
        let base = ProcessInfo.processInfo.environment["PAGETURN_FUZZ_SCRATCH"].map { URL(fileURLWithPath: $0) }
            ?? (FileManager.default.isWritableFile(atPath: shm.path) ? shm : FileManager.default.temporaryDirectory)
        let url = base.appendingPathComponent("pageturn-fuzz-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        removeAtExit = url.path
        atexit { if let path = FuzzScratch.removeAtExit { try? FileManager.default.removeItem(atPath: path) } }
        return url
    }()

    nonisolated(unsafe) private static var removeAtExit: String?

    /// A new, empty folder under `directory`, named after `name` and unique in the process:
    /// the tests run harnesses in parallel, and two runs sharing a folder would see each
    /// other's files. The caller removes it.
    static func newFolder(_ name: String) -> URL {
        let number = folders.add(1, ordering: .relaxed).newValue
        let url = directory.appendingPathComponent("\(name)-\(number)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static let folders = Atomic<Int>(0)
}
