/// Where a turning page is: the input of every curl model.

/// Which page a layer or mesh shows.
public enum PageRole: String, Sendable, Hashable {
    /// The page shown before the turn.
    case current
    /// The page the turn goes to (the previous page for a `previous` turn).
    case incoming
}

/// The pose of a turning page at one instant, in page coordinates.
///
/// - `progress` runs from 0 (at rest, the current page fully shown) to 1 (the turn done, the
///   incoming page fully shown).
/// - `pointer` is the turning edge as the finger carries it: for a left-to-right book its x is
///   `W·(1 − progress)` for `next` (the current page's right edge moving left) and `W·progress`
///   for `previous` (the incoming page's edge coming in from the left); its y is where the edge
///   was grabbed plus the finger's vertical travel. This is the iOS tutorial's "pointer at x",
///   made relative to where the drag began so that a drag that starts mid-page does not jump.
/// - `grab` is the point of the turning edge that the finger took (x is the edge, y the height
///   of the press).
/// - `rightToLeft` mirrors everything about the vertical centre line of the page.
public struct TurnPose: Sendable, Hashable {
    public var direction: TurnDirection
    public var progress: Double
    public var pointer: Point
    public var grab: Point
    public var rightToLeft: Bool

    /// The pose for a page `size`: computes `pointer` and `grab` from the progress, the height at
    /// which the edge was grabbed and the finger's vertical travel since (`lift`).
    public init(page size: Size, direction: TurnDirection, progress: Double,
                grabY: Double? = nil, lift: Double = 0, rightToLeft: Bool = false) {
        let w = size.width
        let p = min(max(progress, 0), 1)
        let y = min(max(grabY ?? size.height / 2, 0), size.height)
        let ltrX = direction == .next ? w * (1 - p) : w * p
        let ltrGrabX = direction == .next ? w : 0
        self.direction = direction
        self.progress = p
        self.pointer = Point(x: rightToLeft ? w - ltrX : ltrX, y: y + lift)
        self.grab = Point(x: rightToLeft ? w - ltrGrabX : ltrGrabX, y: y)
        self.rightToLeft = rightToLeft
    }

    /// A pose given by its parts directly.
    public init(direction: TurnDirection, progress: Double, pointer: Point, grab: Point, rightToLeft: Bool) {
        self.direction = direction
        self.progress = progress
        self.pointer = pointer
        self.grab = grab
        self.rightToLeft = rightToLeft
    }

    /// The turning edge's x in the left-to-right frame (right-to-left poses are mirrored back).
    @inlinable public func edgeX(pageWidth: Double) -> Double {
        rightToLeft ? pageWidth - pointer.x : pointer.x
    }

    /// The finger's vertical travel since the grab.
    public var lift: Double { pointer.y - grab.y }
}
