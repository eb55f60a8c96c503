/// A small, fully specified random number generator (SplitMix64, Steele, Lea and Flood 2014):
/// the same seed gives the same numbers on every machine and in every Swift version, which
/// the standard library's generator does not promise. What `GestureSynthesizer` draws from,
/// so a seed names a set of gestures for good.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`, uniformly (53 random bits).
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) * 0x1p-53
        return range.lowerBound + (range.upperBound - range.lowerBound) * unit
    }

    /// A nearly normal number with mean 0 and standard deviation `sigma`: the sum of twelve
    /// uniform numbers less six (Irwin–Hall), so no logarithm or cosine whose last bit could
    /// differ between C libraries; it never strays beyond ±6σ.
    public mutating func normal(sigma: Double) -> Double {
        var sum = 0.0
        for _ in 0..<12 { sum += uniform(0...1) }
        return sigma * (sum - 6)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { uniform(0...1) < p }

    /// One of `items`, uniformly.
    public mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}
