/// Every threshold of the recognizer and the machine, with defaults that follow the iOS
/// tutorial and common touch platforms. Distances are logical pixels, times milliseconds.
public struct TurnConfig: Sendable, Hashable {
    /// Radius of the touch-slop circle: inside it a press is a tap candidate (Android uses 8 dp).
    public var touchSlop: Double = 8
    /// A tap is an up within this time of its down (and inside the slop).
    public var tapTimeout: Double = 250
    /// A press held still this long is a long press.
    public var longPressTimeout: Double = 500
    /// A drag turns pages when it leaves the slop at an angle from the horizontal below this
    /// (`|dy| < |dx|·tan(maxDragAngle)`), or, leaving it steeper, when its displacement from
    /// the press is below it at `directionDistance`. Degrees.
    public var maxDragAngleDegrees: Double = 60
    /// A drag that leaves the slop steeper than `maxDragAngleDegrees` (a finger landing with a
    /// wobble, or a vertical drag) is judged again on its whole displacement from the press once
    /// it has travelled this far (px): a turn if that is within the angle, ignored otherwise.
    /// Three times the slop, as foliate-js waits for 24 px; KOReader's pan starts after 35 dp,
    /// Android's ViewPager decides at its 8 dp slop wanting twice as much x as y.
    public var directionDistance: Double = 24
    /// The commit rule a released drag is judged by (`--policy`): this project's by default,
    /// which reads `commitFraction` and `flingVelocity`.
    public var policy = TurnPolicy()
    /// A released drag commits when `|x − x₀| ≥ commitFraction · width` (the iOS tutorial's
    /// `minoffset = width / 5`).
    public var commitFraction: Double = 1.0 / 5.0
    /// A release faster than this (px/s) commits in the turn's direction and cancels against it.
    public var flingVelocity: Double = 600
    /// Samples older than this (relative to the newest) do not count towards the release
    /// velocity, as in Android's VelocityTracker.
    public var velocityHorizon: Double = 100
    /// A pointer that has not moved for this long before it lets go has stopped: no fling.
    public var velocityStopGap: Double = 40
    /// Time for a settling page to travel the full width. Shorter travels take proportionally
    /// less time, but never less than `minimumSettleDuration`.
    public var turnDuration: Double = 300
    /// The shortest settling animation.
    public var minimumSettleDuration: Double = 80
    /// A drag towards a page that does not exist follows the pointer with resistance, at most
    /// this fraction of the width (a rubber band).
    public var rubberBandLimit: Double = 0.1
    /// A trackpad swipe (a run of precise scroll deltas) lets go when no delta has come for
    /// this long, in ms.
    public var scrollReleaseGap: Double = 80
    /// How hard the rubber band pulls: its slope at the start (1 = no resistance). iOS uses 0.55.
    public var rubberBandStiffness: Double = 0.55
    /// Right-to-left reading: dragging towards the right turns to the next page, and tap zones
    /// swap previous and next.
    public var rightToLeft: Bool = false
    /// When false, pages land at once instead of settling. The curl model decides it
    /// (`CurlModel.animates`: only `none` does not animate); `init(curl:)` sets it from there.
    public var animated: Bool = true
    /// Which point of a dragged page the pointer holds, on which picture (`PageHold`): the
    /// classic curl's own grip by default (its fold on single pages, a leaf's edge on spreads).
    public var hold = PageHold()

    public init() {}

    /// The defaults for pages drawn with `curl` (animated unless the model is `none`, held by
    /// the model's own grip, `CurlModel.defaultGrip(spread:)`), in the given reading direction.
    public init(curl: CurlModel, rightToLeft: Bool = false) {
        animated = curl.animates
        hold = PageHold(curl: CurlRenderer(model: curl))
        self.rightToLeft = rightToLeft
    }

    /// The iOS tutorial's defaults.
    public static let standard = TurnConfig()

    /// `tan(maxDragAngle)`, the ratio |dy|/|dx| below which a drag is horizontal.
    var dragSlopeLimit: Double { tangent(degrees: maxDragAngleDegrees) }
}

/// tan of an angle in degrees, computed from the standard library's `Double` only.
func tangent(degrees: Double) -> Double {
    let r = degrees * Double.pi / 180
    return sine(r) / cosine(r)
}
