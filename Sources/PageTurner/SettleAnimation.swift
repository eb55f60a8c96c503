/// The animation that carries a released page to its end, and the rubber band at the ends of
/// the book. Pure functions of time: the machine asks for the value at a time it was given.

/// Cubic ease-out: e(f) = 1 − (1 − f)³ for f in 0…1 (fast start, gentle landing; e(0) = 0,
/// e(1) = 1, e′(1) = 0).
@inlinable public func easeOutCubic(_ f: Double) -> Double {
    let g = 1 - min(max(f, 0), 1)
    return 1 - g * g * g
}

/// A page travelling from `fromProgress` to `toProgress`, with the vertical lift of the drag
/// returning to 0 along the same curve.
///
/// Duration (the rule): the full width takes `turnDuration`; a shorter distance takes
/// proportionally less, `turnDuration · |to − from|`, but never less than
/// `minimumSettleDuration` (80 ms); a page that has nowhere to go (distance 0) lands at once.
public struct SettleAnimation: Sendable, Hashable {
    public var fromProgress: Double
    public var toProgress: Double
    public var fromLift: Double
    public var start: Double
    public var duration: Double

    public init(from: Double, to: Double, lift: Double = 0, start: Double, duration: Double) {
        fromProgress = from
        toProgress = to
        fromLift = lift
        self.start = start
        self.duration = max(duration, 0)
    }

    /// An animation over `|to − from|` of the width, timed by `config`.
    public init(from: Double, to: Double, lift: Double = 0, start: Double, config: TurnConfig) {
        self.init(from: from, to: to, lift: lift, start: start,
                  duration: Self.duration(distance: abs(to - from), lift: lift, config: config))
    }

    /// The settling time for a travel of `distance` (a fraction of the page width).
    public static func duration(distance: Double, lift: Double = 0, config: TurnConfig) -> Double {
        guard config.animated, distance > 0 || lift != 0 else { return 0 }
        let floor = min(config.minimumSettleDuration, config.turnDuration)
        return max(floor, config.turnDuration * min(distance, 1))
    }

    /// When the page lands.
    public var end: Double { start + duration }

    /// The eased fraction of the way at `time`, 0 before the start and 1 from the end on.
    @inlinable public func fraction(at time: Double) -> Double {
        guard duration > 0 else { return time >= start ? 1 : 0 }
        return easeOutCubic((time - start) / duration)
    }

    /// progress(t) = from + (to − from) · e((t − start) / duration).
    public func progress(at time: Double) -> Double {
        let f = fraction(at: time)
        return f >= 1 ? toProgress : fromProgress + (toProgress - fromProgress) * f
    }

    /// lift(t) = lift₀ · (1 − e((t − start) / duration)).
    public func lift(at time: Double) -> Double {
        let f = fraction(at: time)
        return f >= 1 ? 0 : fromLift * (1 - f)
    }
}

/// The resistance felt when pulling a page towards a page that does not exist.
///
/// Displayed travel for a pulled travel d ≥ 0 (both in pixels), with limit L = limit·width and
/// stiffness c: r(d) = L · c·d / (L + c·d). It starts with slope c, grows monotonically and never
/// reaches L (iOS's rubber band, 1 − 1/(c·d/L + 1), scaled by L). Its inverse,
/// d(r) = L·r / (c·(L − r)), lets a press that grabs a bouncing page continue the pull.
public struct RubberBand: Sendable, Hashable {
    public var limit: Double
    public var stiffness: Double

    public init(limit: Double, stiffness: Double) {
        self.limit = max(limit, 0)
        self.stiffness = max(stiffness, 1e-9)
    }

    public init(width: Double, config: TurnConfig) {
        self.init(limit: config.rubberBandLimit * width, stiffness: config.rubberBandStiffness)
    }

    /// r(d): how far the page shows for a pull of `pulled` pixels.
    public func displayed(_ pulled: Double) -> Double {
        guard pulled > 0, limit > 0 else { return 0 }
        let cd = stiffness * pulled
        return limit * cd / (limit + cd)
    }

    /// d(r): the pull that shows `displayed` pixels.
    public func pulled(_ displayed: Double) -> Double {
        guard displayed > 0, limit > 0 else { return 0 }
        let r = min(displayed, limit * (1 - 1e-12))
        return limit * r / (stiffness * (limit - r))
    }
}
