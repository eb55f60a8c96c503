import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A new folder of the benchmark's own under the temporary folder (`mkdtemp`: a fresh name,
/// 0700), for the files it hands its child processes: never a fixed or guessable name in a
/// folder every user can write to, where someone could have planted a link to one of the
/// user's files.
enum BenchScratch {
    /// The folder's URL; throws when it cannot be made.
    static func folder() throws -> URL {
        var template = Array((FileManager.default.temporaryDirectory.path + "/pageturn-bench-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw BenchError("cannot make a scratch folder in \(FileManager.default.temporaryDirectory.path)")
        }
        return URL(fileURLWithPath: String(cString: made))
    }
}
