import PageTurner
import Pagination
import Reader
import Rendering
import Testing

/// Frames drawn at a scale, compared with the same frames at scale 1.
enum Scaled {
    /// `session`'s page `page` still, or turning towards `incoming` at `pose`, on a canvas of
    /// the session's logical size drawn at `scale`.
    static func draw(_ session: ReaderSession, page: Int, incoming: Int = -1, pose: TurnPose? = nil,
                     scale: Double, view: ReaderView? = nil) throws -> Frame {
        let size = session.pageSize
        let canvas = try Canvas.offscreen(width: Int(size.width), height: Int(size.height), scale: scale)
        Fixture.draw(session, pose: pose, from: page, to: incoming, on: canvas, view: view)
        return canvas.readPixels()
    }

    /// Each 2 × 2 square of pixels averaged into one.
    static func halved(_ f: Frame) -> Frame {
        let w = f.width / 2, h = f.height / 2
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var out: UInt32 = 0xFF00_0000
                for shift in [UInt32(16), 8, 0] {
                    var sum: UInt32 = 0
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] { sum += (f.pixels[(2 * y + dy) * f.width + 2 * x + dx] >> shift) & 0xFF }
                    out |= ((sum + 2) / 4) << shift
                }
                pixels[y * w + x] = out
            }
        }
        return Frame(width: w, height: h, pixels: pixels)
    }

    /// Each pixel made 2 × 2, interpolated between pixel centres (how a texture is enlarged).
    static func doubled(_ f: Frame) -> Frame {
        let w = f.width * 2, h = f.height * 2
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let sx = min(max((Double(x) + 0.5) / 2 - 0.5, 0), Double(f.width - 1))
                let sy = min(max((Double(y) + 0.5) / 2 - 0.5, 0), Double(f.height - 1))
                let x0 = Int(sx), y0 = Int(sy), x1 = min(x0 + 1, f.width - 1), y1 = min(y0 + 1, f.height - 1)
                let fx = sx - Double(x0), fy = sy - Double(y0)
                var out: UInt32 = 0xFF00_0000
                for shift in [UInt32(16), 8, 0] {
                    func c(_ xx: Int, _ yy: Int) -> Double { Double((f.pixels[yy * f.width + xx] >> shift) & 0xFF) }
                    let v = (c(x0, y0) * (1 - fx) + c(x1, y0) * fx) * (1 - fy) + (c(x0, y1) * (1 - fx) + c(x1, y1) * fx) * fy
                    out |= UInt32(v.rounded()) << shift
                }
                pixels[y * w + x] = out
            }
        }
        return Frame(width: w, height: h, pixels: pixels)
    }
}

extension Frame {
    /// The smallest rectangle (min x, min y, max x, max y) holding every ink pixel in a region.
    func inkBox(x xs: Range<Int>, y ys: Range<Int>) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in ys {
            for x in xs where isInk(x, y) {
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    /// The height in rows of each run of rows with ink: one per line of text.
    func inkRowRuns(x xs: Range<Int>, y ys: Range<Int>) -> [Int] {
        var runs: [Int] = [], run = 0
        for y in ys {
            if inkCount(x: xs, y: y..<(y + 1), below: 200) > 0 {
                run += 1
            } else if run > 0 {
                runs.append(run)
                run = 0
            }
        }
        if run > 0 { runs.append(run) }
        return runs
    }

    /// Of the pixels with some ink (luminance below 200), the share that are solid (below 80).
    /// A glyph drawn at a size has edges a pixel or so wide whatever its size, so the larger
    /// it is drawn the more of it is solid; an enlarged small glyph keeps its share (each pixel
    /// repeated) or loses some (interpolated: blurred edges).
    func solidShare(x xs: Range<Int>, y ys: Range<Int>) -> Double {
        var inked = 0, solid = 0
        for y in ys {
            for x in xs {
                let l = luminance(x: x, y: y)
                if l < 200 { inked += 1 }
                if l < 80 { solid += 1 }
            }
        }
        return Double(solid) / Double(max(inked, 1))
    }
}

extension Rendering {
    /// A HiDPI canvas (`Canvas.offscreen(width:height:scale:)`): the same book, the same
    /// pages, the same turns, in logical pixels; twice the physical pixels each way, and text
    /// drawn from glyphs rasterized at twice the size.
    @Suite struct HiDPIRenderingTests {
        static let width = 480, height = 640

        @Test func aPageAtScaleTwoIsTwiceTheSizeWithItsTextInTheSamePlaces() throws {
            let session = try Fixture.session(width: Self.width, height: Self.height)
            let one = try Scaled.draw(session, page: 2, scale: 1)
            let two = try Scaled.draw(session, page: 2, scale: 2)
            #expect(two.width == 2 * Self.width && two.height == 2 * Self.height)

            let settings = session.layout.settings
            let m = Int(settings.margin), w = two.width, h = two.height
            // The text: where it is at scale 1, times two, within a few pixels.
            let box1 = try #require(one.inkBox(x: 0..<one.width, y: m..<(one.height - m)))
            let box2 = try #require(two.inkBox(x: 0..<w, y: (2 * m)..<(h - 2 * m)))
            for (side, at1, at2) in [("left", box1.minX, box2.minX), ("top", box1.minY, box2.minY),
                                     ("right", box1.maxX, box2.maxX), ("bottom", box1.maxY, box2.maxY)] {
                #expect(abs(at2 - 2 * at1) <= 3, "the text's \(side) side at \(at2), not near 2 × \(at1)")
            }
            // Nothing outside the content box at twice its size, but the running head and the
            // page number in their margins (hanging punctuation may stand half an em out).
            let hang = Int(settings.fontSize * 0.6) * 2
            let headBand = 0..<(2 * m - 8), footBand = (h - 2 * m + 8)..<h
            var outside: (Int, Int)?
            for y in 0..<h where !headBand.contains(y) && !footBand.contains(y) {
                for x in 0..<w where (x < 2 * m - 4 || x >= w - 2 * m + hang || y < 2 * m - 4 || y >= h - 2 * m + 4)
                    && two.isInk(x, y) {
                    outside = outside ?? (x, y)
                }
            }
            #expect(outside == nil, "ink outside the content box at \(outside.map { "\($0)" } ?? "")")
            #expect(two.inkCount(x: 0..<w, y: headBand) > 0, "the running head is drawn")
            #expect(two.inkCount(x: 0..<w, y: footBand) > 0, "the page number is drawn")

            // Halved again, it is the scale-1 page (up to how glyphs rasterize at each size).
            let d = FrameDifference(Scaled.halved(two), one, tolerance: 8)
            #expect(d.worstTile.difference < 6, "\(d)")
        }

        @Test func glyphsAreRasterizedAtTwiceTheSizeNotEnlarged() throws {
            let session = try Fixture.session(width: Self.width, height: Self.height)
            let m = Int(session.layout.settings.margin)
            let one = try Scaled.draw(session, page: 2, scale: 1)
            let two = try Scaled.draw(session, page: 2, scale: 2)
            let xs1 = m..<(one.width - m), ys1 = m..<(one.height - m)
            let xs2 = (2 * m)..<(two.width - 2 * m), ys2 = (2 * m)..<(two.height - 2 * m)

            // Every line's ink is about twice as tall: the glyphs are twice the size.
            let lines1 = one.inkRowRuns(x: xs1, y: ys1), lines2 = two.inkRowRuns(x: xs2, y: ys2)
            #expect(lines1.count == session.layout.lines(onPage: 2).count)
            #expect(lines2.count == lines1.count, "the same lines")
            for (a, b) in zip(lines1, lines2) {
                #expect((1.7...2.2).contains(Double(b) / Double(a)), "a line \(a) rows tall at scale 1 is \(b) at scale 2")
            }

            // And sharp: a larger share of their ink is solid than at scale 1, which no
            // enlargement of the scale-1 page gives (measured: 0.51 at scale 1, 0.68 at scale 2,
            // 0.51 with pixels repeated, 0.31 interpolated).
            let share1 = one.solidShare(x: xs1, y: ys1), share2 = two.solidShare(x: xs2, y: ys2)
            let enlarged = Scaled.doubled(one).solidShare(x: xs2, y: ys2)
            #expect(enlarged <= share1 + 0.01, "the measure: an enlarged page is no sharper (\(enlarged) vs \(share1))")
            #expect(share2 > share1 + 0.08, "solid ink: \(share2) of the ink at scale 2, \(share1) at scale 1")
        }

        @Test(arguments: [(TurnDirection.next, 0.4), (.previous, 0.6), (.next, 0.8)])
        func aClassicTurnAtScaleTwoHasItsEdgeAtTwiceTheLogicalX(direction: TurnDirection, progress: Double) throws {
            let session = try Fixture.session(width: Self.width, height: Self.height)
            let pose = TurnPose(page: session.pageSize, direction: direction, progress: progress)
            let picture = try ClassicTurnPicture(session, from: 2, to: direction == .next ? 3 : 1, pose: pose, scale: 2)
            #expect(picture.frame.width == 2 * Self.width)
            picture.check("scale 2, \(direction) \(progress)")
            // The shadow band is darkest on the edge: at twice its logical x.
            let edge = picture.geometry.edgeX * 2
            let row = 0, band = Int(edge - 40)..<Int(edge + 40)
            let darkest = try #require(band.min { picture.frame.luminance(x: $0, y: row) < picture.frame.luminance(x: $1, y: row) })
            #expect(abs(Double(darkest) - edge) <= 2, "darkest at \(darkest), the edge at \(edge)")
        }

        @Test(arguments: [(TurnDirection.next, 0.3), (.previous, 0.6)])
        func aCylinderTurnAtScaleTwoIsTheScaleOnePictureAtTwiceTheResolution(direction: TurnDirection,
                                                                            progress: Double) throws {
            let session = try Fixture.session(width: Self.width, height: Self.height, curl: .cylinder)
            let pose = TurnPose(page: session.pageSize, direction: direction, progress: progress)
            let incoming = direction == .next ? 3 : 1
            let one = try Scaled.draw(session, page: 2, incoming: incoming, pose: pose, scale: 1)
            let two = try Scaled.draw(session, page: 2, incoming: incoming, pose: pose, scale: 2)
            let d = FrameDifference(Scaled.halved(two), one, tolerance: 8)
            #expect(d.worstTile.difference < 6, "\(d)")

            // Before the curl, the turning page lies flat; beyond the curl and its shadow, the
            // page below: both exactly as drawn still at scale 2.
            let curl = CylinderCurl().frame(page: session.pageSize, pose: pose)
            let (turning, below) = direction == .next ? (2, incoming) : (incoming, 2)
            let turningStill = try Scaled.draw(session, page: turning, scale: 2)
            let belowStill = try Scaled.draw(session, page: below, scale: 2)
            let curled = (curl.front.vertices + curl.back.vertices).filter { $0.position.z > 1e-9 }.map(\.position.x)
                + (curl.shadow?.quad.map(\.x) ?? [])
            let start = Int(2 * (curled.min() ?? 0)) - 2, end = Int(2 * (curled.max() ?? 0)) + 2
            #expect(start > 100 && end < two.width - 100, "both flat parts show")
            var wrong = 0
            for y in 0..<two.height {
                for x in 0..<start where two.pixels[y * two.width + x] != turningStill.pixels[y * two.width + x] { wrong += 1 }
                for x in end..<two.width where two.pixels[y * two.width + x] != belowStill.pixels[y * two.width + x] { wrong += 1 }
            }
            #expect(wrong == 0, "\(wrong) pixels of the flat parts are not the pages' own")
        }

        /// The reader composes the first page while its window opens, at one pixel per logical
        /// pixel; on a HiDPI screen that page must be composed again, not shown enlarged.
        @Test(arguments: [1, 2])
        func aPageComposedAheadIsShownOnlyAtTheSizeItWasComposedFor(composedAt: Int) throws {
            let ahead = try Fixture.session(width: Self.width, height: Self.height)
            let view = ReaderView(fonts: ahead.fonts)
            view.precompose(ahead.scene, pixelWidth: Self.width * composedAt, pixelHeight: Self.height * composedAt)
            let shown = try Scaled.draw(ahead, page: ahead.page, scale: 2, view: view)
            let fresh = try Fixture.session(width: Self.width, height: Self.height)
            let expected = try Scaled.draw(fresh, page: fresh.page, scale: 2)
            #expect(shown == expected)
        }
    }
}
