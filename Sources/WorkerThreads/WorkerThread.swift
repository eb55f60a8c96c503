import CWorkerThreads
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import FoundationEssentials

/// A thread for work that should start now, beside the caller's: reading a book ahead while
/// the command line is parsed, loading what a layout needs, the second half of a layout.
///
/// Started on another core than the caller's (see `worker_threads.h`: a new thread placed by
/// Linux waits up to a few ms for the load balancer when its parent stays busy, as a parent
/// that just handed it work does), then free to move. A dispatch queue's thread starts as
/// late, and for the same reason.
public enum WorkerThread {
    /// Runs `body` on a new thread (see the type).
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        let started = pt_worker_start({ context in
            guard let context else { return }
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        }, work)
        if started != 0 {
            // No thread (memory, or the process's threads, ran out): nothing else would run the
            // work — a dispatch queue asked to would sleep and retry for ever — and callers
            // wait for it. The process ends in one line instead of hanging.
            Unmanaged<Work>.fromOpaque(work).release()
            let why = started == -1 || started == ENOMEM || started == EAGAIN
                ? "memory or the process's threads ran out" : "error \(started)"
            var line = Array("pageturn: error: cannot start a thread (\(why))\n".utf8)
            _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
            _exit(1)  // not `exit`: other threads run on, and atexit handlers would race them
        }
    }

    /// Limits the process to `count` malloc arenas (see `worker_threads.h`); called once, at
    /// the start, before any thread.
    public static func limitMallocArenas(to count: Int) {
        pt_worker_limit_arenas(Int32(count))
    }

    /// `body` boxed to cross into C and back.
    private final class Work: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
