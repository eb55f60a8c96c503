/// The two plain models: pages that slide, and no animation at all.

/// Both pages slide side by side, the incoming one pushing the current one out.
///
/// Horizontal offsets from the page's resting place, for progress p and width W in a
/// left-to-right book: `next`: current −p·W, incoming (1 − p)·W; `previous`: current p·W,
/// incoming −(1 − p)·W. Right-to-left reading negates them. Linear in p, hence continuous.
public struct SlideFrame: Sendable, Hashable {
    public var currentOffset: Double
    public var incomingOffset: Double

    public init(page size: Size, pose: TurnPose) {
        let w = size.width, p = min(max(pose.progress, 0), 1)
        let flip: Double = pose.rightToLeft ? -1 : 1
        if pose.direction == .next {
            currentOffset = -p * w * flip
            incomingOffset = (1 - p) * w * flip
        } else {
            currentOffset = p * w * flip
            incomingOffset = -(1 - p) * w * flip
        }
    }
}

/// No animation: the current page stays put until the turn lands (pair it with
/// `TurnConfig.animated = false`, so that it lands the moment it is released or asked for).
public struct StillFrame: Sendable, Hashable {
    public var shown: PageRole = .current

    public init() {}
}
