import Dispatch
import FoundationEssentials
import Pagination
import Synchronization
import WorkerThreads

/// The full pass on a background thread (or, not started, on the first thread that waits for
/// it), its result behind a lock. A pass nobody wants any more (its layout was replaced) is
/// cancelled and stops within a paragraph, without saving anything.
final class PendingPass: Sendable {
    private let box = Mutex<PageMap?>(nil)
    private let done = DispatchSemaphore(value: 0)
    private let started: Mutex<Bool>
    private let cancelled = Atomic<Bool>(false)
    private let work: @Sendable (PendingPass) -> Void

    init(paginator: Paginator, cache: PageCache?, key: UInt64, start: Bool) {
        work = { pass in
            // Cancelled passes stop early; one that is waited for runs to the end.
            guard let map = paginator.paginate(until: { pass.cancelled.load(ordering: .relaxed) }) else { return }
            pass.box.withLock { $0 = map }
            pass.done.signal()
            try? cache?.store(map, key: key)
        }
        started = Mutex(false)
        if start { startInBackground() }
    }

    func result() -> PageMap? { box.withLock { $0 } }

    /// Starts the pass on a background thread unless it has started already.
    func startInBackground() {
        guard claimStart() else { return }
        WorkerThread.start { [self] in work(self) }
    }

    /// Stops a pass that is no longer wanted (nothing waits for it: its layout is gone).
    func cancel() { cancelled.store(true, ordering: .relaxed) }

    func wait() -> PageMap {
        if let r = result() { return r }
        if claimStart() { work(self) } else { done.wait(); done.signal() }
        return result()!
    }

    var hasStarted: Bool { started.withLock { $0 } }

    /// True for the one caller that gets to run the pass.
    private func claimStart() -> Bool {
        started.withLock { wasStarted in
            defer { wasStarted = true }
            return !wasStarted
        }
    }
}
