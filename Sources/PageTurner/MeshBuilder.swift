/// How `CylinderFrame` samples the cylinder mapping into meshes, fast: raw reusable buffers,
/// shared vertices, and triangles cut exactly along the curl's lines.

/// A point of the paper with its signed distance s from the fold, and where it comes from:
/// a grid vertex (`key` = its index, `level` = −1) or the crossing of a grid edge with the line
/// s = 0, πr/2 or πr (`key` = the edge, `level` = 0, 1 or 2).
struct PaperPoint {
    var x: Double
    var y: Double
    var s: Double
    var key: Int32
    var level: Int32
}

/// A growable buffer of trivial values in raw memory: appends without uniqueness or bounds
/// checks. Its owner frees it.
struct RawBuffer<Element> {
    var base: UnsafeMutablePointer<Element>
    var count = 0
    var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always) mutating func append(_ e: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: e)
        count &+= 1
    }

    mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    func free() { base.deallocate() }
}

/// The builder's memory, kept from frame to frame: the output buffers and the index caches
/// that let neighbouring triangles share vertices. Cache entries are stamped with a generation
/// (`generation << 32 | index`), so a new frame invalidates them without clearing anything.
/// Only ever mutated while uniquely referenced (`CylinderFrame` makes a new one otherwise),
/// hence safe to send.
final class MeshStorage: @unchecked Sendable {
    let gridVertices: Int
    var generation: UInt64 = 0
    /// Per grid vertex: its index in the front mesh, then in the back mesh.
    let grid: UnsafeMutablePointer<UInt64>
    /// Per grid edge (3 per vertex: right, down, down-right) and line: the crossing's index,
    /// for (s = 0, front), (s = πr/2, front), (s = πr/2, back), (s = πr, back).
    let crossings: UnsafeMutablePointer<UInt64>
    var frontVertices: RawBuffer<CurlVertex>
    var backVertices: RawBuffer<CurlVertex>
    var frontIndices: RawBuffer<UInt32>
    var backIndices: RawBuffer<UInt32>

    init(gridVertices: Int) {
        self.gridVertices = gridVertices
        grid = .allocate(capacity: max(2 * gridVertices, 1))
        grid.initialize(repeating: 0, count: max(2 * gridVertices, 1))
        crossings = .allocate(capacity: max(12 * gridVertices, 1))
        crossings.initialize(repeating: 0, count: max(12 * gridVertices, 1))
        frontVertices = RawBuffer(capacity: gridVertices + gridVertices / 4)
        backVertices = RawBuffer(capacity: gridVertices + gridVertices / 4)
        frontIndices = RawBuffer(capacity: 8 * gridVertices)
        backIndices = RawBuffer(capacity: 8 * gridVertices)
    }

    /// Takes back the (possibly grown) buffers after a build.
    func keep(_ b: MeshBuilder) {
        frontVertices = b.frontVertices
        backVertices = b.backVertices
        frontIndices = b.frontIndices
        backIndices = b.backIndices
        generation = b.generation
    }

    deinit {
        grid.deallocate()
        crossings.deallocate()
        frontVertices.free()
        backVertices.free()
        frontIndices.free()
        backIndices.free()
    }
}

/// Samples the cylinder mapping over a grid of columns × rows cells. Triangles that lie in one
/// part of the paper (flat, front of the cylinder, back of the cylinder, flat back) use the
/// grid's vertices; triangles that cross the lines s = 0, s = πr/2 or s = πr are cut along them,
/// so the crease, the turn of the cylinder and the landing on the back are exact at any radius
/// (even 0) and the front/back split is clean. Every vertex is shared by all the triangles of
/// its mesh that touch it. The front keeps the paper's winding; the back, seen mirrored, gets it
/// reversed (and a right-to-left book, mirrored as a whole, reverses both).
struct MeshBuilder {
    let fold: Fold
    let width: Double
    let height: Double
    let ambient: Double
    let rightToLeft: Bool
    let columns: Int
    let rows: Int
    let stride: Int
    let count: Int
    let halfTurn: Double
    /// Distances from the fold below this count as on it (rounding noise of the grid's s).
    let tolerance: Double
    let grid: UnsafeMutablePointer<UInt64>
    let crossings: UnsafeMutablePointer<UInt64>
    var generation: UInt64
    var frontVertices: RawBuffer<CurlVertex>
    var backVertices: RawBuffer<CurlVertex>
    var frontIndices: RawBuffer<UInt32>
    var backIndices: RawBuffer<UInt32>

    init(frame: CylinderFrame, columns: Int, rows: Int, storage: MeshStorage) {
        fold = frame.foldLTR
        width = frame.pageSize.width
        height = frame.pageSize.height
        ambient = frame.ambient
        rightToLeft = frame.rightToLeft
        self.columns = columns
        self.rows = rows
        stride = columns + 1
        count = stride * (rows + 1)
        halfTurn = Double.pi * frame.foldLTR.radius
        tolerance = 1e-9 * (frame.pageSize.width + frame.pageSize.height)
        grid = storage.grid
        crossings = storage.crossings
        generation = storage.generation
        frontVertices = storage.frontVertices
        backVertices = storage.backVertices
        frontIndices = storage.frontIndices
        backIndices = storage.backIndices
    }

    /// The mapping of the paper point (x, y) at signed distance s from the fold (see
    /// `CylinderCurl`): flat, on the cylinder at α = s/r, or flat on top. Returns the shade too.
    @inline(__always) static func map(_ x: Double, _ y: Double, _ s: Double, fold: Fold, ambient: Double) -> (Point3, Double) {
        let n = fold.normal, r = fold.radius, halfTurn = Double.pi * r
        if s <= 0 { return (Point3(x: x, y: y, z: 0), 1) }
        if s >= halfTurn {
            let k = 2 * s - halfTurn
            return (Point3(x: x - n.x * k, y: y - n.y * k, z: 2 * r), 1)
        }
        let (sinA, rawCos) = halfTurnSineCosine(s / r)
        let cosA = min(max(rawCos, -1), 1)
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

    /// The vertex for the paper point (x, y) at distance s, mirrored for right-to-left books.
    @inline(__always) func vertex(_ x: Double, _ y: Double, _ s: Double) -> CurlVertex {
        var (p, shade) = Self.map(x, y, s, fold: fold, ambient: ambient)
        var u = width > 0 ? x / width : 0
        if rightToLeft {
            u = 1 - u
            p.x = width - p.x
        }
        return CurlVertex(position: p, texture: Point(x: u, y: height > 0 ? y / height : 0), shade: shade)
    }

    mutating func build() {
        frontVertices.count = 0; backVertices.count = 0
        frontIndices.count = 0; backIndices.count = 0
        if generation >= UInt64(UInt32.max) {
            grid.update(repeating: 0, count: 2 * count)
            crossings.update(repeating: 0, count: 12 * count)
            generation = 0
        }
        generation += 1

        let dx = width / Double(columns), dy = height / Double(rows)
        // s is linear over the grid: s(i, j) = s00 + i·si + j·sj.
        let s00 = -fold.point.x * fold.normal.x - fold.point.y * fold.normal.y
        let si = dx * fold.normal.x, sj = dy * fold.normal.y
        for j in 0..<rows {
            let y0 = Double(j) * dy, y1 = Double(j + 1) * dy
            for i in 0..<columns {
                let x0 = Double(i) * dx, x1 = Double(i + 1) * dx
                let k00 = j &* stride &+ i, k10 = k00 &+ 1, k01 = k00 &+ stride, k11 = k01 &+ 1
                let base = s00 + Double(i) * si + Double(j) * sj
                let s10 = base + si, s01 = base + sj, s11 = base + si + sj
                let b00 = band(base), b10 = band(s10), b01 = band(s01), b11 = band(s11)
                // Both triangles keep the paper's winding: (0,0) (1,0) (1,1) and (0,0) (1,1) (0,1).
                if b00 == b10 && b10 == b11 && b11 == b01 {
                    let toBack = b00 >= 2
                    let a = gridIndex(k00, x0, y0, base, toBack), b = gridIndex(k10, x1, y0, s10, toBack)
                    let c = gridIndex(k11, x1, y1, s11, toBack), d = gridIndex(k01, x0, y1, s01, toBack)
                    emit(a, b, c, toBack)
                    emit(a, c, d, toBack)
                    continue
                }
                let p00 = PaperPoint(x: x0, y: y0, s: base, key: Int32(k00), level: -1)
                let p10 = PaperPoint(x: x1, y: y0, s: s10, key: Int32(k10), level: -1)
                let p01 = PaperPoint(x: x0, y: y1, s: s01, key: Int32(k01), level: -1)
                let p11 = PaperPoint(x: x1, y: y1, s: s11, key: Int32(k11), level: -1)
                if b00 == b10 && b10 == b11 {
                    add(p00, p10, p11, back: b00 >= 2)
                } else {
                    cut(p00, p10, p11, from: min(b00, b10, b11), to: max(b00, b10, b11))
                }
                if b00 == b11 && b11 == b01 {
                    add(p00, p11, p01, back: b00 >= 2)
                } else {
                    cut(p00, p11, p01, from: min(b00, b11, b01), to: max(b00, b11, b01))
                }
            }
        }
    }

    @inline(__always) mutating func append(_ v: CurlVertex, back toBack: Bool) -> UInt32 {
        if toBack {
            backVertices.append(v)
            return UInt32(truncatingIfNeeded: backVertices.count &- 1)
        }
        frontVertices.append(v)
        return UInt32(truncatingIfNeeded: frontVertices.count &- 1)
    }

    /// The index of grid vertex k (at x, y, s) in the front or back mesh, made on first use.
    @inline(__always) mutating func gridIndex(_ k: Int, _ x: Double, _ y: Double, _ s: Double, _ toBack: Bool) -> UInt32 {
        let slot = grid + (k &* 2 &+ (toBack ? 1 : 0))
        let entry = slot.pointee
        if entry &>> 32 == generation { return UInt32(truncatingIfNeeded: entry) }
        let i = append(vertex(x, y, s), back: toBack)
        slot.pointee = generation &<< 32 | UInt64(i)
        return i
    }

    /// The index of `p` in the front or back mesh, made on first use.
    @inline(__always) mutating func index(of p: PaperPoint, back toBack: Bool) -> UInt32 {
        if p.level < 0 { return gridIndex(Int(p.key), p.x, p.y, p.s, toBack) }
        let line = p.level == 0 ? 0 : p.level == 2 ? 3 : (toBack ? 2 : 1)
        let slot = crossings + (line &* 3 &* count &+ Int(p.key))
        let entry = slot.pointee
        if entry &>> 32 == generation { return UInt32(truncatingIfNeeded: entry) }
        let i = append(vertex(p.x, p.y, p.s), back: toBack)
        slot.pointee = generation &<< 32 | UInt64(i)
        return i
    }

    /// Adds a triangle given in the paper's winding to the front or to the back.
    @inline(__always) mutating func add(_ a: PaperPoint, _ b: PaperPoint, _ c: PaperPoint, back toBack: Bool) {
        let ia = index(of: a, back: toBack), ib = index(of: b, back: toBack), ic = index(of: c, back: toBack)
        emit(ia, ib, ic, toBack)
    }

    /// Appends a triangle given in the paper's winding: reversed on the back (seen mirrored) and
    /// once more for a right-to-left book (mirrored as a whole).
    @inline(__always) mutating func emit(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ toBack: Bool) {
        let (second, third) = toBack != rightToLeft ? (c, b) : (b, c)
        if toBack {
            backIndices.append(a); backIndices.append(second); backIndices.append(third)
        } else {
            frontIndices.append(a); frontIndices.append(second); frontIndices.append(third)
        }
    }

    /// The grid edge between grid vertices a and b: 3 per vertex (right, down, down-right).
    @inline(__always) func edge(_ a: Int32, _ b: Int32) -> Int32 {
        let low = min(a, b), gap = Int(max(a, b) - low)
        return low &* 3 &+ (gap == 1 ? 0 : gap == stride ? 1 : 2)
    }

    /// The triangle clipped to each slab lo ≤ s ≤ hi it crosses, in one walk round its edges: a
    /// corner inside the slab is kept, an edge crossing s = lo or s = hi adds the crossing (s is
    /// linear along the edge: linear interpolation). Each piece is fan-triangulated into its mesh.
    mutating func cut(_ p0: PaperPoint, _ p1: PaperPoint, _ p2: PaperPoint, from first: Int, to last: Int) {
        for part in first...last {
            let lo: Double = part == 0 ? -.infinity : part == 1 ? 0 : part == 2 ? halfTurn / 2 : halfTurn
            let hi: Double = part == 0 ? 0 : part == 1 ? halfTurn / 2 : part == 2 ? halfTurn : .infinity
            if (part == 1 || part == 2) && !(hi > lo) { continue }
            var piece = Piece()
            piece.walk(p0, p1, lo, hi, part, edge(p0.key, p1.key))
            piece.walk(p1, p2, lo, hi, part, edge(p1.key, p2.key))
            piece.walk(p2, p0, lo, hi, part, edge(p2.key, p0.key))
            guard piece.count >= 3, piece.area > tolerance * tolerance else { continue }
            for k in 2..<piece.count { add(piece[0], piece[k - 1], piece[k], back: part >= 2) }
        }
    }
}

/// A triangle clipped to a slab: at most 6 points, kept in place (no heap, no copies).
struct Piece {
    private var p0 = PaperPoint(x: 0, y: 0, s: 0, key: 0, level: 0), p1 = PaperPoint(x: 0, y: 0, s: 0, key: 0, level: 0)
    private var p2 = PaperPoint(x: 0, y: 0, s: 0, key: 0, level: 0), p3 = PaperPoint(x: 0, y: 0, s: 0, key: 0, level: 0)
    private var p4 = PaperPoint(x: 0, y: 0, s: 0, key: 0, level: 0), p5 = PaperPoint(x: 0, y: 0, s: 0, key: 0, level: 0)
    private(set) var count = 0

    subscript(_ k: Int) -> PaperPoint {
        switch k {
        case 0: return p0
        case 1: return p1
        case 2: return p2
        case 3: return p3
        case 4: return p4
        default: return p5
        }
    }

    @inline(__always) mutating func append(_ p: PaperPoint) {
        switch count {
        case 0: p0 = p
        case 1: p1 = p
        case 2: p2 = p
        case 3: p3 = p
        case 4: p4 = p
        default: p5 = p
        }
        count += 1
    }

    /// One edge p → q of the triangle: p if it lies in the slab lo ≤ s ≤ hi, then the edge's
    /// crossings of s = lo and s = hi in the order met (`part` names the slab's lines, `key` the
    /// edge, for sharing).
    @inline(__always) mutating func walk(_ p: PaperPoint, _ q: PaperPoint, _ lo: Double, _ hi: Double,
                                         _ part: Int, _ key: Int32) {
        if p.s >= lo && p.s <= hi { append(p) }
        let d = q.s - p.s
        guard d != 0 else { return }
        var tLo = -1.0, tHi = -1.0
        if (p.s - lo) * (q.s - lo) < 0 { tLo = (lo - p.s) / d }
        if (p.s - hi) * (q.s - hi) < 0 { tHi = (hi - p.s) / d }
        @inline(__always) func crossing(_ t: Double, _ value: Double, _ level: Int) {
            append(PaperPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t, s: value,
                              key: key, level: Int32(level)))
        }
        if tLo >= 0 && tHi >= 0 {
            if tLo < tHi { crossing(tLo, lo, part - 1); crossing(tHi, hi, part) }
            else { crossing(tHi, hi, part); crossing(tLo, lo, part - 1) }
        } else if tLo >= 0 {
            crossing(tLo, lo, part - 1)
        } else if tHi >= 0 {
            crossing(tHi, hi, part)
        }
    }

    /// The piece's area on the paper (shoelace formula).
    var area: Double {
        var twice = 0.0
        for k in 0..<count {
            let p = self[k], q = self[k + 1 == count ? 0 : k + 1]
            twice += p.x * q.y - q.x * p.y
        }
        return abs(twice) / 2
    }
}
