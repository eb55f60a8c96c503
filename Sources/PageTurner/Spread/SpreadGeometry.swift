/// Where the two pages of a spread lie in a window, in logical pixels.
///
/// The window is cut at its middle, the spine. Each half is a leaf: the part of the picture
/// that turns over the spine, from the spine to the window's outer edge. A leaf holds one page
/// and half of the gutter, a strip of bare paper along the spine, so the page laid out is
/// `pageSize`: half the window less half the gutter, the full height.
///
///     0                      spine                     W
///     | left page        |g/2|g/2|        right page   |
///     |<------------ leaf ------>|<------- leaf ------>|
///
/// Pages keep the reading order on the page numbers: the earlier page of a spread is on the
/// left left to right, on the right right to left.
public struct SpreadGeometry: Sendable, Hashable {
    /// The window's size.
    public var window: Size
    /// The bare paper between the two pages' own margins, px.
    public var gutter: Double

    /// A spread over `window`, with the gutter `gutter(forWidth:)`.
    public init(window: Size) {
        self.window = window
        self.gutter = Self.gutter(forWidth: window.width)
    }

    /// The gutter for a window `width` px wide: 2% of it, at least 12 and at most 40 px.
    public static func gutter(forWidth width: Double) -> Double {
        min(max((width * 0.02).rounded(), 12), 40)
    }

    /// The spine's x: the window's middle.
    public var spineX: Double { window.width / 2 }
    /// A leaf's width: spine to outer edge.
    public var leafWidth: Double { window.width / 2 }
    /// A leaf's size.
    public var leafSize: Size { Size(width: leafWidth, height: window.height) }
    /// The size each page is laid out for: a leaf less half the gutter.
    public var pageSize: Size { Size(width: max(leafWidth - gutter / 2, 1), height: window.height) }
    /// Where the page sits inside a leaf, from the leaf's left edge: 0 for the left leaf (its
    /// half gutter is on its right), half the gutter for the right one.
    public func pageOffset(inLeaf side: LeafSide) -> Double { side == .left ? 0 : gutter / 2 }
    /// A leaf's rectangle in the window.
    public func leaf(_ side: LeafSide) -> Rect {
        Rect(x: side == .left ? 0 : spineX, y: 0, width: leafWidth, height: window.height)
    }

    /// How dark the binding is at the spine: black at this alpha.
    public static let spineAlpha = 0.14

    /// The binding's soft shading, as a printed book's pages darken into the spine: one band
    /// each side, from black at `spineAlpha` at the spine to nothing half a gutter and 28 px
    /// away (over the gutter and into the pages' inner margins, never their text), with most
    /// of the darkening close to the spine.
    public var spineShading: [GradientBand] {
        let reach = gutter / 2 + 28
        let dark = Self.spineAlpha
        let fromSpine: [(Double, Double)] = [(0, dark), (0.3, dark * 0.45), (0.65, dark * 0.12), (1, 0)]
        let right = GradientBand(rect: Rect(x: spineX, y: 0, width: reach, height: window.height),
                                 stops: fromSpine.map { GradientStop(position: $0.0, white: 0, alpha: $0.1) })
        let left = GradientBand(rect: Rect(x: spineX - reach, y: 0, width: reach, height: window.height),
                                stops: fromSpine.reversed().map { GradientStop(position: 1 - $0.0, white: 0, alpha: $0.1) })
        return [left, right]
    }

    /// The least width of a spread's page, in ems of the body text: 28 (a line of about 55
    /// characters, inside the readable 45–75).
    public static let minimumPageEms = 28.0

    /// Whether a window shows a spread when the layout is `auto`: it is wider than tall and
    /// each page would still be at least `minimumPageEms` ems wide at `fontSize` px.
    public static func suits(window: Size, fontSize: Double) -> Bool {
        window.width > window.height && SpreadGeometry(window: window).pageSize.width >= minimumPageEms * fontSize
    }
}

/// One of a spread's two leaves.
public enum LeafSide: String, Sendable, Hashable {
    case left, right

    /// The other leaf.
    public var opposite: LeafSide { self == .left ? .right : .left }

    /// The leaf that turns for a turn towards `direction`: the right leaf turns to the next
    /// spread left to right (the left leaf right to left), the other one turns back.
    public static func turning(_ direction: TurnDirection, rightToLeft: Bool) -> LeafSide {
        (direction == .next) != rightToLeft ? .right : .left
    }

    /// The side page `page` of a spread lies on: the spread's first (even) page on the left,
    /// left to right; on the right, right to left.
    public static func of(page: Int, rightToLeft: Bool) -> LeafSide {
        (page % 2 == 0) != rightToLeft ? .left : .right
    }
}
