/// A leaf of a spread turning over the spine: which pages a frame shows where, and the curl
/// models' geometry for it, in window coordinates.
///
/// A turn towards `direction` turns one leaf (`LeafSide.turning`): left to right, the right
/// leaf to the next spread, the left leaf back. Four pages take part:
/// - `front`: the turning leaf's page (the current spread's page on that side), flat between
///   the spine and the fold;
/// - `back`: the page printed on the leaf's other side, the target spread's page on the far
///   side; it is what lies there once the leaf is down;
/// - `revealed`: the target spread's page on the turning side, uncovered as the leaf lifts;
/// - `still`: the current spread's page on the far side, covered as the leaf comes down.
///
/// The leaf is a page of the leaf's width hinged at the spine, so each model applies in the
/// leaf's own frame (`leafPose`: x from the spine outwards, as a `next` turn of a page that
/// size) and the picture is moved, or mirrored, into the window.
public struct LeafTurn: Sendable, Hashable {
    public var geometry: SpreadGeometry
    /// The leaf that turns.
    public var side: LeafSide
    /// The turn in the leaf's own frame: a left-to-right `next` turn of a page `leafSize`,
    /// the edge grabbed where the pointer grabbed it.
    public var leafPose: TurnPose

    /// The leaf turn for the machine's `pose` (in leaf coordinates, `TurnMachine.turnSize`)
    /// in a window of `window`.
    public init(window: Size, pose: TurnPose) {
        geometry = SpreadGeometry(window: window)
        side = LeafSide.turning(pose.direction, rightToLeft: pose.rightToLeft)
        leafPose = TurnPose(page: geometry.leafSize, direction: .next, progress: pose.progress, grabY: pose.grab.y,
                            lift: pose.pointer.y - pose.grab.y)
    }

    /// `x` of the leaf's own frame (from the spine outwards) in the window.
    public func windowX(_ x: Double) -> Double {
        side == .right ? geometry.spineX + x : geometry.spineX - x
    }

    /// A rectangle of the leaf's own frame in the window.
    public func windowRect(_ r: Rect) -> Rect {
        side == .right ? Rect(x: geometry.spineX + r.minX, y: r.y, width: r.width, height: r.height)
            : Rect(x: geometry.spineX - r.maxX, y: r.y, width: r.width, height: r.height)
    }

    /// A band of the leaf's own frame in the window (mirrored with its stops for the left leaf).
    public func windowBand(_ band: GradientBand) -> GradientBand {
        guard side == .left else { return GradientBand(rect: windowRect(band.rect), stops: band.stops) }
        return GradientBand(rect: windowRect(band.rect),
                            stops: band.stops.reversed().map { GradientStop(position: 1 - $0.position, white: $0.white, alpha: $0.alpha) })
    }

    /// The classic model's leaf frame.
    public func classic(_ curl: ClassicCurl) -> ClassicLeafFrame {
        let leaf = curl.frame(page: geometry.leafSize, pose: leafPose)
        let x = leaf.edgeX, b = leaf.backPage.width, w = geometry.leafWidth
        // The back at leaf x − d shows the leaf's point x + d seen from behind: the far page's
        // point as far from the spine, w − (x + d) into the far leaf counted from its outer
        // edge. So the back is the far page's strip [w − x − b, w − x], moved, not mirrored.
        let farStart = side == .right ? w - x - b : x
        return ClassicLeafFrame(
            side: side, foldX: windowX(x), front: windowRect(leaf.clip), back: windowRect(leaf.backPage),
            backSource: Rect(x: min(max(farStart, 0), max(w - b, 0)), y: 0, width: b, height: geometry.window.height),
            shadowBand: windowBand(leaf.shadowBand), marginBand: windowBand(leaf.marginBand), bandOpacity: leaf.bandOpacity)
    }
}

/// What the classic model draws for a leaf, in window coordinates. Layers, bottom first: the
/// still page, the revealed page, the front (clipped to `front`), the back page at `back`
/// (its strip `backSource`), the margin band, the shadow band.
public struct ClassicLeafFrame: Sendable, Hashable {
    /// The turning leaf.
    public var side: LeafSide
    /// The fold: where the front ends and the back begins.
    public var foldX: Double
    /// The part of the turning leaf still flat, spine to fold.
    public var front: Rect
    /// Where the leaf's back lies (past the spine once the leaf has crossed it).
    public var back: Rect
    /// The strip of the back's page shown there, in that page's leaf (0 at the leaf's left
    /// edge), the same way round.
    public var backSource: Rect
    public var shadowBand: GradientBand
    public var marginBand: GradientBand
    /// Multiply the bands' alphas by this (see `ClassicFrame.bandOpacity`).
    public var bandOpacity: Double
}
