import Foundation
import PageTurner
import Reader
import Rendering
import Testing

extension Rendering {
    /// Spreads drawn. Two text columns and an empty gutter; a leaf whose back is the
    /// next spread's real left page, not the mirrored front.
    @Suite struct SpreadRenderingTests {
        static func spreadSession(_ configure: @escaping (inout ReaderStart) -> Void = { _ in }) throws -> ReaderSession {
            try Fixture.session(width: 1600, height: 1000, configure: configure)
        }

        /// Whether `b`'s columns `columns` shifted by `shift` are `a`'s (every third row).
        static func same(_ a: Frame, _ b: Frame, columns: Range<Int>, shiftedBy shift: Int) -> Bool {
            for y in stride(from: 0, to: a.height, by: 3) {
                for x in columns where a.pixels[y * a.width + x] != b.pixels[y * b.width + x + shift] { return false }
            }
            return true
        }

        /// How many ink pixels each column of `frame` has.
        static func inkByColumn(_ frame: Frame) -> [Int] {
            (0..<frame.width).map { x in stride(from: 0, to: frame.height, by: 2).count { frame.isInk(x, $0) } }
        }

        @Test func aStillSpreadHasTwoColumnsOfTextAndAnEmptyGutter() throws {
            let session = try Self.spreadSession()
            let geometry = try #require(session.spread)
            let frame = try Fixture.render(session, page: 2)
            let ink = Self.inkByColumn(frame)
            let spine = Int(geometry.spineX)
            let margin = Int(session.layout.settings.margin)
            let gutter = ink[(spine - margin)..<(spine + margin)].reduce(0, +)
            #expect(gutter == 0, "nothing printed within the inner margins and the gutter")
            let left = ink[margin..<(spine - margin)].reduce(0, +), right = ink[(spine + margin)..<(1600 - margin)].reduce(0, +)
            #expect(left > 20_000 && right > 20_000, "a full column of text each side: \(left), \(right)")
            #expect(frame.luminance(x: spine, y: 500) < frame.luminance(x: spine - margin, y: 500) - 10, "the spine is shaded")
        }

        @Test func aLeafNearlyDownShowsTheNextSpreadsLeftPageWhereItsBackLies() throws {
            let session = try Self.spreadSession()
            let geometry = try #require(session.spread)
            let pose = session.pose(turning: .next, progress: 0.98)
            let turning = try Fixture.render(session, page: 2, incoming: 4, pose: pose)
            let nextSpread = try Fixture.render(session, page: 4)
            let thisSpread = try Fixture.render(session, page: 2)
            let leaf = LeafTurn(window: Size(width: 1600, height: 1000), pose: pose).classic(ClassicCurl())
            // The back moves the far page by W − 2·fold (`LeafTurn.classic`): compare away
            // from the bands (the margin band at its left end, the shadow at the fold).
            let shift = Int((1600 - 2 * leaf.foldX).rounded())
            let spineShading = geometry.spineShading[0].rect.minX
            let xs = Int(leaf.marginBand.rect.maxX + 4)..<Int(min(leaf.shadowBand.rect.minX - 4, spineShading))
            try #require(xs.count > 600)
            var same = 0, mirroredFront = 0, total = 0
            for y in stride(from: 40, to: 960, by: 7) {
                for x in stride(from: xs.lowerBound, to: xs.upperBound, by: 3) {
                    total += 1
                    if turning.pixels[y * 1600 + x] == nextSpread.pixels[y * 1600 + x + shift] { same += 1 }
                    if turning.pixels[y * 1600 + x] == thisSpread.pixels[y * 1600 + (1600 - 1 - x)] { mirroredFront += 1 }
                }
            }
            #expect(Double(same) > Double(total) * 0.99, "the back is the next left page: \(same) of \(total)")
            #expect(mirroredFront < same - total / 20, "not the mirrored right page: \(mirroredFront) of \(total)")
        }

        @Test func underTheLeafLiesTheNextSpreadsRightPage() throws {
            let session = try Self.spreadSession()
            let pose = session.pose(turning: .next, progress: 0.6)
            let turning = try Fixture.render(session, page: 2, incoming: 4, pose: pose)
            let nextSpread = try Fixture.render(session, page: 4)
            let leaf = LeafTurn(window: Size(width: 1600, height: 1000), pose: pose).classic(ClassicCurl())
            let xs = Int(leaf.shadowBand.rect.maxX + 2)..<1600
            let differing = stride(from: 0, to: 1000, by: 5).reduce(0) { n, y in
                n + xs.count { turning.pixels[y * 1600 + $0] != nextSpread.pixels[y * 1600 + $0] }
            }
            #expect(differing == 0, "beyond the fold, the next spread's right page exactly")
        }

        @Test func rightToLeftTheLeftLeafTurnsAndTheFirstPageIsOnTheRight() throws {
            let ltr = try Self.spreadSession()
            let rtl = try Self.spreadSession { $0.preferences.progression = .rightToLeft }
            let a = try Fixture.render(ltr, page: 2), b = try Fixture.render(rtl, page: 2)
            // Page 3 (index 2), on the left left to right, is on the right right to left: the
            // same pixels, half a gutter (16 px) further from the spine's other side.
            #expect(Self.same(a, b, columns: 60..<700, shiftedBy: 816))
            let pose = rtl.pose(turning: .next, progress: 0.3)
            let leaf = LeafTurn(window: Size(width: 1600, height: 1000), pose: pose).classic(ClassicCurl())
            #expect(leaf.side == .left && leaf.foldX < 800)
            let turning = try Fixture.render(rtl, page: 2, incoming: 4, pose: pose)
            let still = try Fixture.render(rtl, page: 2)
            #expect(Self.same(still, turning, columns: 830..<1600, shiftedBy: 0), "the right page lies still while the left leaf lifts")
        }
    }
}

extension Rendering {
    /// The cylinder leaf drawn: its back is the next spread's left page, lit, not the mirror.
    @Suite struct CylinderLeafRenderingTests {
        /// On the software renderer (its own way of shading: a GPU's tinted meshes are drawn
        /// in the window tests, under Xvfb).
        @Test func aLandedCylinderLeafShowsTheNextLeftPage() throws {
            let session = try Fixture.session(width: 1600, height: 1000, curl: .cylinder)
            let pose = session.pose(turning: .next, progress: 1)
            let canvas = try Canvas.offscreen(width: 1600, height: 1000)
            Fixture.draw(session, pose: pose, from: 2, to: 4, on: canvas)
            let turning = canvas.readPixels()
            let next = try Fixture.render(session, page: 4)
            let current = try Fixture.render(session, page: 2)
            // Textured triangles resample the page, moving glyph edges by a fraction of a
            // pixel: compare the ink of 10 × 10 blocks, which resampling keeps.
            func block(_ f: Frame, _ bx: Int, _ by: Int, mirrored: Bool = false) -> Double {
                var sum = 0.0
                for y in by..<(by + 10) { for x in bx..<(bx + 10) { sum += f.luminance(x: mirrored ? 1599 - x : x, y: y) } }
                return sum / 100
            }
            var fromNext = 0.0, fromMirror = 0.0, n = 0.0
            for by in stride(from: 60, to: 930, by: 10) {
                for bx in stride(from: 60, to: 730, by: 10) {
                    let b = block(turning, bx, by)
                    fromNext += abs(b - block(next, bx, by))
                    fromMirror += abs(b - block(current, bx, by, mirrored: true))
                    n += 1
                }
            }
            #expect(fromNext / n < 4, "the next spread's left page, block for block: mean difference \(fromNext / n)")
            // The text block is centred on its page (symmetric margins), so a mirrored page of
            // text differs from another one line by line (indents, paragraph ends, headings),
            // not by where its block stands.
            #expect(fromMirror / n > 3 * fromNext / n, "not the mirrored right page: \(fromMirror / n)")
        }

        /// A cylinder leaf drawn the GPU's way (flat parts as polygons cut by the fold, the
        /// meshes tinted by their shade) is the picture the software way draws, with
        /// `MeshShadingTests`' tolerances; kept small for SDL's software triangle blitter.
        @Test(arguments: [TurnDirection.next, .previous], [0.25, 0.55, 0.85])
        func aCylinderLeafDrawnTheGPUsWayIsTheSoftwareWaysPicture(direction: TurnDirection, progress: Double) throws {
            let session = try Fixture.session(width: 720, height: 420, curl: .cylinder) { $0.preferences.spreadMode = .spread }
            try #require(session.spread != nil)
            let size = session.machine.turnSize
            for pose in [TurnPose(page: size, direction: direction, progress: progress),
                         TurnPose(page: size, direction: direction, progress: progress, grabY: size.height * 0.7, lift: -80)] {
                var frames: [Frame] = []
                for shading in [Canvas.MeshShading.overlaid, .tinted] {
                    let canvas = try Canvas.offscreen(width: 720, height: 420)
                    canvas.meshShading = shading
                    Fixture.draw(session, pose: pose, from: 2, to: direction == .next ? 4 : 0, on: canvas)
                    frames.append(canvas.readPixels())
                }
                let d = FrameDifference(frames[0], frames[1], tolerance: 8)
                #expect(d.closeShare >= 0.995, "\(direction) \(progress) lift \(pose.lift): \(d)")
                #expect(d.worstTile.difference < 8, "\(direction) \(progress) lift \(pose.lift): \(d)")
            }
        }

        /// A sliding spread carries its binding: the shading at the spine moves with the pages,
        /// and the window's middle, where the spine was, is plain page.
        @Test func aSlidingSpreadsBindingSlidesWithIt() throws {
            let session = try Fixture.session(width: 1400, height: 900, curl: .slide) { $0.preferences.spreadMode = .spread }
            let geometry = try #require(session.spread)
            let pose = session.pose(turning: .next, progress: 0.3)
            let frame = try Fixture.render(session, page: 2, incoming: 4, pose: pose)
            let slide = SlideFrame(page: geometry.window, pose: pose)
            let moved = Int((geometry.spineX + slide.currentOffset).rounded())
            let y = 450
            try #require(moved > 40 && moved < Int(geometry.spineX) - 40)
            #expect(frame.luminance(x: moved, y: y) < frame.luminance(x: moved - 30, y: y) - 10, "shaded where the spine went")
            let spine = Int(geometry.spineX)
            #expect(abs(frame.luminance(x: spine, y: y) - frame.luminance(x: spine + 30, y: y)) < 10
                        || frame.isInk(spine, y) || frame.isInk(spine + 30, y),
                    "no binding left behind in the middle")
        }
    }
}
