import Foundation

/// A new folder of the benchmark's own under the temporary folder (`mkdtemp`: a fresh name,
/// 0700), for the files it hands its child processes: never a fixed or guessable name in a
/// folder every user can write to, where someone could have planted a link to one of the
/// user's files.
enum BenchScratch {
    /// The folder's URL; throws when it cannot be made.
    static func folder() throws -> URL {
        let base = FileManager.default.temporaryDirectory.path
        return URL(fileURLWithPath: try MadeFolder.unique(in: base, prefix: "pageturn-bench-", what: "a scratch folder"))
    }
}
