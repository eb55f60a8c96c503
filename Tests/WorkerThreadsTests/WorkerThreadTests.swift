import Foundation
import Synchronization
import Testing
import CWorkerThreads
import WorkerThreads

/// A worker thread runs its work, once, on a thread of its own, however many are started.
@Suite struct WorkerThreadTests {
    @Test func eachStartRunsItsWorkOnceOnAThreadOfItsOwn() {
        let count = 64
        let done = DispatchSemaphore(value: 0)
        let runs = Mutex<[Int]>([])
        let caller = pthread_self()
        let elsewhere = Mutex(true)
        for k in 0..<count {
            WorkerThread.start {
                if pthread_equal(pthread_self(), caller) != 0 { elsewhere.withLock { $0 = false } }
                runs.withLock { $0.append(k) }
                done.signal()
            }
        }
        for _ in 0..<count { done.wait() }
        #expect(runs.withLock { $0.sorted() } == Array(0..<count))
        #expect(elsewhere.withLock { $0 })
    }

    /// Once running, a worker may use every core the process may: the affinity it started
    /// with (the other cores) is given back.
    @Test func aRunningWorkerMayUseEveryCoreTheProcessMay() {
        let before = Int(pt_worker_allowed_cores())
        let done = DispatchSemaphore(value: 0)
        let seen = Mutex(0)
        WorkerThread.start {
            let count = Int(pt_worker_allowed_cores())
            seen.withLock { $0 = count }
            done.signal()
        }
        done.wait()
        #expect(seen.withLock { $0 } == before)
    }
}
