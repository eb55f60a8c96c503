import PageTurner
import Reader
@testable import Rendering
import Testing

extension Rendering {
    /// Pages are copied onto the cleared frame's paper by their ink alone (`PageInk`): every
    /// frame must be the very picture that copying whole pages gives, whatever the model, the
    /// direction, the layout or the way round.
    @Suite struct InkCopyTests {
        /// A pose of `session`'s turn: straight across, or grabbed low and lifted (a tilted fold).
        static func pose(_ session: ReaderSession, _ direction: TurnDirection, _ progress: Double, tilted: Bool) -> TurnPose {
            let size = session.machine.turnSize
            let rtl = session.preferences.progression.isRightToLeft
            return tilted ? TurnPose(page: size, direction: direction, progress: progress, grabY: size.height * 0.7, lift: -120,
                                     rightToLeft: rtl)
                : TurnPose(page: size, direction: direction, progress: progress, rightToLeft: rtl)
        }

        /// `session`'s frame from `page` towards `incoming` at `pose` (still without one), drawn
        /// from ink only and from whole pages, `shading`'s way.
        static func bothWays(_ session: ReaderSession, page: Int, incoming: Int, pose: TurnPose?,
                             shading: Canvas.MeshShading? = nil) throws -> (ink: Frame, whole: Frame) {
            func draw(inkOnly: Bool) throws -> Frame {
                let size = session.pageSize
                let canvas = try Canvas.offscreen(width: Int(size.width), height: Int(size.height))
                if let shading { canvas.meshShading = shading }
                let view = ReaderView(fonts: session.fonts, textures: PageTextures(inkOnly: inkOnly))
                Fixture.draw(session, pose: pose, from: page, to: incoming, on: canvas, view: view)
                return canvas.readPixels()
            }
            return (try draw(inkOnly: true), try draw(inkOnly: false))
        }

        /// How many pixels of `a` differ from `b`'s.
        static func differing(_ a: Frame, _ b: Frame) -> Int {
            zip(a.pixels, b.pixels).count { $0 != $1 }
        }

        @Test(arguments: [CurlModel.classic, .cylinder, .slide, .none])
        func aSinglePageTurnIsThePictureOfWholePages(curl: CurlModel) throws {
            let session = try Fixture.session(width: 600, height: 800, curl: curl)
            let (ink, whole) = try Self.bothWays(session, page: 2, incoming: -1, pose: nil)
            #expect(ink.pixels == whole.pixels, "a still page")
            for direction in [TurnDirection.next, .previous] {
                for progress in [0.1, 0.45, 0.8, 0.98] {
                    for tilted in [false, true] {
                        let pose = Self.pose(session, direction, progress, tilted: tilted)
                        let (ink, whole) = try Self.bothWays(session, page: 2, incoming: direction == .next ? 3 : 1, pose: pose)
                        #expect(Self.differing(ink, whole) == 0, "\(curl) \(direction) at \(progress), tilted: \(tilted)")
                    }
                }
            }
        }

        @Test(arguments: [CurlModel.classic, .cylinder, .slide])
        func aSpreadsLeafIsThePictureOfWholePages(curl: CurlModel) throws {
            for progression in [PageProgression.leftToRight, .rightToLeft] {
                let session = try Fixture.session(width: 1400, height: 900, curl: curl) {
                    $0.preferences.spreadMode = .spread
                    $0.preferences.progression = progression
                }
                try #require(session.spread != nil)
                let (ink, whole) = try Self.bothWays(session, page: 2, incoming: -1, pose: nil)
                #expect(ink.pixels == whole.pixels, "a still spread, \(progression)")
                for direction in [TurnDirection.next, .previous] {
                    for progress in [0.15, 0.5, 0.98] {
                        for tilted in [false, true] {
                            let pose = Self.pose(session, direction, progress, tilted: tilted)
                            let (ink, whole) = try Self.bothWays(session, page: 2, incoming: direction == .next ? 4 : 0, pose: pose)
                            #expect(Self.differing(ink, whole) == 0, "\(curl) \(direction) at \(progress), tilted: \(tilted), \(progression)")
                        }
                    }
                }
            }
        }

        /// The GPU's way (each page's flat part a textured polygon per ink rectangle, cut by the
        /// fold), drawn on the software renderer: the same picture up to its sampling, which
        /// takes texels up to one off, differently for each polygon (a GPU samples each
        /// exactly); `MeshShadingTests`' tolerances. A texture 3 px off fails (checked). Kept
        /// small: SDL 2.26's software triangle blitter maps large textured triangles wrong.
        @Test func theGPUsFlatPartsFromInkAreThePictureOfWholePages() throws {
            let single = try Fixture.session(width: 360, height: 480, curl: .cylinder)
            let spread = try Fixture.session(width: 720, height: 420, curl: .cylinder) { $0.preferences.spreadMode = .spread }
            try #require(spread.spread != nil)
            for (session, incoming) in [(single, 3), (spread, 4)] {
                for progress in [0.2, 0.6] {
                    for tilted in [false, true] {
                        let pose = Self.pose(session, .next, progress, tilted: tilted)
                        let (ink, whole) = try Self.bothWays(session, page: 2, incoming: incoming, pose: pose, shading: .tinted)
                        let d = FrameDifference(ink, whole, tolerance: 8)
                        #expect(d.closeShare >= 0.995, "at \(progress), tilted: \(tilted): \(d)")
                        #expect(d.worstTile.difference < 8, "at \(progress), tilted: \(tilted): \(d)")
                    }
                }
            }
        }
    }
}
