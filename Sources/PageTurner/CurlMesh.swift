/// The triangle meshes of a curled page (see `CylinderCurl` for the mapping they sample and
/// `StripMeshBuilder.swift` for how).

/// One vertex of a curl mesh: where it is over the page, the point of the paper it shows
/// (texture coordinates 0…1 across and down the page it samples) and a shade to multiply the
/// texel by (1 = unshaded).
public struct CurlVertex: Sendable, Hashable {
    public var position: Point3
    public var texture: Point
    public var shade: Double
}

/// A triangle mesh: interleaved vertices and three indices per triangle. Every triangle is
/// wound the same way on screen: its signed area (b − a) × (c − a) in page coordinates
/// (x right, y down) is positive, i.e. clockwise as the reader sees it.
public struct CurlMesh: Sendable, Hashable {
    public var vertices: [CurlVertex] = []
    public var indices: [UInt32] = []

    public init() {}

    public var vertexCount: Int { vertices.count }
    public var triangleCount: Int { indices.count / 3 }
    /// The vertices' positions (a copy).
    public var positions: [Point3] { vertices.map(\.position) }
    /// The vertices' texture coordinates (a copy).
    public var texture: [Point] { vertices.map(\.texture) }
    /// The vertices' shades (a copy).
    public var shade: [Double] { vertices.map(\.shade) }

    mutating func clear() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func append(_ v: CurlVertex) -> UInt32 {
        vertices.append(v)
        return UInt32(vertices.count - 1)
    }

    @inline(__always)
    mutating func triangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        indices.append(a)
        indices.append(b)
        indices.append(c)
    }
}

/// What the cylinder model draws: the turning page's front and back as meshes, the shadow on
/// the page below, and the fold (and, not to be drawn, the part of the front the back hides). Draw the page below, then the shadow, then `front`, then
/// `back` (the back lies over the front where they overlap).
public struct CylinderFrame: Sendable {
    /// The side of the turning page that faces the reader while flat or low on the cylinder;
    /// texture coordinates into the turning page.
    public var front = CurlMesh()
    /// The side that has come over the cylinder: the same page seen from behind, so its
    /// texture coordinates (into the same page) come out mirrored by the geometry itself.
    /// Blend it towards white by `backWash`, as paper shows print through.
    public var back = CurlMesh()
    /// The pieces of the front on the cylinder that the back lies right over, everywhere: the
    /// rest of the sheet (front, back and covered cover it once), never seen from above once
    /// the back is drawn, so drawers leave them out.
    public var covered = CurlMesh()
    public var shadow: CurlShadow?
    public var turningPage: PageRole = .current
    public var pageBelow: PageRole = .incoming
    public var backWash = 0.6
    public internal(set) var pageSize = Size(width: 0, height: 0)
    public internal(set) var rightToLeft = false
    var foldLTR = Fold(point: .zero, normal: Point(x: 1, y: 0), radius: 0)
    var ambient = 0.35
    /// Scratch for the builder (a vertex index per strip corner), kept from frame to frame.
    private var slots: [Int32] = []
    /// The cut lines of the last build: distances from the fold (in the left-to-right frame).
    public internal(set) var stripLines: [Double] = []

    public init() {}

    /// The fold in page coordinates.
    public var fold: Fold {
        guard rightToLeft else { return foldLTR }
        return Fold(point: Point(x: pageSize.width - foldLTR.point.x, y: foldLTR.point.y),
                    normal: Point(x: -foldLTR.normal.x, y: foldLTR.normal.y), radius: foldLTR.radius)
    }

    /// The fold line's stretch across the page, or nil when it lies off the page.
    public var foldSegment: (Point, Point)? {
        let f = fold
        return clipLine(through: f.point, direction: f.tangent, to: pageSize)
    }

    /// Every vertex built: front, back and covered.
    public var vertexCount: Int { front.vertexCount + back.vertexCount + covered.vertexCount }

    /// Where the paper point `paper` (page coordinates of the flat page) is in space, and whether
    /// its back faces the reader. The exact surface that the mesh samples.
    public func surfacePoint(of paper: Point) -> (position: Point3, backVisible: Bool) {
        let v = rightToLeft ? Point(x: pageSize.width - paper.x, y: paper.y) : paper
        let f = foldLTR
        let s = (v.x - f.point.x) * f.normal.x + (v.y - f.point.y) * f.normal.y
        var (p, _) = StripMeshBuilder.map(v.x, v.y, s, fold: f, ambient: ambient)
        if rightToLeft { p.x = pageSize.width - p.x }
        return (p, s > Double.pi * foldLTR.radius / 2)
    }

    /// Builds `front` and `back` from strips parallel to the fold (see `StripMeshBuilder`),
    /// into the meshes' arrays (whose capacity is kept from frame to frame).
    mutating func buildMesh(arcSteps: Int, rows: Int) {
        let lent = stripLines
        stripLines = []
        let builder = StripMeshBuilder(fold: foldLTR, page: pageSize, ambient: ambient, rightToLeft: rightToLeft,
                                       arcSteps: arcSteps, rows: rows, cuts: lent)
        builder.build(front: &front, back: &back, covered: &covered, slots: &slots)
        stripLines = builder.cuts
    }
}
