import Dispatch
import WorkerThreads

/// A value worked out on another thread while this one goes on; `value` waits for it.
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    private var result: Value?
    private let done = DispatchGroup()

    /// Starts `work` on a thread of its own (`WorkerThread`).
    init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        WorkerThread.start {
            self.result = work()
            self.done.leave()
        }
    }

    /// The value, once `work` has returned (written before `leave`, read after `wait`).
    var value: Value {
        done.wait()
        return result!
    }
}
