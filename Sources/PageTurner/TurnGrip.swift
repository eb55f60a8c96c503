/// Which point of a dragged page the pointer holds (`--grip`), and the machine's way of keeping
/// it there.

/// The point of a turning page that stays under the pointer while it drags.
public enum TurnGrip: String, Sendable, Hashable, CaseIterable {
    /// The page's free edge at the pointer's height (its corner, when the press was near one):
    /// where a hand holds paper. The page is drawn wherever puts that edge under the pointer,
    /// so a press away from the edge brings the edge to it as the drag starts.
    case edge
    /// The turning line: the pointer's travel since the press moves the fold (the classic
    /// curl's construction, after Leaves: its fold is the point under the finger) by as much.
    case fold
}

extension CurlModel {
    /// The grip a model is dragged by unless one is chosen: `fold` for `classic` on a single
    /// page, whose construction puts the fold under the pointer; `edge` for the others, and for
    /// every model on a spread's leaf (a leaf held by its fold would lay its edge half the
    /// window ahead of the pointer).
    public func defaultGrip(spread: Bool) -> TurnGrip { self == .classic && !spread ? .fold : .edge }
}

/// How a dragged page is held: the grip, and the picture whose free edge it holds. The
/// machine asks it for the progress that puts the edge under the pointer (`progress(holding:…)`);
/// `CurlRenderer.freeEdgeX` says where that edge is drawn.
public struct PageHold: Sendable, Hashable {
    /// The grip chosen; nil: the model's own (`CurlModel.defaultGrip(spread:)`).
    public var chosen: TurnGrip?
    public var curl: CurlRenderer

    /// `grip` on pages drawn by `curl`; the model's own grip when nil.
    public init(grip: TurnGrip? = nil, curl: CurlRenderer = CurlRenderer(model: .classic)) {
        chosen = grip
        self.curl = curl
    }

    /// The grip on single pages (`spread` false) or on a spread's leaves.
    public func grip(spread: Bool) -> TurnGrip { chosen ?? curl.model.defaultGrip(spread: spread) }

    /// Whether drags place the page from the pointer's position itself, not its travel: the
    /// grip is the edge and the model draws a moving page.
    public func holdsEdge(spread: Bool) -> Bool { grip(spread: spread) == .edge && curl.model != .none }

    /// The progress of a turn towards `direction` that puts the page's free edge at the height
    /// of `point` under it, in a window of `window` (single pages or spreads), the edge taken at
    /// `grabY`. The edge moves monotonically with progress, so it is found by bisection to well
    /// under a pixel; a point beyond where the edge can go gets the nearer end, 0 or 1.
    public func progress(holding point: Point, window: Size, spread: Bool, direction: TurnDirection,
                         grabY: Double, rightToLeft: Bool) -> Double {
        let page = spread ? SpreadGeometry(window: window).leafSize : window
        func edge(_ p: Double) -> Double {
            let pose = TurnPose(page: page, direction: direction, progress: p, grabY: grabY,
                                lift: point.y - grabY, rightToLeft: rightToLeft)
            return curl.freeEdgeX(window: window, spread: spread, pose: pose, atHeight: point.y) ?? point.x
        }
        let atRest = edge(0), turned = edge(1)
        guard atRest != turned, point.x.isFinite else { return 0 }
        // Orient so that the edge's x grows with progress.
        let s: Double = turned > atRest ? 1 : -1
        let target = s * point.x
        if target <= s * atRest { return 0 }
        if target >= s * turned { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if s * edge(mid) < target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
