/// The iOS tutorial's page curl: flat layers, a clip, a back page and two gradient bands.

/// One colour stop of a band's horizontal gradient: a grey (`white` 1 = white, 0 = black) with
/// an alpha, at `position` 0 (left edge) … 1 (right edge) of the band.
public struct GradientStop: Sendable, Hashable {
    public var position: Double
    public var white: Double
    public var alpha: Double

    public init(position: Double, white: Double, alpha: Double) {
        self.position = position
        self.white = white
        self.alpha = alpha
    }
}

/// A rectangle filled with a horizontal gradient, stops listed from left to right.
public struct GradientBand: Sendable, Hashable {
    public var rect: Rect
    public var stops: [GradientStop]

    /// The band reflected about the page's vertical centre line (stops reversed to stay
    /// left-to-right).
    public func mirrored(pageWidth: Double) -> GradientBand {
        GradientBand(rect: rect.mirrored(pageWidth: pageWidth),
                     stops: stops.reversed().map { GradientStop(position: 1 - $0.position, white: $0.white, alpha: $0.alpha) })
    }
}

/// The iOS tutorial's curl model, generalised from its iPhone width of 320 to any page width W.
///
/// For the turning edge at x (`TurnPose.pointer.x`, see `TurnPose`):
/// - `next`: the current page is clipped to [0, x] over the incoming page; `previous`: the
///   incoming page is clipped to [0, x] over the current page.
/// - The back of the turning page (drawn mirrored and washed out) has width
///   `backWidth(x) = x ≥ W/2 ? (W/x − 1)·W/2 : W − x` and its left edge at `x − backWidth`.
///   The iOS tutorial's `(320/x − 1)·160` is this formula at W = 320. Both branches give W/2 at
///   x = W/2, so the back page never jumps.
/// - What the back shows is the turning page's strip just beyond the edge, [x, x + b] with
///   b = min(backWidth, x), the width of the back's part on the page, mirrored about x. It
///   never runs past the page's end (x + b ≤ W); were rounding to put it past, it would be
///   shifted back inside, keeping its width.
/// - A shadow band `shadowWidth` (50) px wide centred on x: white α0.1 → black α0.2 →
///   white α0.1 from left to right.
/// - A margin band `marginWidth` (50) px wide whose left edge is `marginOffset` (35) px left of
///   the back page's left edge: white α0.2 → black α0.3.
/// - Layers, bottom to top: next: incoming, current (clipped), back page, margin band, shadow
///   band; previous: current, incoming (clipped), back page, margin band, shadow band.
/// Right-to-left turns are the same picture mirrored.
public struct ClassicCurl: Sendable, Hashable {
    public var shadowWidth = 50.0
    public var shadowEdgeAlpha = 0.1
    public var shadowCentreAlpha = 0.2
    public var marginWidth = 50.0
    public var marginOffset = 35.0
    public var marginStartAlpha = 0.2
    public var marginEndAlpha = 0.3

    /// The iOS tutorial's bands.
    public init() {}

    /// The iOS tutorial's back-page width, generalised: `x ≥ W/2 ? (W/x − 1)·W/2 : W − x`.
    /// (x is clamped to the page; at x = 0 the back is the whole width. A page with no width
    /// has no back: 0, never 0/0.)
    @inlinable public static func backWidth(x: Double, pageWidth w: Double) -> Double {
        guard w > 0 else { return 0 }
        let x = min(max(x, 0), w)
        return x >= w / 2 ? (w / x - 1) * w / 2 : w - x
    }

    /// What to draw for `pose` on a page of `size`.
    public func frame(page size: Size, pose: TurnPose) -> ClassicFrame {
        let w = size.width, h = size.height
        let x = min(max(pose.edgeX(pageWidth: w), 0), w)
        let back = Self.backWidth(x: x, pageWidth: w)
        let backLeft = x - back
        let shadow = GradientBand(
            rect: Rect(x: x - shadowWidth / 2, y: 0, width: shadowWidth, height: h),
            stops: [GradientStop(position: 0, white: 1, alpha: shadowEdgeAlpha),
                    GradientStop(position: 0.5, white: 0, alpha: shadowCentreAlpha),
                    GradientStop(position: 1, white: 1, alpha: shadowEdgeAlpha)])
        let margin = GradientBand(
            rect: Rect(x: backLeft - marginOffset, y: 0, width: marginWidth, height: h),
            stops: [GradientStop(position: 0, white: 1, alpha: marginStartAlpha),
                    GradientStop(position: 1, white: 0, alpha: marginEndAlpha)])
        // The bands fade in over their first half-width from either end of the page, so they
        // do not pop in when a turn starts or out when it lands (the iOS tutorial's alphas in
        // between).
        let opacity = shadowWidth > 0 ? min(max(min(x, w - x) / (shadowWidth / 2), 0), 1) : 1
        var frame = ClassicFrame(
            edgeX: x, clip: Rect(x: 0, y: 0, width: x, height: h),
            clippedPage: pose.direction == .next ? .current : .incoming,
            backPage: Rect(x: backLeft, y: 0, width: back, height: h),
            backSource: Self.backSource(edge: x, width: min(back, x), pageWidth: w, height: h, rightToLeft: false),
            shadowBand: shadow, marginBand: margin, bandOpacity: opacity,
            layers: pose.direction == .next ? ClassicFrame.nextLayers : ClassicFrame.previousLayers,
            rightToLeft: false)
        if pose.rightToLeft { frame.mirror(pageWidth: w) }
        return frame
    }

    /// The strip of the turning page that the back shows (`ClassicFrame.backSource`): `width`
    /// wide, from the edge at `edge` away from the back (rightwards left to right, leftwards
    /// right to left), shifted back inside the page if it runs past its end.
    ///
    /// Its end at the edge is `edge` exactly (unless shifted): the drawer rounds that end to
    /// pixels, and an ulp off could round to the next pixel. Right to left that end is `maxX`,
    /// computed as `x + width`; so the width is taken as `edge − x`, which is exactly
    /// representable when x = fl(edge − width) and width ≤ edge (as in Fast2Sum), and then
    /// `x + (edge − x)` is `edge`.
    static func backSource(edge: Double, width: Double, pageWidth: Double, height: Double, rightToLeft: Bool) -> Rect {
        guard rightToLeft else {
            return Rect(x: min(edge, pageWidth - width), y: 0, width: width, height: height)
        }
        let start = edge - width
        guard start > 0 else { return Rect(x: 0, y: 0, width: width, height: height) }
        return Rect(x: start, y: 0, width: edge - start, height: height)
    }
}

/// What the classic model draws, in page coordinates, bottom layer first.
public struct ClassicFrame: Sendable, Hashable {
    /// One thing to draw, in `layers` order (bottom first).
    public enum Layer: String, Sendable, Hashable {
        case incomingPage, currentPage, backPage, marginBand, shadowBand
    }

    /// The turning edge's x (the iOS tutorial's pointer x).
    public var edgeX: Double
    /// The clip of `clippedPage`.
    public var clip: Rect
    public var clippedPage: PageRole
    /// Where the back of the turning page goes; it shows that page mirrored and washed out.
    public var backPage: Rect
    /// The strip of the turning page that the back shows, flipped horizontally into the part of
    /// `backPage` that lies on the page: the paper just beyond the edge, as wide as that part
    /// (right of the edge left to right, left of it right to left), kept inside the page.
    public var backSource: Rect
    public var shadowBand: GradientBand
    public var marginBand: GradientBand
    /// Multiply the bands' alphas by this (1 except within half a band of either end).
    public var bandOpacity: Double
    public var layers: [Layer]
    /// The picture is mirrored for a right-to-left book: the turning page lies right of the edge.
    public var rightToLeft: Bool

    static let nextLayers: [Layer] = [.incomingPage, .currentPage, .backPage, .marginBand, .shadowBand]
    static let previousLayers: [Layer] = [.currentPage, .incomingPage, .backPage, .marginBand, .shadowBand]

    /// The same picture reflected about the page's vertical centre line (right to left).
    mutating func mirror(pageWidth w: Double) {
        rightToLeft.toggle()
        edgeX = w - edgeX
        clip = clip.mirrored(pageWidth: w)
        backPage = backPage.mirrored(pageWidth: w)
        // The strip mirrored, taken again from the mirrored edge so that its end there is the
        // edge exactly (`ClassicCurl.backSource`).
        backSource = ClassicCurl.backSource(edge: edgeX, width: backSource.width, pageWidth: w,
                                            height: backSource.height, rightToLeft: rightToLeft)
        shadowBand = shadowBand.mirrored(pageWidth: w)
        marginBand = marginBand.mirrored(pageWidth: w)
    }
}
