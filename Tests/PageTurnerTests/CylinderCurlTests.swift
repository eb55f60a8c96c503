import Testing
@testable import PageTurner

/// Issue 3, "Curl geometry", `cylinder`: the page wrapped round a cylinder (after
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
                #expect(f.front.triangleCount + f.back.triangleCount >= 2 * 40 * 25)
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
            var area = 0.0
            for mesh in [f.front, f.back] {
                for t in 0..<mesh.triangleCount {
                    let a = mesh.texture[Int(mesh.indices[3 * t])], b = mesh.texture[Int(mesh.indices[3 * t + 1])]
                    let c = mesh.texture[Int(mesh.indices[3 * t + 2])]
                    area += abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2
                }
            }
            #expect(abs(area - 1) < 1e-9, "progress \(p)")
        }
    }

    @Test("the back shows the page mirrored, washed out")
    func backMirrored() {
        let f = curl.frame(page: size, pose: pose(0.5))
        let a = f.surfacePoint(of: Point(x: 780, y: 500)), b = f.surfacePoint(of: Point(x: 760, y: 500))
        #expect(a.backVisible && b.backVisible)
        #expect(a.position.x < b.position.x, "paper further right lands further left")
        #expect(f.back.vertexCount > 0)
        #expect(f.backWash > 0 && f.backWash < 1)
        #expect(f.turningPage == .current && f.pageBelow == .incoming)
        #expect(curl.frame(page: size, pose: pose(0.5, .previous)).turningPage == .incoming)
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

    @Test("buffers are reused from frame to frame")
    func reuse() {
        var frame = CylinderFrame()
        curl.frame(page: size, pose: pose(0.3), into: &frame)
        let first = frame.vertexCount
        curl.frame(page: size, pose: pose(0.6), into: &frame)
        curl.frame(page: size, pose: pose(0.3), into: &frame)
        #expect(frame.vertexCount == first)
    }
}

/// Issue 3: the plain models.
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

    @Test("none shows the current page throughout")
    func none() {
        guard case .none(let f) = CurlRenderer(model: .none).frame(page: size, pose: TurnPose(page: size, direction: .next, progress: 0.7)) else {
            Issue.record("not a still frame"); return
        }
        #expect(f.shown == .current)
    }
}
