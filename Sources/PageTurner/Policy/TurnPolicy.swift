import RealModule

/// A commit rule with its numbers: the value the machine asks, when a dragging pointer lets go,
/// whether the page turns (`decide`). The rule is chosen by name (`CommitRule`, `--policy`);
/// every rule's numbers are kept, so that a comparison can run them all under one set of
/// settings. `pageturn` reads `TurnConfig.commitFraction` and `flingVelocity`, passed in.
public struct TurnPolicy: Sendable, Hashable {
    public var rule: CommitRule = .pageturn
    /// Leaves: the release point past this fraction of the width turns…
    public var leavesFraction = 0.5
    /// …a forward turn once the finger moved more than this (px).
    public var leavesDragThreshold = 10.0
    /// harism: the release point past this fraction of the width turns.
    public var harismFraction = 0.5
    /// eschao: a forward flip let go within this fraction of the width of its edge restores.
    public var eschaoForward = 0.4
    /// eschao: the same for a backward flip.
    public var eschaoBackward = 0.5
    /// StPageFlip: a swipe longer than this (px)…
    public var stpageflipSwipeDistance = 30.0
    /// …within this time of the press (ms)…
    public var stpageflipSwipeTime = 250.0
    /// …and drifting less than this vertically (px) flips the page.
    public var stpageflipSwipeDrift = 60.0
    /// FBReader: the shortest drag that turns in portrait, as a fraction of the width…
    public var fbreaderPortrait = 1.0 / 3
    /// …and in landscape…
    public var fbreaderLandscape = 1.0 / 4
    /// …never more than half an inch at this many pixels per inch.
    public var fbreaderDPI = 160.0
    /// turn.js: a release within this time of the press turns (ms).
    public var turnjsTime = 200.0
    /// Readest: how far ahead the release velocity is projected (ms).
    public var readestProjection = 240.0
    /// Compose pagecurl: Android's scroll friction (`ViewConfiguration.getScrollFriction`).
    public var composeFriction = 0.015
    /// Compose pagecurl: the display's density (1 = 160 pixels per inch).
    public var composeDensity = 1.0

    public init(rule: CommitRule = .pageturn) { self.rule = rule }

    /// The rule's decision for `f`; `pageturn` uses `commitFraction` and `flingVelocity`.
    /// Nothing here builds a string: `Decision.explanation` words it when asked.
    public func decide(_ f: ReleaseFacts, commitFraction: Double, flingVelocity: Double) -> Decision {
        func past(_ limit: Double, _ rule: CommitRule, spine: Bool = false) -> Decision {
            Decision(commit: f.reach >= limit, byVelocity: false, rule: rule, detail: .reach(f.reach, limit: limit, spine: spine))
        }
        switch rule {
        case .pageturn:
            if f.velocity > flingVelocity {
                return Decision(commit: true, byVelocity: true, rule: rule, detail: .fling(f.velocity, limit: flingVelocity))
            }
            if f.velocity < -flingVelocity {
                return Decision(commit: false, byVelocity: true, rule: rule, detail: .fling(f.velocity, limit: flingVelocity))
            }
            let distance = commitFraction * f.width
            return Decision(commit: f.travel >= distance, byVelocity: false, rule: rule,
                            detail: .travel(f.travel, needed: distance, velocity: f.velocity, flingLimit: flingVelocity))
        case .leaves:
            if f.direction == .next, f.travel <= leavesDragThreshold {
                return Decision(commit: false, byVelocity: false, rule: rule, detail: .moved(f.travel, limit: leavesDragThreshold))
            }
            return past(leavesFraction, rule)
        case .harism:
            return f.spread ? past(1, rule, spine: true) : past(harismFraction, rule)
        case .eschao:
            return past(f.direction == .next ? eschaoForward : eschaoBackward, rule)
        case .stpageflip:
            if f.travel > stpageflipSwipeDistance, f.duration < stpageflipSwipeTime, f.drift < stpageflipSwipeDrift {
                return Decision(commit: true, byVelocity: true, rule: rule,
                                detail: .swipe(f.travel, limit: stpageflipSwipeDistance, time: f.duration, within: stpageflipSwipeTime))
            }
            if f.direction == .previous, !f.spread {
                return Decision(commit: true, byVelocity: false, rule: rule, detail: .backwardPastSpine)
            }
            return past(1, rule, spine: true)
        case .fbreader:
            let share = f.landscape ? fbreaderLandscape : fbreaderPortrait
            let needed = min(share * f.width, fbreaderDPI / 2)
            return Decision(commit: f.travel > needed, byVelocity: false, rule: rule, detail: .drag(f.travel, needed: needed))
        case .turnjs:
            if f.duration < turnjsTime {
                return Decision(commit: true, byVelocity: true, rule: rule, detail: .quick(f.duration, limit: turnjsTime))
            }
            return past(f.spread ? 1 : 0.5, rule, spine: f.spread)
        case .readest:
            let place = min(max(f.travel / f.width, 0), 1)
            let ahead = f.velocity * readestProjection / 1000 / f.width
            return Decision(commit: place + ahead > 0.5, byVelocity: abs(ahead) > place, rule: rule,
                            detail: .projection(place, velocity: f.velocity, ms: readestProjection, total: place + ahead))
        case .compose:
            let glide = SplineDecay(friction: composeFriction, density: composeDensity).distance(velocity: f.velocity)
            let target = min(max(f.reach + glide / f.width, 0), 1)
            return Decision(commit: target > 0.5, byVelocity: (f.reach > 0.5) != (target > 0.5), rule: rule,
                            detail: .glide(f.reach, glide: glide, target: target))
        }
    }
}

/// What a commit rule decided, and the numbers it decided on.
public struct Decision: Sendable, Hashable {
    public var commit: Bool
    /// Whether the release's speed decided (a fling, a quick swipe, a projection), not where
    /// the pointer was or how far it went.
    public var byVelocity: Bool
    public var rule: CommitRule
    public var detail: Detail

    /// The numbers a rule weighed.
    public enum Detail: Sendable, Hashable {
        /// A release velocity (px/s) against the fling limit.
        case fling(Double, limit: Double)
        /// The travel (px) against the distance needed, the velocity under the fling limit.
        case travel(Double, needed: Double, velocity: Double, flingLimit: Double)
        /// Where the pointer let go (fraction of the width) against the rule's place.
        case reach(Double, limit: Double, spine: Bool)
        /// How far a forward drag moved (px) against the least that counts.
        case moved(Double, limit: Double)
        /// A swipe: its travel (px) and time (ms) against the rule's.
        case swipe(Double, limit: Double, time: Double, within: Double)
        /// A backward turn that has passed the spine by construction.
        case backwardPastSpine
        /// A drag (px) against the length needed.
        case drag(Double, needed: Double)
        /// The time from press to release (ms) against the rule's.
        case quick(Double, limit: Double)
        /// The page's place, the velocity carried `ms` ahead, and where that puts it.
        case projection(Double, velocity: Double, ms: Double, total: Double)
        /// The release point, the fling's glide (px) and where that puts it.
        case glide(Double, glide: Double, target: Double)
    }

    /// The decision in its rule's words, with the numbers: "distance 212 ≥ 160 px",
    /// "fling against 700 > 600 px/s", "leaves: let go at 0.42 of the width < 0.5", …
    public var explanation: String {
        func n(_ v: Double) -> String { String(Int(v.rounded())) }
        func frac(_ v: Double) -> String { String(Double(Int((v * 100).rounded())) / 100) }
        let name = rule.rawValue + ": "
        switch detail {
        case .fling(let v, let limit):
            return v >= 0 ? "fling \(n(v)) > \(n(limit)) px/s" : "fling against \(n(-v)) > \(n(limit)) px/s"
        case .travel(let travel, let needed, let v, let limit):
            return commit ? "distance \(n(travel)) ≥ \(n(needed)) px"
                : "below threshold \(n(travel)) < \(n(needed)) px, \(n(abs(v))) ≤ \(n(limit)) px/s"
        case .reach(let reach, let limit, let spine):
            return name + "let go at \(frac(reach)) of the width \(commit ? "≥" : "<") \(frac(limit))" + (spine ? " (the spine)" : "")
        case .moved(let travel, let limit):
            return name + "moved \(n(travel)) ≤ \(n(limit)) px"
        case .swipe(let travel, let limit, let time, let within):
            return name + "swipe \(n(travel)) > \(n(limit)) px in \(n(time)) < \(n(within)) ms"
        case .backwardPastSpine:
            return name + "a backward turn starts past the spine"
        case .drag(let travel, let needed):
            return name + "drag \(n(travel)) \(commit ? ">" : "≤") \(n(needed)) px"
        case .quick(let time, let limit):
            return name + "let go \(n(time)) < \(n(limit)) ms after the press"
        case .projection(let place, let v, let ms, let total):
            return name + "\(frac(place)) + \(n(v)) px/s × \(n(ms)) ms = \(frac(total)) of the width \(commit ? ">" : "≤") 0.5"
        case .glide(let reach, let glide, let target):
            return name + "let go at \(frac(reach)) + glide \(n(glide)) px = \(frac(target)) of the width \(commit ? ">" : "≤") 0.5"
        }
    }
}

/// Android's spline fling decay (the framework's `OverScroller` spline, Compose's
/// `SplineBasedFloatDecayAnimationSpec`): how far a fling at velocity v glides before it
/// stops: d = μ·c·exp(D/(D − 1)·ln(0.35·|v|/(μ·c))), with μ the scroll friction, D = ln 0.78 /
/// ln 0.9 the deceleration rate, and c = 9.80665 m/s² · 39.37 in/m · 160·density px/in · 0.84
/// the physical coefficient; the sign of v.
public struct SplineDecay: Sendable, Hashable {
    public var friction: Double
    public var density: Double

    public init(friction: Double, density: Double) {
        self.friction = friction
        self.density = density
    }

    /// The glide of a fling at `velocity` px/s, px (0 for none).
    public func distance(velocity v: Double) -> Double {
        let coefficient = 9.80665 * 39.37 * 160 * density * 0.84
        let scale = friction * coefficient
        guard v != 0, v.isFinite, scale > 0 else { return 0 }
        let rate = Double.log(0.78) / Double.log(0.9)
        let d = scale * Double.exp(rate / (rate - 1) * Double.log(0.35 * abs(v) / scale))
        return v < 0 ? -d : d
    }
}
