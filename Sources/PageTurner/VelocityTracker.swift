/// Estimates a pointer's velocity when it lets go, from its recent positions.
///
/// The method is Android's VelocityTracker "lsq2" strategy: fit a polynomial x(t) of degree 2
/// by least squares to the samples of the last `horizon` milliseconds, with t measured from the
/// newest sample, and take its slope at t = 0 (the newest sample). With two samples the fit is
/// a line, with one the velocity is 0. A pointer that stopped (no sample for `stopGap` ms before
/// the release) has velocity 0, and a pause longer than `stopGap` between two samples cuts the
/// older ones off, so a drag that paused and then flicked is judged by the flick alone.
///
/// The tracker keeps at most 20 samples in a ring and allocates only when it is created.
public struct VelocityTracker: Sendable {
    /// One position at one time.
    public struct Sample: Sendable, Hashable {
        public var time: Double
        public var position: Point
    }

    public static let capacity = 20

    /// Samples older than this (ms, relative to the newest) are not used.
    public var horizon: Double
    /// A gap longer than this (ms) means the pointer stopped.
    public var stopGap: Double

    private var ring: [Sample]
    private var newest = -1
    private var count = 0

    public init(horizon: Double = 100, stopGap: Double = 40) {
        self.horizon = horizon
        self.stopGap = stopGap
        ring = Array(repeating: Sample(time: 0, position: .zero), count: Self.capacity)
    }

    /// Forgets every sample (a new press).
    public mutating func reset() {
        newest = -1
        count = 0
    }

    /// Adds a position. A sample at the same time as the newest replaces it.
    public mutating func add(_ position: Point, at time: Double) {
        if count > 0, ring[newest].time == time {
            ring[newest].position = position
            return
        }
        newest = (newest + 1) % Self.capacity
        ring[newest] = Sample(time: time, position: position)
        count = min(count + 1, Self.capacity)
    }

    /// The velocity in pixels per second at the moment the pointer lets go at `releaseTime`.
    public func velocity(at releaseTime: Double) -> Point {
        guard count > 0 else { return .zero }
        let last = ring[newest]
        if releaseTime - last.time > stopGap { return .zero }

        // Walk back from the newest sample while the samples are recent and unbroken.
        var used = 1
        var previousTime = last.time
        while used < count {
            let s = ring[(newest - used + Self.capacity) % Self.capacity]
            if last.time - s.time > horizon || previousTime - s.time > stopGap { break }
            previousTime = s.time
            used += 1
        }
        if used == 1 { return .zero }
        return Point(x: slope(used, \.x), y: slope(used, \.y))
    }

    /// Least-squares slope at t = 0 of the newest `used` samples of one coordinate, in px/s.
    ///
    /// Fit x(t) ≈ a + b·t + c·t² (t in seconds, 0 at the newest sample): the normal equations
    ///   [n   Σt   Σt²] [a]   [Σx  ]
    ///   [Σt  Σt²  Σt³] [b] = [Σtx ]
    ///   [Σt² Σt³  Σt⁴] [c]   [Σt²x]
    /// are solved by Cramer's rule for b. With two samples, or when the system is singular
    /// (all samples at nearly the same time), the line fit b = (nΣtx − ΣtΣx)/(nΣt² − (Σt)²).
    private func slope(_ used: Int, _ coordinate: KeyPath<Point, Double>) -> Double {
        let t0 = ring[newest].time
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var sx = 0.0, stx = 0.0, st2x = 0.0
        for i in 0..<used {
            let s = ring[(newest - i + Self.capacity) % Self.capacity]
            let t = (s.time - t0) / 1000
            let x = s.position[keyPath: coordinate]
            let t2 = t * t
            s0 += 1; s1 += t; s2 += t2; s3 += t2 * t; s4 += t2 * t2
            sx += x; stx += t * x; st2x += t2 * x
        }
        if used >= 3 {
            let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
            // Relative test: the determinant scales with t⁶.
            if abs(det) > 1e-12 * max(s4 * s4 * s0, 1e-300) {
                let detB = s0 * (stx * s4 - s3 * st2x) - sx * (s1 * s4 - s3 * s2) + s2 * (s1 * st2x - stx * s2)
                return detB / det
            }
        }
        let den = s0 * s2 - s1 * s1
        if abs(den) < 1e-18 { return 0 }
        return (s0 * stx - s1 * sx) / den
    }
}
