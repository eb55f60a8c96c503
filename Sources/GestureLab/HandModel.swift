/// How a hand moves a pointer, for synthetic gestures: the minimum-jerk model of point-to-point
/// arm movements (Flash and Hogan, 1985), sampled at a device's rate with small noise.
///
/// A movement from a to b over duration D follows
/// `p(τ) = a + (b − a)·(10τ³ − 15τ⁴ + 6τ⁵)`, τ = t/D: it starts and ends at rest, with its
/// peak speed, 1.875·|b − a|/D, half way. A flick is the same movement let go early, while
/// the pointer is still fast.
public enum HandModel {
    /// The share of the way covered at τ (0…1) of a minimum-jerk movement.
    public static func minimumJerk(_ tau: Double) -> Double {
        let t = min(max(tau, 0), 1)
        return t * t * t * (10 - 15 * t + 6 * t * t)
    }

    /// How a device reports a pointer: how often, and how precisely.
    public struct Sampling: Sendable {
        /// Time between reports, in ms.
        public var interval: Double
        /// Timing jitter of each report (standard deviation, ms).
        public var jitter: Double
        /// Position noise of each report (standard deviation, px).
        public var noise: Double
        /// The pointer id the script uses (0: the mouse, 1: a finger).
        public var pointer: Int

        /// A mouse: reports at 125 Hz, to the pixel.
        public static let mouse = Sampling(interval: 8, jitter: 0.5, noise: 0.3, pointer: 0)
        /// A touch screen: reports at 60 Hz, a finger's contact a little noisy.
        public static let touch = Sampling(interval: 1000.0 / 60, jitter: 1, noise: 0.8, pointer: 1)
    }

    /// One reported position and its time.
    public struct Sample: Sendable {
        public var time: Double
        public var x: Double
        public var y: Double
    }

    /// The reports of a movement from `from` to `to` lasting `duration` ms, starting at
    /// `start`, cut off after `share` (0…1] of its duration (a flick lets go early), with the
    /// device's jitter and noise. The first sample is the press point itself.
    public static func movement(from: (x: Double, y: Double), to: (x: Double, y: Double), start: Double,
                                duration: Double, share: Double = 1, sampling: Sampling,
                                random: inout SeededRandom) -> [Sample] {
        var samples = [Sample(time: start, x: from.x, y: from.y)]
        let end = duration * min(max(share, 0), 1)
        var t = sampling.interval
        while t < end + sampling.interval / 2 {
            let at = min(t + random.normal(sigma: sampling.jitter), end)
            let f = minimumJerk(at / duration)
            samples.append(Sample(time: start + max(at, samples.last!.time - start + 0.1),
                                  x: from.x + (to.x - from.x) * f + random.normal(sigma: sampling.noise),
                                  y: from.y + (to.y - from.y) * f + random.normal(sigma: sampling.noise)))
            t += sampling.interval
        }
        return samples
    }
}
