import PageTurner
import Pagination
import Reader
import Rendering
import Testing

extension Rendering {
    /// The cylinder curl is drawn two ways: on a GPU (`tinted`: the flat parts as two textured
    /// polygons cut by the fold, the meshes tinted by their shade, the back as an opaque shaded
    /// wash with the page blended over it at 1 − wash) and on SDL's software renderer
    /// (`overlaid`: the flat parts copied in strips, the shading and the wash blended on top).
    @Suite struct MeshShadingTests {
        /// How the page is taken: straight across, or grabbed low and lifted, so the fold tilts.
        enum Grip: CaseIterable, CustomStringConvertible {
            case straight, tilted

            func pose(_ size: Size, _ direction: TurnDirection, _ progress: Double, rightToLeft: Bool = false) -> TurnPose {
                switch self {
                case .straight:
                    TurnPose(page: size, direction: direction, progress: progress, rightToLeft: rightToLeft)
                case .tilted:
                    TurnPose(page: size, direction: direction, progress: progress, grabY: size.height * 0.7, lift: -120,
                             rightToLeft: rightToLeft)
                }
            }

            var description: String { self == .straight ? "straight" : "tilted" }
        }

        /// Page 3 turning to page 4 (next) or to page 2 (previous), shaded `shading`'s way.
        static func frame(_ session: ReaderSession, _ pose: TurnPose, shading: Canvas.MeshShading) throws -> Frame {
            let size = session.pageSize
            let canvas = try Canvas.offscreen(width: Int(size.width), height: Int(size.height))
            canvas.meshShading = shading
            Fixture.draw(session, pose: pose, from: 2, to: pose.direction == .next ? 3 : 1, on: canvas)
            return canvas.readPixels()
        }

        /// Drawn the GPU's way on the software renderer, a frame is the picture the software way
        /// draws, up to rasterization: nearly every pixel has its match at most a pixel away, and
        /// no 24-pixel square differs in colour. (SDL's software renderer samples a textured
        /// polygon up to a pixel off, so pixels are not compared in place.) The frames are kept
        /// small: SDL 2.26's software triangle blitter computes `texel x × area` in 32 bits and
        /// maps large textured triangles wrong (a tinted flat part over ~700 physical pixels
        /// wide, e.g. any tilted fold at scale 2), which no GPU does. Right to left is left to
        /// `theFlatBackIsWashedEverywhereRightToLeft`.
        ///
        /// Measured: at least 99.95% of pixels close, no square more than 4.7 apart. Drawn wrong,
        /// the tinted frame fails: a back without its wash puts squares 10 to 23 apart, a missing
        /// back 15 to 38, swapped or missing flat parts 27 to 43 (and up to 14% of pixels off),
        /// a front left unshaded 16 to 58 wherever it shows (under a tilted fold).
        @Test(arguments: [TurnDirection.next, .previous], [0.15, 0.4, 0.7, 0.9])
        func theGPUsWayDrawsTheSamePictureAsTheSoftwareWay(direction: TurnDirection, progress: Double) throws {
            let session = try Fixture.session(width: 480, height: 640, curl: .cylinder)
            for grip in Grip.allCases {
                let pose = grip.pose(session.pageSize, direction, progress)
                let overlaid = try Self.frame(session, pose, shading: .overlaid)
                let tinted = try Self.frame(session, pose, shading: .tinted)
                let d = FrameDifference(overlaid, tinted, tolerance: 8)
                #expect(d.closeShare >= 0.995, "\(direction) \(progress) \(grip): \(d)")
                #expect(d.worstTile.difference < 8, "\(direction) \(progress) \(grip): \(d)")
            }
        }

        /// The part of the back lying flat on top (shade 1) is the turning page washed 60%
        /// towards the paper: its darkest ink is light grey. A pixel as dark as print is the
        /// page underneath showing through a gap between the mesh's cells. Returns the columns
        /// checked and the number of such pixels.
        static func unwashedPixelsOnTheFlatBack(_ session: ReaderSession, _ pose: TurnPose,
                                                shading: Canvas.MeshShading) throws -> (columns: Range<Int>, count: Int) {
            let size = session.pageSize
            let curl = CylinderCurl().frame(page: size, pose: pose)
            let flat = curl.back.vertices.filter { $0.position.z >= 2 * curl.fold.radius - 1e-6 }.map(\.position.x)
            let lo = Int((flat.min() ?? 0).rounded(.up)) + 3, hi = Int((flat.max() ?? 0).rounded(.down)) - 3
            let columns = max(0, lo)..<max(max(0, lo), min(Int(size.width), hi))
            let frame = try Self.frame(session, pose, shading: shading)
            let m = Int(session.layout.settings.margin)
            return (columns, frame.inkCount(x: columns, y: m..<(frame.height - m), below: 120))
        }

        @Test(arguments: [TurnDirection.next, .previous], [0.3, 0.45, 0.6])
        func theFlatBackIsWashedEverywhere(direction: TurnDirection, progress: Double) throws {
            let session = try Fixture.session(width: 480, height: 640, curl: .cylinder)
            let pose = TurnPose(page: session.pageSize, direction: direction, progress: progress)
            for shading in [Canvas.MeshShading.overlaid, .tinted] {
                let (columns, unwashed) = try Self.unwashedPixelsOnTheFlatBack(session, pose, shading: shading)
                #expect(columns.count > 30, "\(direction) \(progress): the flat back is on the page")
                #expect(unwashed == 0, "\(direction) \(progress) \(shading): \(unwashed) pixels of print on the flat back")
            }
        }

        /// The same, right to left: the picture mirrored, the back washed everywhere. (A reader
        /// with `--progression rtl` and the cylinder curl draws these frames on SDL's software
        /// renderer: `pageturn render`, or `read` without a GPU.)
        @Test(arguments: [TurnDirection.next, .previous], [0.3, 0.45, 0.6])
        func theFlatBackIsWashedEverywhereRightToLeft(direction: TurnDirection, progress: Double) throws {
            let session = try Fixture.session(width: 480, height: 640, curl: .cylinder)
            let pose = TurnPose(page: session.pageSize, direction: direction, progress: progress, rightToLeft: true)
            for shading in [Canvas.MeshShading.overlaid, .tinted] {
                let (columns, unwashed) = try Self.unwashedPixelsOnTheFlatBack(session, pose, shading: shading)
                #expect(columns.count > 30, "\(direction) \(progress): the flat back is on the page")
                #expect(unwashed == 0, "\(direction) \(progress) \(shading): \(unwashed) pixels of print on the flat back")
            }
        }

        /// SDL 2.26's software rasterizer computes `texel × 8 × area` in 32 bits: on the software
        /// renderer the strips are cut into rows so that no triangle of the cylinder comes near
        /// that (a strip the height of a 1280×800 page would wrap, sampling the wrong texels),
        /// while a GPU gets the strips whole.
        @Test(arguments: [(1280, 800, 1.0), (800, 500, 2.0), (480, 640, 1.0)])
        func softwareTrianglesStayWithinSDLsArithmetic(width: Int, height: Int, scale: Double) throws {
            try SDLRuntime.start(headless: true)
            let canvas = try Canvas.offscreen(width: width, height: height, scale: scale)
            #expect(canvas.cylinderRows >= 1)
            canvas.meshShading = .tinted
            #expect(canvas.cylinderRows == 1)
            canvas.meshShading = .overlaid
            let size = canvas.logicalSize
            let curl = CylinderCurl(arcSteps: 24, rows: canvas.cylinderRows)
            let pw = Double(canvas.pixelWidth), ph = Double(canvas.pixelHeight)
            var largest = 0.0
            for progress in stride(from: 0.05, through: 0.95, by: 0.05) {
                for grip in Grip.allCases {
                    let f = curl.frame(page: size, pose: grip.pose(size, .next, progress))
                    for mesh in [f.front, f.back] {
                        for t in 0..<mesh.triangleCount {
                            let v: [CurlVertex] = (0..<3).map { mesh.vertices[Int(mesh.indices[3 * t + $0])] }
                            let a = v[0].position, b = v[1].position, c = v[2].position
                            let cross: Double = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
                            let area: Double = abs(cross) / 2 * scale * scale
                            var texel = 0.0
                            for corner in v { texel = max(texel, corner.texture.x * pw, corner.texture.y * ph) }
                            largest = max(largest, 8 * area * texel)
                        }
                    }
                }
            }
            #expect(largest < Double(Int32.max), "\(width)×\(height) at \(scale): \(largest)")
        }
    }
}
