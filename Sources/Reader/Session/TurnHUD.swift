import PageTurner

/// The turn gauges drawn over the page while tuning thresholds (`pageturn read --hud`, F3): during
/// a drag, what the commit rule weighs (`DragGauge`: the commit line, the travel, the velocity
/// against `flingVelocity`); for a while after a release, what it decided and why (`Release`),
/// and after a gesture that turned nothing, why not (`IgnoredGesture`).
public struct TurnHUD: Sendable {
    public var gauge: DragGauge?
    public var release: Release?
    public var ignored: IgnoredGesture?

    /// How long a release's verdict stays up, in ms.
    public static let releaseShown = 2500.0
}

extension ReaderSession {
    /// The gauges for now, when they are shown.
    var hud: TurnHUD? {
        guard chrome.hudShown else { return nil }
        let release = machine.lastRelease.flatMap { now - $0.time <= TurnHUD.releaseShown ? $0 : nil }
        // Only the later of the two: the verdict on the gesture just made.
        let ignored = machine.lastIgnored.flatMap { i in
            now - i.time <= TurnHUD.releaseShown && i.time >= (release?.time ?? -.infinity) ? i : nil
        }
        return TurnHUD(gauge: machine.dragGauge, release: ignored == nil ? release : nil, ignored: ignored)
    }
}
