/// How `CylinderFrame` samples the cylinder mapping into meshes: the page cut into strips
/// parallel to the fold (after harism/android-pagecurl's idea; the code is ours).
///
/// The mapping (`CylinderCurl`) depends only on s, the distance from the fold, so a polygon of
/// the paper lying between two lines s = a and s = b, with a and b close on the cylinder, maps
/// as its corners do: straight edges along the fold stay straight. The builder cuts the page
/// rectangle by the lines s = 0 (the crease), s = k·πr/N for k = 1 … N − 1 (every 180°/N of
/// the cylinder's arc, πr/2 among them: the front/back split) and s = πr (the landing on the
/// back), and, optionally, by `rows` horizontal lines (SDL's software rasterizer wants small
/// triangles: see `CylinderCurl.rows`). Each piece, a convex polygon of at most six corners,
/// is fan-triangulated into the front or the back mesh; its corners are shared with every
/// neighbouring piece (same index, same position), so there are no T-junctions and no seams.
/// The flat parts are one strip each (per row): the mapping is exact there. A piece of the
/// front of the cylinder that the back lies right over everywhere goes to a third mesh,
/// `covered`, which nobody needs to draw (in mid-turn, most of the front's curve).

/// A corner of a piece: a point of the paper, its distance s from the fold and its identity
/// (`key`, for sharing: a rectangle corner or the crossing of a cut line with an edge).
struct StripPoint {
    var x: Double
    var y: Double
    var s: Double
    var key: Int32
}

/// A piece of the page between two cut lines within one row: at most 6 corners, in place.
struct StripPiece {
    private var points: (StripPoint, StripPoint, StripPoint, StripPoint, StripPoint, StripPoint, StripPoint, StripPoint)
    private(set) var count = 0

    init() {
        let p = StripPoint(x: 0, y: 0, s: 0, key: 0)
        points = (p, p, p, p, p, p, p, p)
    }

    subscript(_ k: Int) -> StripPoint {
        withUnsafeBytes(of: points) { $0.load(fromByteOffset: k * MemoryLayout<StripPoint>.stride, as: StripPoint.self) }
    }

    mutating func append(_ p: StripPoint) {
        guard count < 8 else { return }
        withUnsafeMutableBytes(of: &points) {
            $0.storeBytes(of: p, toByteOffset: count * MemoryLayout<StripPoint>.stride, as: StripPoint.self)
        }
        count += 1
    }

    /// Twice the piece's signed area on the paper (shoelace formula).
    var twiceArea: Double {
        var twice = 0.0
        for k in 0..<count {
            let p = self[k], q = self[k + 1 == count ? 0 : k + 1]
            twice += p.x * q.y - q.x * p.y
        }
        return twice
    }
}

/// Builds a `CylinderFrame`'s front and back meshes from strips parallel to the fold.
struct StripMeshBuilder {
    let fold: Fold
    let width: Double
    let height: Double
    let ambient: Double
    let rightToLeft: Bool
    let rows: Int
    let halfTurn: Double
    /// Distances below this count as equal (rounding noise).
    let tolerance: Double
    /// The cut lines' distances from the fold, ascending, each strictly inside the page.
    private(set) var cuts: [Double] = []

    /// A builder for `fold` on a page of `size`; `cuts` lends its buffer for the cut lines.
    init(fold: Fold, page size: Size, ambient: Double, rightToLeft: Bool, arcSteps: Int, rows: Int, cuts: [Double]) {
        self.fold = fold
        width = size.width
        height = size.height
        self.ambient = ambient
        self.rightToLeft = rightToLeft
        self.rows = max(rows, 1)
        halfTurn = Double.pi * fold.radius
        tolerance = 1e-9 * (size.width + size.height)
        self.cuts = cuts
        cutLines(arcSteps: arcSteps)
    }

    /// s at the paper point (x, y).
    @inline(__always) func distance(_ x: Double, _ y: Double) -> Double {
        (x - fold.point.x) * fold.normal.x + (y - fold.point.y) * fold.normal.y
    }

    /// The lines s = 0, k·πr/N and πr that cross the page (N made even, so πr/2 is one).
    private mutating func cutLines(arcSteps: Int) {
        let corners = [distance(0, 0), distance(width, 0), distance(0, height), distance(width, height)]
        let lo = corners.min()! + tolerance, hi = corners.max()! - tolerance
        let n = max(2, arcSteps + arcSteps % 2)
        cuts.removeAll(keepingCapacity: true)
        for k in 0...n {
            let s = halfTurn * Double(k) / Double(n)
            guard s > lo, s < hi else { continue }
            if let last = cuts.last, s - last <= tolerance { continue }
            cuts.append(s)
        }
    }

    /// The mapping of the paper point (x, y) at distance s from the fold (see `CylinderCurl`):
    /// flat, on the cylinder at α = s/r, or flat on top. Returns the shade too.
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

    /// The vertex for the paper point p, mirrored for right-to-left books.
    @inline(__always) func vertex(_ p: StripPoint) -> CurlVertex {
        var (position, shade) = Self.map(p.x, p.y, p.s, fold: fold, ambient: ambient)
        var u = width > 0 ? p.x / width : 0
        if rightToLeft {
            u = 1 - u
            position.x = width - position.x
        }
        return CurlVertex(position: position, texture: Point(x: u, y: height > 0 ? p.y / height : 0), shade: shade)
    }

    /// How many distinct corner keys there are: rectangle corners (2 per horizontal line),
    /// cut crossings of the horizontal lines, then of the page's sides (2 per row).
    var keyCount: Int { 2 * (rows + 1) + (rows + 1) * cuts.count + 2 * rows * cuts.count }

    /// Whether the back hides all of `piece`, a piece of the front of the cylinder: the paper
    /// opposite each of its corners across the cylinder's top (s ↦ πr − s, the point right
    /// above it) is on the page. (Pieces are convex, so their corners decide.)
    @inline(__always) private func coveredByTheBack(_ piece: StripPiece) -> Bool {
        guard halfTurn > 0 else { return false }
        let e = tolerance
        for k in 0..<piece.count {
            let p = piece[k], shift = halfTurn - 2 * p.s
            let x = p.x + fold.normal.x * shift, y = p.y + fold.normal.y * shift
            if x < -e || x > width + e || y < -e || y > height + e { return false }
        }
        return true
    }

    /// Fills `front`, `back` and `covered` (the front's pieces that the back hides);
    /// `slots` is scratch (a vertex index per key and mesh).
    func build(front: inout CurlMesh, back: inout CurlMesh, covered: inout CurlMesh, slots: inout [Int32]) {
        front.clear()
        back.clear()
        covered.clear()
        guard width > 0, height > 0 else { return }
        slots.removeAll(keepingCapacity: true)
        slots.append(contentsOf: repeatElement(-1, count: 3 * keyCount))
        let dy = height / Double(rows)
        let middle = halfTurn / 2
        for row in 0..<rows {
            let y0 = Double(row) * dy, y1 = row + 1 == rows ? height : Double(row + 1) * dy
            // The row's rectangle, in the paper's winding (clockwise on screen, y down).
            let c0 = StripPoint(x: 0, y: y0, s: distance(0, y0), key: Int32(2 * row))
            let c1 = StripPoint(x: width, y: y0, s: distance(width, y0), key: Int32(2 * row + 1))
            let c2 = StripPoint(x: width, y: y1, s: distance(width, y1), key: Int32(2 * row + 3))
            let c3 = StripPoint(x: 0, y: y1, s: distance(0, y1), key: Int32(2 * row + 2))
            // The first key of each edge's crossings: top, right side, bottom, left side.
            let horizontal = 2 * (rows + 1), sides = horizontal + (rows + 1) * cuts.count
            let top = horizontal + row * cuts.count, right = sides + (2 * row + 1) * cuts.count
            let bottom = horizontal + (row + 1) * cuts.count, left = sides + 2 * row * cuts.count
            for strip in 0...cuts.count {
                let lo = strip == 0 ? -Double.infinity : cuts[strip - 1]
                let hi = strip == cuts.count ? Double.infinity : cuts[strip]
                var piece = StripPiece()
                walk(c0, c1, strip: strip, lo: lo, hi: hi, edgeBase: top, into: &piece)
                walk(c1, c2, strip: strip, lo: lo, hi: hi, edgeBase: right, into: &piece)
                walk(c2, c3, strip: strip, lo: lo, hi: hi, edgeBase: bottom, into: &piece)
                walk(c3, c0, strip: strip, lo: lo, hi: hi, edgeBase: left, into: &piece)
                guard piece.count >= 3, piece.twiceArea > tolerance * tolerance else { continue }
                // Which mesh: by where the strip lies (between its lines, within the page).
                var sMin = Double.infinity, sMax = -Double.infinity
                for k in 0..<piece.count { sMin = min(sMin, piece[k].s); sMax = max(sMax, piece[k].s) }
                let toBack = (sMin + sMax) / 2 > middle
                let hidden = !toBack && sMin >= -tolerance && coveredByTheBack(piece)
                let keyOffset = toBack ? keyCount : hidden ? 2 * keyCount : 0
                var first: Int32 = 0, previous: Int32 = 0
                for k in 0..<piece.count {
                    let p = piece[k]
                    let slot = keyOffset + Int(p.key)
                    var index = slots[slot]
                    if index < 0 {
                        let made = toBack ? back.append(vertex(p)) : hidden ? covered.append(vertex(p)) : front.append(vertex(p))
                        index = Int32(truncatingIfNeeded: made)
                        slots[slot] = index
                    }
                    if k == 0 { first = index } else if k >= 2 {
                        if hidden {
                            emit(first, previous, index, toBack: false, front: &covered, back: &back)
                        } else {
                            emit(first, previous, index, toBack: toBack, front: &front, back: &back)
                        }
                    }
                    previous = index
                }
            }
        }
    }

    /// One edge a → b of the row's rectangle: a if it lies in the strip lo ≤ s ≤ hi, then the
    /// edge's crossings of s = lo and s = hi in the order met (cut lines `strip` − 1 and
    /// `strip`; the crossing of cut k has the key `edgeBase` + k).
    @inline(__always) private func walk(_ a: StripPoint, _ b: StripPoint, strip: Int, lo: Double, hi: Double,
                                        edgeBase: Int, into piece: inout StripPiece) {
        // A corner within `tolerance` of a line lies on it: it belongs to both strips, and the
        // line's crossing there is the corner itself (no second vertex in the same place).
        let e = tolerance
        if a.s >= lo - e && a.s <= hi + e { piece.append(a) }
        let d = b.s - a.s
        var tLo = -1.0, tHi = -1.0
        if (a.s < lo - e && b.s > lo + e) || (a.s > lo + e && b.s < lo - e) { tLo = (lo - a.s) / d }
        if (a.s < hi - e && b.s > hi + e) || (a.s > hi + e && b.s < hi - e) { tHi = (hi - a.s) / d }
        @inline(__always) func crossing(_ t: Double, _ value: Double, _ cut: Int) -> StripPoint {
            StripPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, s: value, key: Int32(edgeBase + cut))
        }
        if tLo >= 0 && tHi >= 0 {
            if tLo < tHi {
                piece.append(crossing(tLo, lo, strip - 1)); piece.append(crossing(tHi, hi, strip))
            } else {
                piece.append(crossing(tHi, hi, strip)); piece.append(crossing(tLo, lo, strip - 1))
            }
        } else if tLo >= 0 {
            piece.append(crossing(tLo, lo, strip - 1))
        } else if tHi >= 0 {
            piece.append(crossing(tHi, hi, strip))
        }
    }

    /// Appends a triangle given in the paper's winding: reversed on the back (seen mirrored) and
    /// once more for a right-to-left book (mirrored as a whole).
    @inline(__always) private func emit(_ a: Int32, _ b: Int32, _ c: Int32, toBack: Bool,
                                        front: inout CurlMesh, back: inout CurlMesh) {
        let (second, third) = toBack != rightToLeft ? (c, b) : (b, c)
        if toBack {
            back.triangle(UInt32(a), UInt32(second), UInt32(third))
        } else {
            front.triangle(UInt32(a), UInt32(second), UInt32(third))
        }
    }
}
