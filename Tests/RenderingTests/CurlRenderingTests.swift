import PageTurner
import Pagination
import Reader
import Rendering
import Testing

extension Rendering {
    @Suite struct CurlRenderingTests {
        /// A row with no ink over `xs` on every reference frame: where bands show on plain paper.
        static func blankRow(_ frames: [Frame], xs: Range<Int>, in ys: Range<Int>) -> Int? {
            ys.first { y in frames.allSatisfy { $0.inkCount(x: xs, y: y..<(y + 1), below: 235) == 0 } }
        }

        @Test func classicAtFourTenthsHasTheBackPageAndTheBandsWhereTheGeometrySays() throws {
            let session = try Fixture.session()
            let size = session.pageSize
            let pose = TurnPose(page: size, direction: .next, progress: 0.4)
            let geometry = ClassicCurl().frame(page: size, pose: pose)
            let frame = try Fixture.render(session, page: 1, incoming: 2, pose: pose)
            let current = try Fixture.render(session, page: 1)
            let incoming = try Fixture.render(session, page: 2)
            let h = frame.height
            let edge = Int(geometry.edgeX.rounded())
            let back = geometry.backPage
            #expect(edge == 480)

            // Left of the margin band: the current page, untouched.
            let marginLeft = Int(geometry.marginBand.rect.minX.rounded(.down))
            for y in stride(from: 0, to: h, by: 3) {
                for x in 0..<(marginLeft - 1) where frame.pixels[y * frame.width + x] != current.pixels[y * frame.width + x] {
                    Issue.record("current page changed at (\(x), \(y))")
                    return
                }
            }
            // Right of the shadow band: the incoming page.
            let shadowRight = Int(geometry.shadowBand.rect.maxX.rounded(.up))
            for y in stride(from: 0, to: h, by: 3) {
                for x in (shadowRight + 1)..<frame.width where frame.pixels[y * frame.width + x] != incoming.pixels[y * frame.width + x] {
                    Issue.record("incoming page differs at (\(x), \(y))")
                    return
                }
            }

            // The back page: the strip beyond the edge, mirrored about it and washed out.
            let inner = (Int(back.minX) + 20)..<(edge - 30)
            #expect(inner.count > 40)
            let m = Int(session.layout.settings.margin)
            var agree = 0, inked = 0
            for y in m..<(h - m) {
                for x in inner {
                    let mirrored = 2 * edge - 1 - x
                    let source = current.isInk(mirrored, y, below: 120)
                    if source {
                        inked += 1
                        if frame.luminance(x: x, y: y) < 230 { agree += 1 }
                    }
                }
            }
            #expect(inked > 200, "the strip beyond the edge has text")
            #expect(Double(agree) / Double(max(inked, 1)) > 0.9, "the back shows it mirrored")
            #expect(frame.darkest(x: inner, y: m..<(h - m)) > 120, "washed out: no full-strength ink on the back")

            // The bands, sampled along a row of plain paper.
            let shadow = geometry.shadowBand.rect, margin = geometry.marginBand.rect
            let mirror = try Fixture.render(session, page: 1)
            let row = try #require(Self.blankRow([current, incoming, mirror], xs: (2 * edge - Int(shadow.maxX))..<Int(shadow.maxX),
                                                 in: (h - m + 2)..<h))
            func lum(_ x: Double) -> Double { frame.luminance(x: Int(x.rounded(.down)), y: row) }
            let centre = shadow.minX + shadow.width / 2
            let samples = stride(from: shadow.minX + 1, to: shadow.maxX - 1, by: 1).map { ($0, lum($0)) }
            let darkest = try #require(samples.min { $0.1 < $1.1 })
            #expect(abs(darkest.0 - centre) <= 2, "the shadow band is darkest at its centre (\(darkest.0) vs \(centre))")
            #expect(lum(centre) < lum(shadow.minX + 4) - 10 && lum(centre) < lum(shadow.maxX - 4) - 10)
            #expect(lum(margin.maxX - 3) < lum(margin.minX + 3) - 15, "the margin band darkens towards its right end")
        }

        @Test func cylinderShowsThePageBelowAndTheBack() throws {
            let session = try Fixture.session(curl: .cylinder)
            let size = session.pageSize
            let pose = TurnPose(page: size, direction: .next, progress: 0.5)
            let canvas = try Canvas.offscreen(width: Int(size.width), height: Int(size.height))
            Fixture.draw(session, pose: pose, from: 1, to: 2, on: canvas)
            let frame = canvas.readPixels()
            let current = try Fixture.render(session, page: 1)
            let incoming = try Fixture.render(session, page: 2)
            let w = frame.width, h = frame.height
            let m = Int(session.layout.settings.margin)
            let curl = CylinderCurl().frame(page: size, pose: pose)
            let fold = curl.fold
            #expect(fold.radius > 0)

            // Beyond the curl and its shadow: the page below, exactly.
            let uncovered = Int((fold.point.x + fold.radius * 2).rounded(.up))..<w
            #expect(uncovered.count > w / 4)
            var same = true
            for y in stride(from: 0, to: h, by: 2) {
                for x in uncovered where frame.pixels[y * w + x] != incoming.pixels[y * w + x] { same = false }
            }
            #expect(same, "the page below shows beyond the curl")
            #expect(frame.inkCount(x: uncovered, y: m..<(h - m)) > 200)

            // Left of the fold lies the back: text washed out, not the current page's.
            let backColumns = Int(Double(w) * 0.05)..<Int(fold.point.x - fold.radius)
            #expect(backColumns.count > 60)
            let washedInk = frame.inkCount(x: backColumns, y: m..<(h - m), below: 235)
            #expect(washedInk > 200, "the back has text")
            #expect(frame.darkest(x: backColumns, y: m..<(h - m)) > 110, "washed out")
            var differs = 0
            for y in stride(from: m, to: h - m, by: 2) {
                for x in backColumns where frame.isInk(x, y, below: 235) != current.isInk(x, y, below: 235) { differs += 1 }
            }
            #expect(differs > 200, "the back is not the front of the current page")
        }

        @Test func slideAndNoneDrawThePagesWhereTheySay() throws {
            let session = try Fixture.session(curl: .slide)
            let size = session.pageSize
            let pose = TurnPose(page: size, direction: .next, progress: 0.25)
            let frame = try Fixture.render(session, page: 1, incoming: 2, pose: pose)
            let current = try Fixture.render(session, page: 1)
            let incoming = try Fixture.render(session, page: 2)
            let w = frame.width, shift = w / 4
            for y in stride(from: 0, to: frame.height, by: 7) {
                for x in stride(from: 0, to: w - shift, by: 3) {
                    #expect(frame.pixels[y * w + x] == current.pixels[y * w + x + shift])
                    if frame.pixels[y * w + x] != current.pixels[y * w + x + shift] { return }
                }
                for x in stride(from: w - shift, to: w, by: 3) {
                    #expect(frame.pixels[y * w + x] == incoming.pixels[y * w + x - (w - shift)])
                    if frame.pixels[y * w + x] != incoming.pixels[y * w + x - (w - shift)] { return }
                }
            }
        }
    }
}
