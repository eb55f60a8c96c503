/// A page curled round a cylinder, as in harism/android-pagecurl: a triangle mesh with shading,
/// and the shadow the curl casts on the page below. This file finds the fold for a pose and the
/// shadow, and spells out the mapping of the paper onto the cylinder (`CylinderCurl`);
/// `StripMeshBuilder.swift` computes that mapping (`StripMeshBuilder.map`) and samples it into
/// meshes of strips parallel to the fold, `CurlMesh.swift` holds what comes out
/// (`CylinderFrame`, whose `surfacePoint(of:)` uses the same mapping), and `Trig.swift` gives
/// the sines and cosines.

/// The fold: a line on the page (through `point`, perpendicular to `normal`) round which the
/// page wraps on a cylinder of `radius`. `normal` is a unit vector pointing towards the lifted
/// part of the page. In page coordinates; z is the height above the page.
public struct Fold: Sendable, Hashable {
    public var point: Point
    public var normal: Point
    public var radius: Double

    /// The fold's direction along the page (the cylinder's axis), `normal` turned by 90°.
    public var tangent: Point { Point(x: -normal.y, y: normal.x) }
}

/// The cylinder curl model.
///
/// How the fold follows the pointer, in a left-to-right book (right-to-left is mirrored). The
/// turning page is the current page for `next` and the incoming page for `previous` (which
/// uncurls onto the page from the left); in both cases its right edge lies at x = W when flat.
/// - u = 1 − X/W, with X the turning edge's x (`TurnPose.pointer.x`): 0 flat, 1 turned away.
/// - The edge point the finger took, A = (W, g), travels D = 2·W·u: a page turned over its
///   left edge moves its right edge twice as far as its fold, and lands a full width beyond
///   the spine. g is the grab height, snapped to the corner within `cornerSnap`·H of the top
///   or bottom, so a drag from a corner turns the corner.
/// - Direction n ∝ (W·u, −lift) (the fold is perpendicular to the drag), its tilt limited to
///   `maxTiltDegrees` and to |n.y| ≤ (D + πr)/(2·s) and ≤ (2W − D)/(2H), s being the edge length
///   beyond g on the side the fold tilts to: a tilted fold cannot fold over far parts of the
///   page while it has hardly moved, nor leave a corner on screen when it lands. Continuity
///   at both ends follows.
/// - Radius r = min(rMax, D/π, (2W − D)/π): full size in mid-turn, shrinking to 0 as the page
///   starts and as it nears the end (harism's curl length limit), rMax = `maxRadius`·W.
/// - The fold line passes through F = A − n·(D + πr)/2: then A, carried over the cylinder
///   onto the flat back, lands exactly D from where it started.
///
/// A point v of the paper, at signed distance s = (v − F)·n from the fold:
/// - s ≤ 0: stays flat, v (z = 0), front side up.
/// - 0 < s < πr: on the cylinder at angle α = s/r: v − n·s + n·r·sin α, z = r(1 − cos α); the
///   front faces the reader while α ≤ π/2, the back beyond.
/// - s ≥ πr: flat on top, back side up: v − n·(2s − πr), z = 2r.
/// Shade (from the surface normal (∓sin α·n, ±cos α) of the visible side, light from the
/// reader): ambient + (1 − ambient)·|cos α|, 1 on the flat parts.
public struct CylinderCurl: Sendable, Hashable {
    /// Strips across the cylinder's half turn (made even): a cut line parallel to the fold every
    /// 180°/`arcSteps` of its arc, so the shading (|cos α|, interpolated along each strip's
    /// width) stays smooth. The flat parts are one strip each.
    public var arcSteps = 24
    /// Rows the strips are cut into, down the page (1: none). A renderer that rasterizes by
    /// bounding boxes or with narrow arithmetic asks for more (SDL's software renderer: see
    /// `CurlDrawer`); the picture is the same.
    public var rows = 1
    /// The largest radius, as a fraction of the page width.
    public var maxRadius = 1.0 / 8
    /// The largest tilt of the fold from the vertical, in degrees (at most 44 is taken).
    public var maxTiltDegrees = 40.0
    /// A grab within this fraction of the height from the top or bottom takes the corner.
    public var cornerSnap = 0.15
    /// The darkest shade, where the surface is seen edge-on.
    public var ambient = 0.35
    /// How much the back is washed towards white (0: not at all, 1: white).
    public var backWash = 0.6
    /// The curl's shadow on the page below: its width as a multiple of the radius…
    public var shadowWidth = 0.6
    /// …and its darkest alpha (at full radius, next to the curl; it fades to 0 outwards).
    public var shadowAlpha = 0.35

    public init() {}

    public init(arcSteps: Int, rows: Int = 1) {
        self.arcSteps = max(arcSteps, 2)
        self.rows = max(rows, 1)
    }

    /// The fold for `pose`, in the left-to-right frame (mirror it for right-to-left books).
    public func fold(page size: Size, pose: TurnPose) -> Fold {
        let w = size.width, h = size.height
        let x = min(max(pose.edgeX(pageWidth: w), 0), w)
        let u = w > 0 ? 1 - x / w : 0
        let d = 2 * w * u
        let radius = max(0, min(maxRadius * w, d / Double.pi, (2 * w - d) / Double.pi))
        var g = min(max(pose.grab.y, 0), h)
        if g < cornerSnap * h { g = 0 } else if g > h - cornerSnap * h { g = h }

        // n ∝ (W·u, −lift), the tilt bounded as documented above. Scaled by its larger part
        // before squaring, so that an absurd lift cannot overflow to an infinite length.
        var nx = w * u, ny = -pose.lift
        let scale = max(abs(nx), abs(ny))
        if scale > 0, scale.isFinite {
            nx /= scale; ny /= scale
            let length = (nx * nx + ny * ny).squareRoot()
            nx /= length; ny /= length
        } else {
            nx = 1; ny = 0
        }
        let beyond = ny > 0 ? h - g : g
        // Held under 45°, where the turned-over edge would run back up the page.
        var limit = sine(min(maxTiltDegrees, 44) * Double.pi / 180)
        if beyond > 0 { limit = min(limit, (d + Double.pi * radius) / (2 * beyond)) }
        if h > 0 { limit = min(limit, (2 * w - d) / (2 * h)) }
        limit = max(limit, 0)
        if abs(ny) > limit {
            ny = ny < 0 ? -limit : limit
            nx = (1 - ny * ny).squareRoot()
        }
        let along = (d + Double.pi * radius) / 2
        return Fold(point: Point(x: w - nx * along, y: g - ny * along),
                    normal: Point(x: nx, y: ny), radius: radius)
    }

    /// The curl for `pose` on a page of `size`, with new buffers.
    public func frame(page size: Size, pose: TurnPose) -> CylinderFrame {
        var frame = CylinderFrame()
        self.frame(page: size, pose: pose, into: &frame)
        return frame
    }

    /// The curl for `pose`, reusing `frame`'s buffers (no allocation once they are big enough).
    public func frame(page size: Size, pose: TurnPose, into frame: inout CylinderFrame) {
        let f = fold(page: size, pose: pose)
        frame.pageSize = size
        frame.foldLTR = f
        frame.rightToLeft = pose.rightToLeft
        frame.ambient = ambient
        frame.backWash = backWash
        frame.turningPage = pose.direction == .next ? .current : .incoming
        frame.pageBelow = pose.direction == .next ? .incoming : .current
        frame.buildMesh(arcSteps: arcSteps, rows: rows)
        frame.shadow = shadow(page: size, fold: f, rightToLeft: pose.rightToLeft)
    }

    /// The shadow on the page below: a band along the curl's outer rim (the line s = r on the
    /// page, where the cylinder stands highest over the uncovered page) reaching
    /// `shadowWidth`·r further out, with alpha `shadowAlpha`·r/rMax at the rim fading to 0.
    /// Both vanish with the radius, at the start and the end of a turn.
    func shadow(page size: Size, fold f: Fold, rightToLeft: Bool) -> CurlShadow? {
        let rMax = maxRadius * size.width
        guard f.radius > 0, rMax > 0 else { return nil }
        let rim = Point(x: f.point.x + f.normal.x * f.radius, y: f.point.y + f.normal.y * f.radius)
        guard let (a, b) = clipLine(through: rim, direction: f.tangent, to: size) else { return nil }
        let out = Point(x: f.normal.x * shadowWidth * f.radius, y: f.normal.y * shadowWidth * f.radius)
        var quad = [a, b, Point(x: b.x + out.x, y: b.y + out.y), Point(x: a.x + out.x, y: a.y + out.y)]
        if rightToLeft { quad = quad.map { Point(x: size.width - $0.x, y: $0.y) } }
        return CurlShadow(quad: quad, innerAlpha: shadowAlpha * min(f.radius / rMax, 1), outerAlpha: 0)
    }
}

/// The shadow a curl casts on the page below: a quadrilateral whose first two corners lie along
/// the curl (alpha `innerAlpha`) and last two away from it (alpha `outerAlpha`).
public struct CurlShadow: Sendable, Hashable {
    public var quad: [Point]
    public var innerAlpha: Double
    public var outerAlpha: Double
}

/// The part of the line `origin + λ·direction` inside the page rectangle (slab clipping), or nil.
func clipLine(through origin: Point, direction d: Point, to size: Size) -> (Point, Point)? {
    var lo = -Double.infinity, hi = Double.infinity
    for (o, v, maxV) in [(origin.x, d.x, size.width), (origin.y, d.y, size.height)] {
        if abs(v) < 1e-12 {
            if o < 0 || o > maxV { return nil }
        } else {
            let t0 = (0 - o) / v, t1 = (maxV - o) / v
            lo = max(lo, min(t0, t1))
            hi = min(hi, max(t0, t1))
        }
    }
    guard lo <= hi, lo.isFinite, hi.isFinite else { return nil }
    return (Point(x: origin.x + d.x * lo, y: origin.y + d.y * lo),
            Point(x: origin.x + d.x * hi, y: origin.y + d.y * hi))
}
