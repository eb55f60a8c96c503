/// The triangle mesh of a curled page (see `CylinderCurl` for the mapping it samples).

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
/// the page below, and the fold. Draw the page below, then the shadow, then `front`, then
/// `back` (the back lies over the front where they overlap).
public struct CylinderFrame: Sendable {
    /// The side of the turning page that faces the reader while flat or low on the cylinder;
    /// texture coordinates into the turning page.
    public var front = CurlMesh()
    /// The side that has come over the cylinder: the same page seen from behind, so its
    /// texture coordinates (into the same page) come out mirrored by the geometry itself.
    /// Blend it towards white by `backWash`, as paper shows print through.
    public var back = CurlMesh()
    public var shadow: CurlShadow?
    public var turningPage: PageRole = .current
    public var pageBelow: PageRole = .incoming
    public var backWash = 0.6
    public internal(set) var pageSize = Size(width: 0, height: 0)
    public internal(set) var rightToLeft = false
    var foldLTR = Fold(point: .zero, normal: Point(x: 1, y: 0), radius: 0)
    var ambient = 0.35
    /// The builder's reusable raw storage; a frame value that has been copied gets its own.
    private var storage = MeshStorage(gridVertices: 0)

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

    public var vertexCount: Int { front.vertexCount + back.vertexCount }

    /// Where the paper point `paper` (page coordinates of the flat page) is in space, and whether
    /// its back faces the reader. The exact surface that the mesh samples.
    public func surfacePoint(of paper: Point) -> (position: Point3, backVisible: Bool) {
        let v = rightToLeft ? Point(x: pageSize.width - paper.x, y: paper.y) : paper
        let f = foldLTR
        let s = (v.x - f.point.x) * f.normal.x + (v.y - f.point.y) * f.normal.y
        var (p, _) = MeshBuilder.map(v.x, v.y, s, fold: f, ambient: ambient)
        if rightToLeft { p.x = pageSize.width - p.x }
        return (p, s > Double.pi * foldLTR.radius / 2)
    }

    /// Builds `front` and `back` from a grid of columns × rows cells (see `MeshBuilder`), then
    /// copies them into the public arrays (whose capacity is kept from frame to frame).
    mutating func buildMesh(columns: Int, rows: Int) {
        let cells = (max(columns, 1), max(rows, 1))
        let gridVertices = (cells.0 + 1) * (cells.1 + 1)
        if !isKnownUniquelyReferenced(&storage) || storage.gridVertices != gridVertices {
            storage = MeshStorage(gridVertices: gridVertices)
        }
        var builder = MeshBuilder(frame: self, columns: cells.0, rows: cells.1, storage: storage)
        builder.build()
        storage.keep(builder)
        front.clear()
        back.clear()
        front.vertices.append(contentsOf: UnsafeBufferPointer(start: builder.frontVertices.base, count: builder.frontVertices.count))
        front.indices.append(contentsOf: UnsafeBufferPointer(start: builder.frontIndices.base, count: builder.frontIndices.count))
        back.vertices.append(contentsOf: UnsafeBufferPointer(start: builder.backVertices.base, count: builder.backVertices.count))
        back.indices.append(contentsOf: UnsafeBufferPointer(start: builder.backIndices.base, count: builder.backIndices.count))
    }
}
