@preconcurrency import Glibc

/// Under an address-space limit (`ulimit -v`), a crash is memory running out: Swift's runtime
/// stops on an allocation that fails (SIGABRT), and a thread whose stack cannot grow faults
/// (SIGSEGV). With a limit set, those end the command with a line that says so and exit status
/// 1, not a signal; without one they stay the crashes they are.
///
/// Two malloc arenas (`WorkerThread.limitMallocArenas`) let every command fit in 150 MiB;
/// below that a large book may not. The runtime's own "failed to allocate" lines come first
/// (it writes them before it stops, and no setting of a running process silences them).
enum MemoryLimit {
    /// The line the handler writes, made before any signal can come (a handler may only write
    /// and exit).
    nonisolated(unsafe) private static var line: [CChar] = []

    /// Installs the handlers when the process runs under an address-space limit.
    static func reportExhaustion() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return }  // RLIM_INFINITY
        let mebibytes = limit.rlim_cur >> 20
        let text = "pageturn: error: memory ran out under the address-space limit of \(mebibytes) MiB (ulimit -v); "
            + "pageturn needs about 150 MiB\n"
        line = Array(text.utf8CString)
        for sig in [SIGABRT, SIGSEGV, SIGBUS] {
            signal(sig) { _ in
                MemoryLimit.line.withUnsafeBufferPointer { text in _ = write(2, text.baseAddress, text.count - 1) }
                _exit(1)
            }
        }
    }
}
