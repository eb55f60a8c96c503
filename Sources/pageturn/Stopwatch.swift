import Dispatch

/// Wall-clock laps in milliseconds, from a monotonic clock: what `paginate` prints as its
/// time and the launch trace (`LaunchTrace`) as its steps.
struct Stopwatch {
    var start = DispatchTime.now().uptimeNanoseconds

    mutating func reset() { start = DispatchTime.now().uptimeNanoseconds }

    /// The milliseconds since the last lap (or the start), and starts the next lap.
    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { start = now }
        return Double(now - start) / 1e6
    }
}
