/// Where each model draws the turning page's free edge: the edge a hand holds, which the
/// `edge` grip keeps under the pointer (`PageHold`) and `simulate` prints as `"edge"`.

extension CurlRenderer {
    /// The x, in the window, of the turning page's free edge at height `y`, for the machine's
    /// `pose` (`TurnMachine.pose`: page coordinates, or a spread's leaf's) in a window of
    /// `window`; nil for `none`, which draws no moving page.
    ///
    /// The free edge is the edge of the paper that moves: the current page's outer edge for
    /// `next`, the incoming page's for `previous`, the leaf's outer edge on a spread; for
    /// `slide`, the moving page's (or spread's) edge that faces the other one.
    public func freeEdgeX(window: Size, spread: Bool, pose: TurnPose, atHeight y: Double) -> Double? {
        switch model {
        case .none:
            return nil
        case .slide:
            // Slides move whole pages (whole spreads) by offsets of the window's width.
            let s = SlideFrame(page: window, pose: pose)
            let offset = pose.direction == .next ? s.currentOffset : s.incomingOffset
            return pose.rightToLeft ? offset : window.width + offset
        case .classic, .cylinder:
            if spread {
                let leaf = LeafTurn(window: window, pose: pose)
                return leaf.windowX(leftToRightEdge(page: leaf.geometry.leafSize, pose: leaf.leafPose, atHeight: y))
            }
            let x = leftToRightEdge(page: window, pose: pose, atHeight: y)
            return pose.rightToLeft ? window.width - x : x
        }
    }

    /// The free edge's x in the left-to-right frame of a page of `size` (both curls are
    /// functions of the turning edge's x there, for either direction).
    func leftToRightEdge(page size: Size, pose: TurnPose, atHeight y: Double) -> Double {
        model == .cylinder ? cylinder.freeEdgeX(page: size, pose: pose, atHeight: y) : classic.freeEdgeX(page: size, pose: pose)
    }
}

extension ClassicCurl {
    /// The back page's far edge, `x − backWidth(x)`: where the iOS tutorial's back page ends,
    /// the turned-over paper's edge. W at rest, 0 with the fold at the middle, −W turned over.
    public func freeEdgeX(page size: Size, pose: TurnPose) -> Double {
        let x = min(max(pose.edgeX(pageWidth: size.width), 0), size.width)
        return x - Self.backWidth(x: x, pageWidth: size.width)
    }
}

extension CylinderCurl {
    /// Where the page's right edge (x = W, flat) is drawn at height `y`, in the left-to-right
    /// frame: the paper point (W, t) is mapped as `CylinderCurl` documents, for the t whose
    /// image lies at height y; when no point of the edge is drawn at that height, the end of the
    /// edge nearest to it (a corner). The image's height grows with t in every part (slope 1
    /// flat, 1 − n_y² + n_y²·cos α on the cylinder, 1 − 2n_y² on the flat back, the tilt being
    /// held under 45°), so t is unique: tried on each part in closed form, the cylinder by
    /// bisection, then held to the paper, 0…H.
    public func freeEdgeX(page size: Size, pose: TurnPose, atHeight y: Double) -> Double {
        let w = size.width, h = size.height
        let f = fold(page: size, pose: pose)
        let n = f.normal, r = f.radius, arc = Double.pi * r
        // s(t) = s0 + n.y·t, the edge point's distance from the fold.
        let s0 = (w - f.point.x) * n.x - f.point.y * n.y
        func image(_ t: Double) -> (x: Double, y: Double) {
            let s = s0 + n.y * t
            if s <= 0 { return (w, t) }
            if s >= arc { return (w - n.x * (2 * s - arc), t - n.y * (2 * s - arc)) }
            let lift = r > 0 ? r * sine(s / r) : 0
            return (w - n.x * s + n.x * lift, t - n.y * s + n.y * lift)
        }
        func onPaper(_ t: Double) -> Double { image(min(max(t, 0), h)).x }
        // Flat back (s ≥ πr): image.y = t − n.y·(2s − πr).
        let back = 1 - 2 * n.y * n.y
        if back > 1e-9 {
            let t = (y + n.y * (2 * s0 - arc)) / back
            let s = s0 + n.y * t
            if s >= arc, s > 0 { return onPaper(t) }
        }
        // Not lifted (s ≤ 0): the edge where it lies.
        if s0 + n.y * y <= 0 { return onPaper(y) }
        // On the cylinder (0 < s < πr).
        let span = 4 * (w + h) + abs(y)
        var lo = y - span, hi = y + span
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if image(mid).y < y { lo = mid } else { hi = mid }
        }
        return onPaper((lo + hi) / 2)
    }
}
