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
    /// `grabY`: of those, the nearest to `previous` (the progress drawn before), so the page
    /// follows the pointer continuously. (The edge mostly moves one way with progress, but not
    /// always: as a cylinder's tilted fold straightens towards the end of a turn, its edge at a
    /// given height can step back a little; then more than one progress puts it under the
    /// pointer, and only the one the page is at is not a jump.) A point beyond where the edge can
    /// go gets the nearer end, 0 or 1.
    ///
    /// Found by continuation: brackets of 1/64 are tried outwards from `previous`, on both
    /// sides, until one holds a crossing, which bisection then narrows to well under a pixel.
    public func progress(holding point: Point, window: Size, spread: Bool, direction: TurnDirection,
                         grabY: Double, rightToLeft: Bool, near previous: Double = 0) -> Double {
        guard point.x.isFinite, point.y.isFinite else { return min(max(previous, 0), 1) }
        let page = spread ? SpreadGeometry(window: window).leafSize : window
        /// How far the edge at progress p is from the pointer, signed.
        func gap(_ p: Double) -> Double {
            let pose = TurnPose(page: page, direction: direction, progress: p, grabY: grabY,
                                lift: point.y - grabY, rightToLeft: rightToLeft)
            return (curl.freeEdgeX(window: window, spread: spread, pose: pose, atHeight: point.y) ?? point.x) - point.x
        }
        func crossing(_ a: Double, _ ga: Double, _ b: Double, _ gb: Double) -> Double? {
            guard ga == 0 || gb == 0 || (ga < 0) != (gb < 0) else { return nil }
            if ga == 0 { return a }
            if gb == 0 { return b }
            var (lo, hi, glo) = (a, b, ga)
            for _ in 0..<30 {
                let mid = (lo + hi) / 2, g = gap(mid)
                if (g < 0) == (glo < 0) { lo = mid; glo = g } else { hi = mid }
            }
            return (lo + hi) / 2
        }
        let step = 1.0 / 64
        let start = min(max(previous, 0), 1), g0 = gap(start)
        if abs(g0) < 1e-6 { return start }      // already there (the same point again, as at a release)
        var down = (p: start, g: g0), up = (p: start, g: g0)
        while down.p > 0 || up.p < 1 {
            if up.p < 1 {
                let p = min(up.p + step, 1), g = gap(p)
                if let root = crossing(up.p, up.g, p, g) { return root }
                up = (p, g)
            }
            if down.p > 0 {
                let p = max(down.p - step, 0), g = gap(p)
                if let root = crossing(p, g, down.p, down.g) { return root }
                down = (p, g)
            }
        }
        // No crossing: the pointer is beyond the edge's reach; the end whose edge is nearer.
        return abs(up.g) < abs(down.g) ? 1 : 0
    }
}
