/// The triangle mesh of a curled page (see `CylinderCurl` for the mapping it samples).

/// A triangle mesh: per vertex a position over the page, a texture coordinate into the page it
/// shows (0…1 across and down the paper) and a shade (multiply the texel by it); three indices
/// per triangle, counter-clockwise as seen by the reader.
public struct CurlMesh: Sendable, Hashable {
    public var positions: [Point3] = []
    public var texture: [Point] = []
    public var shade: [Double] = []
    public var indices: [UInt32] = []

    public init() {}

    public var vertexCount: Int { positions.count }
    public var triangleCount: Int { indices.count / 3 }

    mutating func clear() {
        positions.removeAll(keepingCapacity: true)
        texture.removeAll(keepingCapacity: true)
        shade.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    mutating func append(position: Point3, texture t: Point, shade s: Double) -> UInt32 {
        positions.append(position)
        texture.append(t)
        shade.append(s)
        return UInt32(positions.count - 1)
    }

    /// Adds a triangle, turned counter-clockwise (as seen from +z in a y-down page: negative
    /// signed area in x-right, y-down coordinates is clockwise on screen).
    mutating func triangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        let pa = positions[Int(a)], pb = positions[Int(b)], pc = positions[Int(c)]
        let cross = (pb.x - pa.x) * (pc.y - pa.y) - (pb.y - pa.y) * (pc.x - pa.x)
        if cross < 0 {
            indices.append(a); indices.append(c); indices.append(b)
        } else {
            indices.append(a); indices.append(b); indices.append(c)
        }
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
    // Scratch: the index of each grid vertex in `front` / `back`, or −1.
    private var frontIndex: [Int32] = []
    private var backIndex: [Int32] = []

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
        let builder = MeshBuilder(frame: self, columns: 1, rows: 1)
        let v = rightToLeft ? Point(x: pageSize.width - paper.x, y: paper.y) : paper
        let s = builder.distance(v)
        var (p, _) = builder.map(v.x, v.y, s)
        if rightToLeft { p.x = pageSize.width - p.x }
        return (p, s > Double.pi * foldLTR.radius / 2)
    }

    /// Builds `front` and `back` from a grid of columns × rows cells (see `MeshBuilder`).
    mutating func buildMesh(columns: Int, rows: Int) {
        let builder = MeshBuilder(frame: self, columns: columns, rows: rows)
        // Move the buffers out so that they stay uniquely referenced while they grow.
        var f = front, b = back, fi = frontIndex, bi = backIndex
        front = CurlMesh(); back = CurlMesh(); frontIndex = []; backIndex = []
        builder.build(front: &f, back: &b, frontIndex: &fi, backIndex: &bi)
        front = f; back = b; frontIndex = fi; backIndex = bi
    }
}

/// A point of the paper with its signed distance s from the fold.
struct PaperPoint {
    var x: Double
    var y: Double
    var s: Double
}

/// A convex polygon of at most 8 paper points, on the stack.
struct SmallPolygon {
    var points = InlineArray<8, PaperPoint>(repeating: PaperPoint(x: 0, y: 0, s: 0))
    var count = 0

    mutating func append(_ p: PaperPoint) {
        points[count] = p
        count += 1
    }

    /// The polygon's area on the paper (shoelace formula).
    var area: Double {
        var twice = 0.0
        for k in 0..<count {
            let p = points[k], q = points[k + 1 == count ? 0 : k + 1]
            twice += p.x * q.y - q.x * p.y
        }
        return abs(twice) / 2
    }

    /// Sutherland–Hodgman: keeps the part where sign·(s − limit) ≥ 0 (s is linear along every
    /// edge, so the crossing point is found by linear interpolation).
    func clipped(_ limit: Double, keepAbove: Bool) -> SmallPolygon {
        var out = SmallPolygon()
        for k in 0..<count {
            let p = points[k], q = points[k + 1 == count ? 0 : k + 1]
            let ip = keepAbove ? p.s - limit : limit - p.s
            let iq = keepAbove ? q.s - limit : limit - q.s
            if ip >= 0 { out.append(p) }
            if (ip >= 0) != (iq >= 0) {
                let t = ip / (ip - iq)
                out.append(PaperPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t, s: p.s + (q.s - p.s) * t))
            }
        }
        return out
    }
}

/// Samples the cylinder mapping over a grid of columns × rows cells. Triangles that lie in one
/// part of the paper (flat, front of the cylinder, back of the cylinder, flat back) share the
/// grid's vertices; triangles that cross the lines s = 0, s = πr/2 or s = πr are cut along them,
/// so the crease, the turn of the cylinder and the landing on the back are exact at any radius
/// (even 0) and the front/back split is clean. Allocation-free once the buffers are big enough.
struct MeshBuilder {
    let fold: Fold
    let width: Double
    let height: Double
    let ambient: Double
    let rightToLeft: Bool
    let columns: Int
    let rows: Int
    let halfTurn: Double
    /// Distances from the fold below this count as on it (rounding noise of the grid's s).
    let tolerance: Double

    init(frame: CylinderFrame, columns: Int, rows: Int) {
        fold = frame.foldLTR
        width = frame.pageSize.width
        height = frame.pageSize.height
        ambient = frame.ambient
        rightToLeft = frame.rightToLeft
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        halfTurn = Double.pi * frame.foldLTR.radius
        tolerance = 1e-9 * (frame.pageSize.width + frame.pageSize.height)
    }

    @inline(__always) func distance(_ v: Point) -> Double {
        (v.x - fold.point.x) * fold.normal.x + (v.y - fold.point.y) * fold.normal.y
    }

    /// The mapping of the paper point (x, y) at signed distance s from the fold (see
    /// `CylinderCurl`): flat, on the cylinder at α = s/r, or flat on top. Returns the shade too.
    @inline(__always) func map(_ x: Double, _ y: Double, _ s: Double) -> (Point3, Double) {
        let n = fold.normal, r = fold.radius
        if s <= 0 { return (Point3(x: x, y: y, z: 0), 1) }
        if s >= halfTurn {
            let k = 2 * s - halfTurn
            return (Point3(x: x - n.x * k, y: y - n.y * k, z: 2 * r), 1)
        }
        let (sinA, cosA) = sineCosine(s / r)
        let k = r * sinA - s
        return (Point3(x: x + n.x * k, y: y + n.y * k, z: r * (1 - cosA)),
                ambient + (1 - ambient) * abs(cosA))
    }

    /// 0 flat, 1 front of the cylinder, 2 back of the cylinder, 3 flat back.
    @inline(__always) func band(_ s: Double) -> Int {
        if s <= tolerance { return 0 }
        if s < halfTurn / 2 { return 1 }
        if s < halfTurn { return 2 }
        return 3
    }

    @inline(__always) func add(_ x: Double, _ y: Double, _ s: Double, to mesh: inout CurlMesh) -> UInt32 {
        var (p, shade) = map(x, y, s)
        var u = width > 0 ? x / width : 0
        if rightToLeft {
            u = 1 - u
            p.x = width - p.x
        }
        return mesh.append(position: p, texture: Point(x: u, y: height > 0 ? y / height : 0), shade: shade)
    }

    func build(front: inout CurlMesh, back: inout CurlMesh, frontIndex: inout [Int32], backIndex: inout [Int32]) {
        front.clear()
        back.clear()
        let stride = columns + 1
        let count = stride * (rows + 1)
        if frontIndex.count != count {
            frontIndex = Array(repeating: -1, count: count)
            backIndex = Array(repeating: -1, count: count)
        } else {
            for i in 0..<count { frontIndex[i] = -1; backIndex[i] = -1 }
        }
        let expected = count + 4 * (columns + rows)
        let expectedIndices = 6 * columns * rows + 24 * (columns + rows)
        for k in 0..<2 {
            func reserve(_ m: inout CurlMesh) {
                m.positions.reserveCapacity(expected)
                m.texture.reserveCapacity(expected)
                m.shade.reserveCapacity(expected)
                m.indices.reserveCapacity(expectedIndices)
            }
            if k == 0 { reserve(&front) } else { reserve(&back) }
        }
        let dx = width / Double(columns), dy = height / Double(rows)
        // s is linear over the grid: s(i, j) = s00 + i·si + j·sj.
        let s00 = -fold.point.x * fold.normal.x - fold.point.y * fold.normal.y
        let si = dx * fold.normal.x, sj = dy * fold.normal.y

        @inline(__always) func paper(_ k: Int) -> PaperPoint {
            let i = k % stride, j = k / stride
            return PaperPoint(x: Double(i) * dx, y: Double(j) * dy, s: s00 + Double(i) * si + Double(j) * sj)
        }
        @inline(__always) func shared(_ k: Int, _ mesh: inout CurlMesh, _ table: inout [Int32]) -> UInt32 {
            let existing = table[k]
            if existing >= 0 { return UInt32(existing) }
            let p = paper(k)
            let index = add(p.x, p.y, p.s, to: &mesh)
            table[k] = Int32(index)
            return index
        }
        func triangle(_ ka: Int, _ kb: Int, _ kc: Int, _ ba: Int, _ bb: Int, _ bc: Int) {
            if ba == bb && bb == bc {
                if ba < 2 {
                    let a = shared(ka, &front, &frontIndex), b = shared(kb, &front, &frontIndex)
                    let c = shared(kc, &front, &frontIndex)
                    front.triangle(a, b, c)
                } else {
                    let a = shared(ka, &back, &backIndex), b = shared(kb, &back, &backIndex)
                    let c = shared(kc, &back, &backIndex)
                    back.triangle(a, b, c)
                }
                return
            }
            var polygon = SmallPolygon()
            polygon.append(paper(ka)); polygon.append(paper(kb)); polygon.append(paper(kc))
            cut(polygon, from: min(ba, bb, bc), to: max(ba, bb, bc), front: &front, back: &back)
        }

        for j in 0..<rows {
            for i in 0..<columns {
                let k00 = j * stride + i, k10 = k00 + 1, k01 = k00 + stride, k11 = k01 + 1
                let base = s00 + Double(i) * si + Double(j) * sj
                let b00 = band(base), b10 = band(base + si), b01 = band(base + sj), b11 = band(base + si + sj)
                triangle(k00, k10, k11, b00, b10, b11)
                triangle(k00, k11, k01, b00, b11, b01)
            }
        }
    }

    /// Cuts a triangle into the parts of the paper it crosses and adds each part,
    /// fan-triangulated, to the front (parts 0 and 1) or the back (parts 2 and 3).
    func cut(_ polygon: SmallPolygon, from first: Int, to last: Int, front: inout CurlMesh, back: inout CurlMesh) {
        for b in first...last {
            let lo: Double = b == 0 ? -.infinity : b == 1 ? 0 : b == 2 ? halfTurn / 2 : halfTurn
            let hi: Double = b == 0 ? 0 : b == 1 ? halfTurn / 2 : b == 2 ? halfTurn : .infinity
            if (b == 1 || b == 2) && !(hi > lo) { continue }
            var piece = polygon
            if lo.isFinite { piece = piece.clipped(lo, keepAbove: true) }
            if hi.isFinite { piece = piece.clipped(hi, keepAbove: false) }
            guard piece.count >= 3, piece.area > tolerance * tolerance else { continue }
            var ids = InlineArray<8, UInt32>(repeating: 0)
            for k in 0..<piece.count {
                let p = piece.points[k]
                let s = min(max(p.s, lo), hi)
                ids[k] = b < 2 ? add(p.x, p.y, s, to: &front) : add(p.x, p.y, s, to: &back)
            }
            for t in 1..<(piece.count - 1) {
                if b < 2 { front.triangle(ids[0], ids[t], ids[t + 1]) } else { back.triangle(ids[0], ids[t], ids[t + 1]) }
            }
        }
    }
}
