/// One setting of `TurnSettings`: its name, unit, allowed range, what it does, and where it
/// lives. The ranges keep every combination safe for the machine (nothing divides by zero or
/// waits forever), not merely sensible.
public struct TurnSetting: Sendable, Equatable {
    /// The key for `--set KEY=VALUE` and in a `--config` file.
    public let name: String
    /// The unit, as help shows it ("px", "ms", "px/s", "degrees", "fraction of the width", …).
    public let unit: String
    public let range: ClosedRange<Double>
    /// One line on what it does.
    public let summary: String
    let keyPath: WritableKeyPath<TurnSettings, Double> & Sendable

    public static func == (a: TurnSetting, b: TurnSetting) -> Bool { a.name == b.name }

    /// The setting named `name`, if any.
    public static func named(_ name: String) -> TurnSetting? { all.first { $0.name == name } }

    /// Every setting: the machine's thresholds, the commit rules' numbers (`TurnPolicy`, each
    /// named after its rule), then the classic curl's bands, then the cylinder's.
    public static let all: [TurnSetting] = [
        TurnSetting(name: "touchSlop", unit: "px", range: 0...200,
                    summary: "radius of the circle inside which a press is still a tap", keyPath: \.turn.touchSlop),
        TurnSetting(name: "tapTimeout", unit: "ms", range: 1...10_000,
                    summary: "a tap lets go within this time of its press", keyPath: \.turn.tapTimeout),
        TurnSetting(name: "longPressTimeout", unit: "ms", range: 1...60_000,
                    summary: "a press held still this long is a long press", keyPath: \.turn.longPressTimeout),
        TurnSetting(name: "maxDragAngleDegrees", unit: "degrees", range: 1...89,
                    summary: "a drag steeper than this from the horizontal (at directionDistance) does not turn",
                    keyPath: \.turn.maxDragAngleDegrees),
        TurnSetting(name: "directionDistance", unit: "px", range: 0...1000,
                    summary: "a drag that leaves the slop steeply is judged on its travel from the press this far",
                    keyPath: \.turn.directionDistance),
        TurnSetting(name: "commitFraction", unit: "fraction of the width", range: 0.01...1,
                    summary: "a released drag commits past this share of the page width", keyPath: \.turn.commitFraction),
        TurnSetting(name: "flingVelocity", unit: "px/s", range: 1...100_000,
                    summary: "a release faster than this commits its way and cancels the other way",
                    keyPath: \.turn.flingVelocity),
        TurnSetting(name: "velocityHorizon", unit: "ms", range: 1...10_000,
                    summary: "pointer samples older than this do not count towards the release velocity",
                    keyPath: \.turn.velocityHorizon),
        TurnSetting(name: "velocityStopGap", unit: "ms", range: 1...10_000,
                    summary: "a pointer still this long before letting go has stopped (no fling)",
                    keyPath: \.turn.velocityStopGap),
        TurnSetting(name: "turnDuration", unit: "ms", range: 1...10_000,
                    summary: "time a settling page takes to travel the whole width", keyPath: \.turn.turnDuration),
        TurnSetting(name: "minimumSettleDuration", unit: "ms", range: 0...10_000,
                    summary: "the shortest settling animation", keyPath: \.turn.minimumSettleDuration),
        TurnSetting(name: "rubberBandLimit", unit: "fraction of the width", range: 0...1,
                    summary: "how far a page pulled past either end of the book may follow", keyPath: \.turn.rubberBandLimit),
        TurnSetting(name: "rubberBandStiffness", unit: "slope", range: 0.01...1,
                    summary: "how closely that pull follows the pointer at first (1: no resistance)",
                    keyPath: \.turn.rubberBandStiffness),

        TurnSetting(name: "scrollReleaseGap", unit: "ms", range: 1...2000,
                    summary: "a trackpad swipe lets go when its scroll deltas stop for this long",
                    keyPath: \.turn.scrollReleaseGap),

        TurnSetting(name: "leaves.fraction", unit: "fraction of the width", range: 0...1,
                    summary: "--policy leaves: let go past this share of the width from the turn's edge turns",
                    keyPath: \.turn.policy.leavesFraction),
        TurnSetting(name: "leaves.dragThreshold", unit: "px", range: 0...10_000,
                    summary: "--policy leaves: a forward turn must have moved further than this",
                    keyPath: \.turn.policy.leavesDragThreshold),
        TurnSetting(name: "harism.fraction", unit: "fraction of the width", range: 0...1,
                    summary: "--policy harism: let go past this share of the width turns", keyPath: \.turn.policy.harismFraction),
        TurnSetting(name: "eschao.forward", unit: "fraction of the width", range: 0...1,
                    summary: "--policy eschao: a forward turn let go within this share of its edge restores",
                    keyPath: \.turn.policy.eschaoForward),
        TurnSetting(name: "eschao.backward", unit: "fraction of the width", range: 0...1,
                    summary: "--policy eschao: the same for a backward turn", keyPath: \.turn.policy.eschaoBackward),
        TurnSetting(name: "stpageflip.swipeDistance", unit: "px", range: 0...10_000,
                    summary: "--policy stpageflip: a swipe longer than this turns…", keyPath: \.turn.policy.stpageflipSwipeDistance),
        TurnSetting(name: "stpageflip.swipeTime", unit: "ms", range: 0...10_000,
                    summary: "…let go within this time of its press…", keyPath: \.turn.policy.stpageflipSwipeTime),
        TurnSetting(name: "stpageflip.swipeDrift", unit: "px", range: 0...10_000,
                    summary: "…and drifting less than this vertically", keyPath: \.turn.policy.stpageflipSwipeDrift),
        TurnSetting(name: "fbreader.portrait", unit: "fraction of the width", range: 0...1,
                    summary: "--policy fbreader: the shortest drag that turns in a portrait window…",
                    keyPath: \.turn.policy.fbreaderPortrait),
        TurnSetting(name: "fbreader.landscape", unit: "fraction of the width", range: 0...1,
                    summary: "…in a landscape one…", keyPath: \.turn.policy.fbreaderLandscape),
        TurnSetting(name: "fbreader.dpi", unit: "px per inch", range: 1...2000,
                    summary: "…never more than half an inch at this resolution", keyPath: \.turn.policy.fbreaderDPI),
        TurnSetting(name: "turnjs.time", unit: "ms", range: 0...10_000,
                    summary: "--policy turnjs: a release within this time of the press turns", keyPath: \.turn.policy.turnjsTime),
        TurnSetting(name: "readest.projection", unit: "ms", range: 0...10_000,
                    summary: "--policy readest: how far ahead the release velocity carries the page",
                    keyPath: \.turn.policy.readestProjection),
        TurnSetting(name: "compose.friction", unit: "friction", range: 0.0001...1,
                    summary: "--policy compose: Android's scroll friction, which stops a fling's glide",
                    keyPath: \.turn.policy.composeFriction),
        TurnSetting(name: "compose.density", unit: "× 160 px per inch", range: 0.1...10,
                    summary: "--policy compose: the display density the glide is reckoned at", keyPath: \.turn.policy.composeDensity),

        TurnSetting(name: "classic.shadowWidth", unit: "px", range: 0...1000,
                    summary: "width of the shadow band centred on the turning edge", keyPath: \.classic.shadowWidth),
        TurnSetting(name: "classic.shadowEdgeAlpha", unit: "alpha", range: 0...1,
                    summary: "the shadow band's opacity at its two edges", keyPath: \.classic.shadowEdgeAlpha),
        TurnSetting(name: "classic.shadowCentreAlpha", unit: "alpha", range: 0...1,
                    summary: "the shadow band's opacity at its centre", keyPath: \.classic.shadowCentreAlpha),
        TurnSetting(name: "classic.marginWidth", unit: "px", range: 0...1000,
                    summary: "width of the margin band at the back page's edge", keyPath: \.classic.marginWidth),
        TurnSetting(name: "classic.marginOffset", unit: "px", range: -1000...1000,
                    summary: "how far the margin band starts left of the back page's edge", keyPath: \.classic.marginOffset),
        TurnSetting(name: "classic.marginStartAlpha", unit: "alpha", range: 0...1,
                    summary: "the margin band's opacity at its start", keyPath: \.classic.marginStartAlpha),
        TurnSetting(name: "classic.marginEndAlpha", unit: "alpha", range: 0...1,
                    summary: "the margin band's opacity at its end", keyPath: \.classic.marginEndAlpha),

        TurnSetting(name: "cylinder.maxRadius", unit: "fraction of the width", range: 0...0.5,
                    summary: "the cylinder's radius in mid-turn", keyPath: \.cylinder.maxRadius),
        // Under 45°: past it the turned-over edge runs back up the page, and the point under the
        // pointer would no longer be one (`CylinderCurl.freeEdgeX`).
        TurnSetting(name: "cylinder.maxTiltDegrees", unit: "degrees", range: 0...44,
                    summary: "the most the fold may tilt from the vertical", keyPath: \.cylinder.maxTiltDegrees),
        TurnSetting(name: "cylinder.cornerSnap", unit: "fraction of the height", range: 0...0.5,
                    summary: "a grab this close to the top or bottom takes the corner", keyPath: \.cylinder.cornerSnap),
        TurnSetting(name: "cylinder.ambient", unit: "shade", range: 0...1,
                    summary: "the darkest shade, where the paper is seen edge-on", keyPath: \.cylinder.ambient),
        TurnSetting(name: "cylinder.backWash", unit: "fraction", range: 0...1,
                    summary: "how far the back of the page is washed towards the paper colour", keyPath: \.cylinder.backWash),
        TurnSetting(name: "cylinder.shadowWidth", unit: "radii", range: 0...10,
                    summary: "width of the shadow the curl casts, in radii", keyPath: \.cylinder.shadowWidth),
        TurnSetting(name: "cylinder.shadowAlpha", unit: "alpha", range: 0...1,
                    summary: "the cast shadow's opacity next to the curl", keyPath: \.cylinder.shadowAlpha),
    ]
}
