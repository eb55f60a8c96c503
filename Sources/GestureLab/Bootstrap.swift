/// How sure a total over gestures is: the percentile bootstrap (Efron 1979). The gestures are
/// drawn again, with replacement, as many times as `resamples`; the totals of those draws
/// spread as the total itself would over other gestures like these, and the middle 95% of
/// them is the interval. Seeded (`SeededRandom`), so a run prints the same interval every time.
/// A thousand resamples by default, the least Efron and Tibshirani advise for a percentile
/// interval: the ends then move by about a gesture's cost from one seed to another.
public struct Bootstrap: Sendable {
    public var resamples: Int
    public var seed: UInt64

    public init(resamples: Int = 1000, seed: UInt64 = 1) {
        self.resamples = max(resamples, 1)
        self.seed = seed
    }

    /// The 95% interval of the sum of `values` (one per gesture).
    public func interval(ofSum values: [Double]) -> ClosedRange<Double> {
        interval(values, minus: nil)
    }

    /// The 95% interval of Σ(a − b) over the same gestures (`a` and `b` in the same order):
    /// each draw takes a gesture's two values together (a paired bootstrap), so what both rules
    /// got wrong alike does not widen it. Entirely below 0: `a` costs less beyond doubt.
    public func interval(ofDifference a: [Double], _ b: [Double]) -> ClosedRange<Double> {
        precondition(a.count == b.count, "a paired difference takes the same gestures on both sides")
        return interval(a, minus: b)
    }

    private func interval(_ a: [Double], minus b: [Double]?) -> ClosedRange<Double> {
        let n = a.count
        guard n > 0 else { return 0...0 }
        var diffs = a
        if let b { for i in 0..<n { diffs[i] -= b[i] } }
        var random = SeededRandom(seed: seed)
        var totals = [Double](repeating: 0, count: resamples)
        diffs.withUnsafeBufferPointer { d in
            for r in 0..<resamples {
                var sum = 0.0
                // An index below n from the high half of a 64 × 64-bit product (Lemire's
                // multiply-shift): no division in the loop.
                for _ in 0..<n { sum += d[Int(random.next().multipliedFullWidth(by: UInt64(n)).high)] }
                totals[r] = sum
            }
        }
        totals.sort()
        let low = totals[Int((Double(resamples - 1) * 0.025).rounded())]
        let high = totals[Int((Double(resamples - 1) * 0.975).rounded())]
        return low...high
    }
}
