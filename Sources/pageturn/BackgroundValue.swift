import Dispatch

/// A value worked out on another thread while this one goes on; `value` waits for it.
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    private var result: Value?
    private let done = DispatchGroup()

    /// Starts `work` on a global queue.
    init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async {
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
