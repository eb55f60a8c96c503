@preconcurrency import Glibc

/// Under an address-space limit (`ulimit -v`), Swift's runtime stops on an allocation that
/// fails by aborting (SIGABRT): with a limit set, an abort ends the command with a line that
/// says memory ran out and exit status 1, not a signal. Faults (SIGSEGV, SIGBUS) stay the
/// crashes they are, and without a limit so does an abort.
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
        signal(SIGABRT) { _ in
            MemoryLimit.line.withUnsafeBufferPointer { text in _ = write(2, text.baseAddress, text.count - 1) }
            _exit(1)
        }
    }
}
