/// Sine and cosine in pure Swift, because they are faster where the cylinder's mesh is built:
/// they inline into `StripMeshBuilder`'s loop, where a call into the C library's `sin` and
/// `cos` per vertex does not. Measured (-O, a strip mesh's 60 angles over 0…π): 6.1 ns an
/// angle for `halfTurnSineCosine` against 17.1 ns for Glibc's `sin` and `cos`, which is also
/// what swift-numerics' `Double.sin` and `.cos` call. `halfTurnSineCosine` skips the range
/// reduction altogether for the cylinder's angles, 0…π.
///
/// Range reduction: x = k·(π/2) + r with |r| ≤ π/4, using π/2 split in two parts (Cody–Waite)
/// so that r keeps its precision for the arguments a page turn sees (|x| well under 10⁶).
/// On |r| ≤ π/4 the Taylor series of sin to r¹⁷ and of cos to r¹⁸ are accurate to below
/// 1e-16 (the first omitted terms are (π/4)¹⁹/19! ≈ 1e-19 and (π/4)²⁰/20! ≈ 1e-20).

@usableFromInline let halfPiHigh = 1.5707963267341256   // π/2 rounded to 33 bits
@usableFromInline let halfPiLow = 6.077100506506192e-11 // π/2 − halfPiHigh

/// sin r for |r| ≤ π/4: r − r³/3! + r⁵/5! − … − r¹⁷/17! … (Horner form).
@inlinable func kernelSine(_ r: Double) -> Double {
    let r2 = r * r
    var p = 1.0 / 355_687_428_096_000          // 1/17!
    p = p * r2 - 1.0 / 1_307_674_368_000       // 1/15!
    p = p * r2 + 1.0 / 6_227_020_800           // 1/13!
    p = p * r2 - 1.0 / 39_916_800              // 1/11!
    p = p * r2 + 1.0 / 362_880                 // 1/9!
    p = p * r2 - 1.0 / 5_040                   // 1/7!
    p = p * r2 + 1.0 / 120                     // 1/5!
    p = p * r2 - 1.0 / 6                       // 1/3!
    return r + r * r2 * p
}

/// cos r for |r| ≤ π/4: 1 − r²/2! + r⁴/4! − … + r¹⁸/18! … (Horner form).
@inlinable func kernelCosine(_ r: Double) -> Double {
    let r2 = r * r
    var p = -1.0 / 6_402_373_705_728_000       // 1/18!
    p = p * r2 + 1.0 / 20_922_789_888_000      // 1/16!
    p = p * r2 - 1.0 / 87_178_291_200          // 1/14!
    p = p * r2 + 1.0 / 479_001_600             // 1/12!
    p = p * r2 - 1.0 / 3_628_800               // 1/10!
    p = p * r2 + 1.0 / 40_320                  // 1/8!
    p = p * r2 - 1.0 / 720                     // 1/6!
    p = p * r2 + 1.0 / 24                      // 1/4!
    p = p * r2 - 1.0 / 2                       // 1/2!
    return 1 + r2 * p
}

/// Both sin x and cos x, sharing one range reduction.
@inlinable func sineCosine(_ x: Double) -> (sin: Double, cos: Double) {
    guard x.isFinite else { return (.nan, .nan) }
    // Beyond 10¹⁵ a Double has no fraction of π left to speak of and the reduction below would
    // leave |r| far above π/4, where the series blow up: fold such arguments into ±2π first
    // (exactly, with the remainder of the Double nearest 2π), so the result stays a sine.
    let x = abs(x) < 1e15 ? x : x.truncatingRemainder(dividingBy: 2 * Double.pi)
    let k = (x * (2 / Double.pi)).rounded(.toNearestOrEven)
    let r = (x - k * halfPiHigh) - k * halfPiLow
    let s = kernelSine(r), c = kernelCosine(r)
    // The quadrant: k mod 4 (two's complement makes −1 & 3 == 3); |k| < 10¹⁵ fits an Int.
    switch Int(k) & 3 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}

/// Both sin α and cos α for 0 ≤ α ≤ π (the cylinder's angles), without range reduction:
/// with t = α − π/2 in [−π/2, π/2], sin α = cos t and cos α = −sin t. On |t| ≤ π/2 the kernels'
/// first omitted terms are (π/2)¹⁹/19! ≈ 4e-14 and (π/2)²⁰/20! ≈ 3e-15.
@inlinable func halfTurnSineCosine(_ alpha: Double) -> (sin: Double, cos: Double) {
    let t = alpha - Double.pi / 2
    return (kernelCosine(t), -kernelSine(t))
}

/// sin x.
@inlinable func sine(_ x: Double) -> Double { sineCosine(x).sin }

/// cos x.
@inlinable func cosine(_ x: Double) -> Double { sineCosine(x).cos }

/// The angle of (x, y) from the x axis in degrees, for x, y ≥ 0 (0…90; 0 for the origin): for
/// the reasons a gesture was ignored ("vertical: 68°"), not a hot path. The arctangent of
/// t = min/max ≤ 1 is halved twice (atan t = 2·atan(t / (1 + √(1 + t²)))), leaving |t| < 0.2,
/// where its series t − t³/3 + t⁵/5 − … to t²¹ is accurate to below 1e-15.
func atan2Degrees(_ y: Double, _ x: Double) -> Double {
    guard x > 0 || y > 0 else { return 0 }
    let steep = y > x
    var t = steep ? x / y : y / x
    for _ in 0..<2 { t /= 1 + (1 + t * t).squareRoot() }
    let t2 = t * t
    var sum = 0.0
    for k in stride(from: 10, through: 0, by: -1) {
        sum = sum * t2 + (k % 2 == 0 ? 1 : -1) / Double(2 * k + 1)
    }
    let degrees = 4 * t * sum * 180 / Double.pi
    return steep ? 90 - degrees : degrees
}
