import Testing
@testable import PageTurner

extension CurlMesh {
    /// The area of paper the mesh's triangles cover, in texture units (the whole page is 1).
    var paperArea: Double {
        var area = 0.0
        for t in 0..<triangleCount {
            let a = vertices[Int(indices[3 * t])].texture, b = vertices[Int(indices[3 * t + 1])].texture
            let c = vertices[Int(indices[3 * t + 2])].texture
            area += abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2
        }
        return area
    }
}

/// The cylinder's meshes are strips parallel to the fold, a few dozen vertices that
/// lie exactly on the curled paper.
@Suite("Cylinder strip mesh")
struct StripMeshTests {
    let size = Size(width: 800, height: 1000)

    /// Straight, tilted both ways, from a corner, early, late, in both reading directions.
    var poses: [TurnPose] {
        var out: [TurnPose] = []
        for rtl in [false, true] {
            for p in [0.0, 0.003, 0.05, 0.2, 0.5, 0.75, 0.97, 1] {
                for (grabY, lift) in [(500.0, 0.0), (950, -150), (30, 220), (1000, -400)] {
                    for direction in TurnDirection.allCases {
                        out.append(TurnPose(page: size, direction: direction, progress: p, grabY: grabY, lift: lift, rightToLeft: rtl))
                    }
                }
            }
        }
        return out
    }

    /// The paper point a vertex shows (its texture coordinates are the page's, in both directions).
    func paper(_ v: CurlVertex) -> Point { Point(x: v.texture.x * size.width, y: v.texture.y * size.height) }

    /// s, the distance of a paper point from the fold (the same in both reading directions).
    func distance(_ p: Point, _ f: CylinderFrame) -> Double {
        (p.x - f.fold.point.x) * f.fold.normal.x + (p.y - f.fold.point.y) * f.fold.normal.y
    }

    @Test("every vertex lies on the curled paper, where the mapping puts its paper point")
    func verticesOnTheSurface() {
        for curl in [CylinderCurl(), CylinderCurl(arcSteps: 24, rows: 7)] {
            for pose in poses {
                let f = curl.frame(page: size, pose: pose)
                for (mesh, isBack) in [(f.front, false), (f.back, true), (f.covered, false)] {
                    for v in mesh.vertices {
                        let exact = f.surfacePoint(of: paper(v)).position
                        let d = max(abs(exact.x - v.position.x), abs(exact.y - v.position.y), abs(exact.z - v.position.z))
                        #expect(d < 1e-6, "\(pose.progress) \(pose.lift) rtl \(pose.rightToLeft)")
                        // The front mesh holds the paper up to a quarter turn, the back the rest.
                        let s = distance(paper(v), f), quarter = Double.pi * f.fold.radius / 2
                        #expect(isBack ? s >= quarter - 1e-6 : s <= quarter + 1e-6)
                    }
                }
            }
        }
    }

    @Test("the strip lines are parallel to the fold: every vertex is a page corner or on one, no triangle crosses one")
    func stripsParallelToTheFold() {
        let curl = CylinderCurl()
        for pose in poses {
            let f = curl.frame(page: size, pose: pose)
            let lines = f.stripLines
            #expect(lines == lines.sorted())
            for mesh in [f.front, f.back, f.covered] {
                let s = mesh.vertices.map { distance(paper($0), f) }
                for (k, v) in mesh.vertices.enumerated() {
                    let p = paper(v)
                    let corner = (p.x == 0 || p.x == size.width) && (p.y == 0 || p.y == size.height)
                    let onBorder = abs(p.x) < 1e-9 || abs(p.x - size.width) < 1e-9 || abs(p.y) < 1e-9 || abs(p.y - size.height) < 1e-9
                    #expect(onBorder, "one row: every vertex is where a line meets the page's edge")
                    #expect(corner || lines.contains { abs($0 - s[k]) < 1e-6 }, "a vertex off every strip line")
                }
                for t in 0..<mesh.triangleCount {
                    let ss = (0..<3).map { s[Int(mesh.indices[3 * t + $0])] }
                    let lo = ss.min()!, hi = ss.max()!
                    #expect(!lines.contains { $0 > lo + 1e-6 && $0 < hi - 1e-6 }, "a triangle across a strip line")
                }
            }
        }
    }

    @Test("few vertices and triangles: about sixty of each, not a grid")
    func small() {
        let curl = CylinderCurl()
        var most = (vertices: 0, triangles: 0)
        for pose in poses {
            let f = curl.frame(page: size, pose: pose)
            most.vertices = max(most.vertices, f.vertexCount)
            most.triangles = max(most.triangles, f.front.triangleCount + f.back.triangleCount + f.covered.triangleCount)
        }
        #expect(most.vertices <= 60, "\(most)")
        #expect(most.triangles <= 64, "\(most)")
        // Mid-turn the whole arc is on the page: a line every 7.5° of it, plus the crease and the landing.
        let mid = curl.frame(page: size, pose: TurnPose(page: size, direction: .next, progress: 0.5))
        #expect(mid.stripLines.count == 25)
    }

    @Test("the curved part is cut every few degrees, so its shading stays smooth")
    func fineAcrossTheArc() {
        let curl = CylinderCurl()
        for pose in poses {
            let f = curl.frame(page: size, pose: pose)
            let r = f.fold.radius
            let arc = f.stripLines.filter { $0 > 1e-9 && $0 < Double.pi * r - 1e-9 }
            for (a, b) in zip(arc, arc.dropFirst()) {
                #expect(b - a <= Double.pi * r / 24 + 1e-9, "more than 7.5° between strip lines")
            }
            // Neighbouring vertices along the arc differ in shade by at most what 7.5° makes.
            for mesh in [f.front, f.back] {
                for t in 0..<mesh.triangleCount {
                    let shades = (0..<3).map { mesh.vertices[Int(mesh.indices[3 * t + $0])].shade }
                    #expect(shades.max()! - shades.min()! <= (1 - curl.ambient) * 0.131 + 1e-9)
                }
            }
        }
    }

    @Test("the flat parts map identically: front vertices at rest on the page show their own paper point")
    func flatPartsIdentity() {
        let curl = CylinderCurl()
        for pose in poses {
            let f = curl.frame(page: size, pose: pose)
            for v in f.front.vertices where v.position.z == 0 {
                let p = paper(v)
                #expect(abs(v.position.x - p.x) < 1e-9 && abs(v.position.y - p.y) < 1e-9)
                #expect(v.shade == 1)
            }
            // On the flat back the page is mirrored across the line s = πr/2: a vertex at
            // distance s lands 2s − πr back across it, still at shade 1.
            let r = f.fold.radius
            for v in f.back.vertices where abs(v.position.z - 2 * r) < 1e-12 && r > 0 {
                let p = paper(v), s = distance(p, f), k = 2 * s - Double.pi * r
                #expect(abs(v.position.x - (p.x - f.fold.normal.x * k)) < 1e-6)
                #expect(abs(v.position.y - (p.y - f.fold.normal.y * k)) < 1e-6)
                #expect(v.shade == 1)
            }
        }
    }

    @Test("cut into rows, the strips share every corner: no vertex twice, the paper covered once")
    func rowsShareCorners() {
        for rows in [1, 3, 7] {
            let curl = CylinderCurl(arcSteps: 24, rows: rows)
            for pose in poses {
                let f = curl.frame(page: size, pose: pose)
                var area = 0.0
                for mesh in [f.front, f.back, f.covered] {
                    var seen = Set<Point>()
                    for v in mesh.vertices { #expect(seen.insert(v.texture).inserted, "a vertex made twice: a possible seam") }
                    area += mesh.paperArea
                }
                #expect(abs(area - 1) < 1e-9, "rows \(rows), progress \(pose.progress)")
            }
        }
    }

    @Test("what the mesh leaves out as covered lies right under the back: the paper above it is on the page")
    func coveredIsUnderTheBack() {
        let curl = CylinderCurl()
        var coveredSomewhere = false
        for pose in poses {
            let f = curl.frame(page: size, pose: pose)
            let r = f.fold.radius
            coveredSomewhere = coveredSomewhere || f.covered.triangleCount > 0
            for v in f.covered.vertices {
                let p = paper(v), s = distance(p, f)
                #expect(s >= -1e-9 && s <= Double.pi * r / 2 + 1e-9, "only the front of the cylinder is covered")
                // The paper point opposite, across the top of the cylinder, is on the page, right above.
                let shift = Double.pi * r - 2 * s
                let above = Point(x: p.x + f.fold.normal.x * shift, y: p.y + f.fold.normal.y * shift)
                #expect(above.x >= -1e-6 && above.x <= size.width + 1e-6 && above.y >= -1e-6 && above.y <= size.height + 1e-6)
                let top = f.surfacePoint(of: above).position
                #expect(abs(top.x - v.position.x) < 1e-6 && abs(top.y - v.position.y) < 1e-6 && top.z >= v.position.z - 1e-9)
            }
        }
        #expect(coveredSomewhere)
        // Mid-turn with a straight fold the whole front of the curve is under the back.
        let mid = curl.frame(page: size, pose: TurnPose(page: size, direction: .next, progress: 0.5))
        #expect(mid.front.vertices.allSatisfy { $0.position.z == 0 })
    }
}
