import CWorkerThreads
import Dispatch
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
            // No thread of our own (the process is at its limit): a dispatch queue's, which
            // runs the work on a thread it has if it cannot make one.
            Unmanaged<Work>.fromOpaque(work).release()
            DispatchQueue.global(qos: .userInitiated).async(execute: body)
        }
    }

    /// `body` boxed to cross into C and back.
    private final class Work: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
