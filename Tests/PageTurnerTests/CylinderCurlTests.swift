import Testing
@testable import PageTurner
@testable import GestureScripts

/// Curl geometry, `cylinder`: the page wrapped round a cylinder (after
/// harism/android-pagecurl), a shaded mesh and the shadow it casts.
@Suite("Cylinder curl")
struct CylinderCurlTests {
    let size = Size(width: 800, height: 1000)
    let curl = CylinderCurl()

    func pose(_ p: Double, _ d: TurnDirection = .next, grabY: Double = 500, lift: Double = 0, rtl: Bool = false) -> TurnPose {
        TurnPose(page: size, direction: d, progress: p, grabY: grabY, lift: lift, rightToLeft: rtl)
    }

    var samples: [Point] {
        (0...10).flatMap { i in (0...10).map { j in Point(x: Double(i) * 80, y: Double(j) * 100) } }
    }

    @Test("at rest the page lies flat where it is, and nothing is curled")
    func flatAtRest() {
        for p in [pose(0), pose(1, .previous), pose(0, lift: 300), pose(0, grabY: 1000, lift: -400)] {
            let f = curl.frame(page: size, pose: p)
            for v in samples {
                let s = f.surfacePoint(of: v)
                #expect(s.position == Point3(x: v.x, y: v.y, z: 0))
            }
            #expect(f.back.vertexCount == 0)
            #expect(f.shadow == nil)
            #expect(f.front.positions.allSatisfy { $0.z == 0 })
        }
    }

    @Test("turned, the page is off the screen entirely")
    func goneWhenTurned() {
        for p in [pose(1), pose(0, .previous), pose(1, lift: 250), pose(1, grabY: 0, lift: 300)] {
            let f = curl.frame(page: size, pose: p)
            for v in samples { #expect(f.surfacePoint(of: v).position.x <= 1e-9) }
            #expect(f.front.positions.allSatisfy { $0.x <= 1e-9 })
            #expect(f.back.positions.allSatisfy { $0.x <= 1e-9 })
        }
    }

    @Test("the radius is largest in mid-turn and shrinks to 0 at both ends")
    func radius() {
        let r = { (p: Double) in curl.fold(page: size, pose: pose(p)).radius }
        #expect(r(0) == 0)
        #expect(r(1) == 0)
        #expect(r(0.5) == curl.maxRadius * 800)
        #expect(r(0.95) < r(0.9) && r(0.9) < r(0.85))
        #expect(r(0.01) < r(0.02))
    }

    @Test("the fold follows the pointer: a horizontal drag folds along a vertical line")
    func verticalFold() {
        let fold = curl.fold(page: size, pose: pose(0.4))
        #expect(fold.normal == Point(x: 1, y: 0))
        let f = curl.frame(page: size, pose: pose(0.4))
        let (a, b) = f.foldSegment!
        #expect(abs(a.x - b.x) < 1e-9)
        // The fold lies half the edge's travel in from the edge, less a quarter turn of the cylinder.
        #expect(abs(fold.point.x - (800 - 0.4 * 800 - Double.pi * fold.radius / 2)) < 1e-9)
    }

    @Test("a drag from a corner towards the spine gives a diagonal fold")
    func diagonalFold() {
        let f = curl.frame(page: size, pose: pose(0.3, grabY: 990, lift: -200))
        let fold = f.fold
        #expect(fold.normal.y > 0.1, "tilted towards the grabbed bottom corner")
        let (a, b) = f.foldSegment!
        #expect(abs(a.x - b.x) > 50)
        // The grabbed corner has come up and in; the top corner is still flat.
        let corner = f.surfacePoint(of: Point(x: 800, y: 1000))
        #expect(corner.position.x < 800 - 200 && corner.position.y < 1000 - 100 && corner.backVisible)
        #expect(f.surfacePoint(of: Point(x: 800, y: 0)).position.z == 0)
    }

    @Test("the mesh: valid indices, texture coordinates on the paper, shades within ambient…1, heights within 0…2r")
    func meshSanity() {
        for p in stride(from: 0.0, through: 1, by: 0.05) {
            for lift in [0.0, -150, 200] {
                let f = curl.frame(page: size, pose: pose(p, grabY: 900, lift: lift))
                let r = f.fold.radius
                for mesh in [f.front, f.back] {
                    #expect(mesh.indices.count % 3 == 0)
                    #expect(mesh.indices.allSatisfy { Int($0) < mesh.vertexCount })
                    #expect(mesh.texture.allSatisfy { (-1e-12...1 + 1e-12).contains($0.x) && (-1e-12...1 + 1e-12).contains($0.y) })
                    #expect(mesh.shade.allSatisfy { $0 >= curl.ambient - 1e-12 && $0 <= 1 + 1e-12 })
                    #expect(mesh.positions.allSatisfy { $0.z >= -1e-12 && $0.z <= 2 * r + 1e-9 })
                }
                #expect(f.front.triangleCount + f.back.triangleCount >= 2)
            }
        }
    }

    @Test("every triangle is wound the same way on screen, front and back, in both reading directions")
    func winding() {
        for rtl in [false, true] {
            for p in [0.05, 0.3, 0.6, 0.97] {
                let f = curl.frame(page: size, pose: pose(p, grabY: 950, lift: -120, rtl: rtl))
                for mesh in [f.front, f.back] {
                    for t in 0..<mesh.triangleCount {
                        let a = mesh.vertices[Int(mesh.indices[3 * t])].position
                        let b = mesh.vertices[Int(mesh.indices[3 * t + 1])].position
                        let c = mesh.vertices[Int(mesh.indices[3 * t + 2])].position
                        #expect((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) >= -1e-9)
                    }
                }
            }
        }
    }

    @Test("the mesh covers the whole sheet of paper exactly once")
    func meshCoversPaper() {
        for p in [0.0, 0.1, 0.5, 0.9, 1] {
            let f = curl.frame(page: size, pose: pose(p, grabY: 1000, lift: -100))
            let area = f.front.paperArea + f.back.paperArea + f.covered.paperArea
            #expect(abs(area - 1) < 1e-9, "progress \(p)")
        }
    }

    @Test("the back shows the page mirrored: along a row its texture runs against its position")
    func backMirrored() {
        let f = curl.frame(page: size, pose: pose(0.5))
        let a = f.surfacePoint(of: Point(x: 780, y: 500)), b = f.surfacePoint(of: Point(x: 760, y: 500))
        #expect(a.backVisible && b.backVisible)
        #expect(a.position.x < b.position.x, "paper further right lands further left")
        // In the mesh: on the flat back (z = 2r), vertices further right on the paper (texture x)
        // lie further left on screen; on the flat front they lie further right. (Along the top
        // edge, where every strip line ends.)
        let r = f.fold.radius
        for (mesh, z, mirrored) in [(f.back, 2 * r, true), (f.front, 0.0, false)] {
            let row = mesh.vertices.filter { abs($0.position.z - z) < 1e-9 && abs($0.texture.y) < 1e-9 }
                .sorted { $0.texture.x < $1.texture.x }
            #expect(row.count >= 2)
            for (u, v) in zip(row, row.dropFirst()) {
                #expect(mirrored ? v.position.x < u.position.x : v.position.x > u.position.x)
            }
        }
        // The turning page is the current one for next, the incoming one for previous; the wash
        // is the curl's parameter, carried to the frame for the drawer.
        #expect(f.turningPage == .current && f.pageBelow == .incoming)
        var washed = curl
        washed.backWash = 0.25
        let g = washed.frame(page: size, pose: pose(0.5, .previous))
        #expect(g.turningPage == .incoming && g.pageBelow == .current)
        #expect(g.backWash == 0.25)
    }

    @Test("the curl casts a shadow beyond its rim on the page below, fading with the radius")
    func shadow() {
        let f = curl.frame(page: size, pose: pose(0.5))
        let shadow = f.shadow!
        let rim = f.fold.point.x + f.fold.radius
        #expect(shadow.quad.count == 4)
        #expect(shadow.quad.allSatisfy { $0.x >= rim - 1e-9 })
        #expect(shadow.innerAlpha > shadow.outerAlpha)
        let late = curl.frame(page: size, pose: pose(0.98)).shadow!
        #expect(late.innerAlpha < shadow.innerAlpha)
    }

    @Test("continuous in progress, lift and grab height: no jump anywhere between two frames")
    func continuity() {
        let step = 1e-4
        for (grabY, lift) in [(500.0, 0.0), (990, -250), (20, 300), (500, 400)] {
            var previous = TurnFrame.cylinder(curl.frame(page: size, pose: pose(0, grabY: grabY, lift: lift)))
            let coarse = step * 37
            var p = coarse
            while p <= 1 + 1e-12 {
                let f = TurnFrame.cylinder(curl.frame(page: size, pose: pose(p, grabY: grabY, lift: lift)))
                #expect(distance(previous, f) <= 12 * coarse * 800, "p = \(p), grab \(grabY), lift \(lift)")
                previous = f
                p += coarse         // coarse sweep…
            }
        }
        // …and fine sweeps where the fold changes regime: the ends and the radius limit.
        for start in [0.0, 0.19, 0.98] {
            var previous = TurnFrame.cylinder(curl.frame(page: size, pose: pose(start, grabY: 990, lift: -250)))
            var p = start + step
            while p <= min(start + 0.02, 1) {
                let f = TurnFrame.cylinder(curl.frame(page: size, pose: pose(p, grabY: 990, lift: -250)))
                #expect(distance(previous, f) <= 12 * step * 800)
                previous = f
                p += step
            }
        }
    }

    @Test("continuous in the lift at the start of a turn: a wobble of the finger cannot flip a corner")
    func liftNearStart() {
        for lift in stride(from: -500.0, through: 500, by: 50) {
            let f = curl.frame(page: size, pose: pose(1e-6, grabY: 500, lift: lift))
            for v in samples {
                let s = f.surfacePoint(of: v).position
                #expect(abs(s.x - v.x) + abs(s.y - v.y) < 0.01)
            }
        }
    }

    @Test("an absurd lift cannot give the cylinder's fold a degenerate direction")
    func absurdLift() {
        for lift in [1e200, -1e300, 1e308] {
            let fold = curl.fold(page: size, pose: TurnPose(page: size, direction: .next, progress: 0.5, lift: lift))
            #expect(abs(fold.normal.x * fold.normal.x + fold.normal.y * fold.normal.y - 1) < 1e-12)
            #expect(fold.point.x.isFinite && fold.point.y.isFinite)
        }
    }

    @Test("right-to-left is the mirror image")
    func mirrored() {
        let ltr = curl.frame(page: size, pose: pose(0.4, grabY: 900, lift: -100))
        let rtl = curl.frame(page: size, pose: pose(0.4, grabY: 900, lift: -100, rtl: true))
        for v in samples {
            let a = ltr.surfacePoint(of: v).position
            let b = rtl.surfacePoint(of: Point(x: 800 - v.x, y: v.y)).position
            #expect(abs(b.x - (800 - a.x)) < 1e-9 && abs(b.y - a.y) < 1e-9 && abs(b.z - a.z) < 1e-9)
        }
        #expect(rtl.vertexCount == ltr.vertexCount)
    }

    @Test("a reused frame gives exactly the fresh frame's meshes, in the same memory")
    func reuse() {
        var frame = CylinderFrame()
        let poses = [pose(0.6, grabY: 950, lift: -120), pose(0.3), pose(0.9, grabY: 20, lift: 200), pose(0.05)]
        for p in poses {
            curl.frame(page: size, pose: p, into: &frame)
            let fresh = curl.frame(page: size, pose: p)
            let same = frame.front == fresh.front && frame.back == fresh.back && frame.shadow == fresh.shadow
            #expect(same, "pose \(p.progress)")      // (a Bool: a mesh would print thousands of numbers)
            #expect(frame.fold == fresh.fold)
        }
        // Once the buffers have grown to the largest of these, rebuilding them needs no new memory.
        let addresses = { (f: CylinderFrame) in
            [f.front.vertices.withUnsafeBufferPointer { $0.baseAddress }, f.back.vertices.withUnsafeBufferPointer { $0.baseAddress }]
        }
        let before = addresses(frame)
        for p in poses { curl.frame(page: size, pose: p, into: &frame) }
        #expect(addresses(frame) == before)
        // A copy taken before is not changed by later builds (value semantics).
        let copy = frame
        curl.frame(page: size, pose: pose(0.2), into: &frame)
        let kept = copy.front == curl.frame(page: size, pose: poses.last!).front
        #expect(kept)
    }
}

/// The plain models.
@Suite("Slide and none")
struct SlideTests {
    let size = Size(width: 800, height: 1000)

    @Test("slide: the pages move side by side, from rest to turned")
    func slide() {
        let start = SlideFrame(page: size, pose: TurnPose(page: size, direction: .next, progress: 0))
        let end = SlideFrame(page: size, pose: TurnPose(page: size, direction: .next, progress: 1))
        #expect(start.currentOffset == 0 && start.incomingOffset == 800)
        #expect(end.currentOffset == -800 && end.incomingOffset == 0)
        let back = SlideFrame(page: size, pose: TurnPose(page: size, direction: .previous, progress: 0.25))
        #expect(back.currentOffset == 200 && back.incomingOffset == -600)
        let rtl = SlideFrame(page: size, pose: TurnPose(page: size, direction: .next, progress: 0.25, rightToLeft: true))
        #expect(rtl.currentOffset == 200 && rtl.incomingOffset == -600)
    }

    @Test("every model is continuous in progress", arguments: CurlModel.allCases)
    func continuity(model: CurlModel) {
        let renderer = CurlRenderer(model: model)
        for direction in TurnDirection.allCases {
            var previous = renderer.frame(page: size, pose: TurnPose(page: size, direction: direction, progress: 0))
            for k in 1...400 {
                let p = Double(k) / 400
                let f = renderer.frame(page: size, pose: TurnPose(page: size, direction: direction, progress: p, grabY: 900, lift: -50 * p))
                #expect(distance(previous, f) <= 12 * 800 / 400)
                previous = f
            }
        }
    }

    @Test("none: no frames in between; a replayed drag goes from dragging straight to the turned page")
    func none() throws {
        let settings = ReplaySettings(pageSize: size, pageCount: 10, curl: .none)
        var lines: [String] = []
        let script = try GestureScript.parse("down 700 500 @0\nmove 300 500 @100\nup @120\ntick @500\n")
        let summary = GestureReplay.run(script, settings: settings) { lines.append($0) }
        #expect(summary == ReplaySummary(page: 1, pages: 10, turns: 1, cancels: 0))
        #expect(!lines.contains { $0.contains("\"settling\"") && $0.contains("\"frame\"") }, "no settling frames")
        #expect(lines.contains("{\"event\":\"turnCommitted\",\"from\":0,\"t\":120,\"to\":1}"))
    }
}
