import Foundation

/// Starting a child process (the benchmark's own children, Pango's peer, Xvfb), with a failure
/// worded for the terminal rather than Foundation's ("NSCocoaErrorDomain error 4").
enum ProcessStart {
    /// Runs `process`, or throws "cannot run PATH: no such program" (or "not executable").
    static func run(_ process: Process) throws {
        do { try process.run() } catch {
            let path = process.executableURL?.path ?? "?"
            let reason = !FileManager.default.fileExists(atPath: path) ? "no such program"
                : FileManager.default.isExecutableFile(atPath: path) ? "it did not start" : "not executable"
            throw BenchError("cannot run \(path): \(reason)")
        }
    }
}
