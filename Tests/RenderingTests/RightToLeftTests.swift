import Foundation
import PageTurner
import Pagination
import ReaderState
import Reader
import Rendering
import Testing

extension Rendering {
    /// A book read right to left: the next page comes from the left, by drag, tap, key and in
    /// the picture, and the choice is kept with the book.
    @Suite struct RightToLeftTests {
        /// A session on the sample book reading `progression`, open at the start of `page`.
        static func session(_ progression: PageProgression, page: Int = 0) throws -> ReaderSession {
            let offset = page == 0 ? 0 : try Fixture.session().layout.range(ofPage: page).lowerBound
            return try Fixture.session { start in
                start.preferences.progression = progression
                start.position = offset
            }
        }

        // MARK: - The picture

        /// Checks a classic frame of a right-to-left turn from `page` to the next against its
        /// geometry: the incoming page left of the shadow band, the current page untouched right
        /// of the margin band, the back (right of the edge) showing the current page mirrored
        /// and washed out, the shadow band darkest at its centre and the margin band darkening
        /// towards its left end.
        static func expectMirroredClassic(_ frame: Frame, _ geometry: ClassicFrame, session: ReaderSession, page: Int) throws {
            let current = try Fixture.render(session, page: page)
            let incoming = try Fixture.render(session, page: page + 1)
            let w = frame.width, h = frame.height
            let edge = Int(geometry.edgeX.rounded())
            let shadow = geometry.shadowBand.rect, margin = geometry.marginBand.rect, back = geometry.backPage
            try #require(edge < w / 2 && back.minX >= geometry.edgeX - 1 && margin.minX > back.minX && back.maxX > Double(edge + 90),
                         "the back and the bands lie right of an edge in the left half")

            func shows(_ page: Frame, _ xs: Range<Int>) -> Bool {
                stride(from: 0, to: h, by: 3).allSatisfy { y in xs.allSatisfy { frame.pixels[y * w + $0] == page.pixels[y * w + $0] } }
            }
            let left = 0..<(Int(shadow.minX.rounded(.down)) - 1)
            let right = (Int(margin.maxX.rounded(.up)) + 1)..<w
            #expect(left.count > 100 && right.count > 50)
            #expect(shows(incoming, left), "the incoming page comes in from the left")
            #expect(!shows(current, left))
            #expect(shows(current, right), "the current page lies untouched on the right")

            // The back: the strip left of the edge, mirrored about it and washed out.
            let inner = (edge + 30)..<(Int(back.maxX) - 20)
            #expect(inner.count > 40)
            let m = Int(session.layout.settings.margin)
            var agree = 0, inked = 0
            for y in m..<(h - m) {
                for x in inner where current.isInk(2 * edge - 1 - x, y, below: 120) {
                    inked += 1
                    if frame.luminance(x: x, y: y) < 230 { agree += 1 }
                }
            }
            #expect(inked > 200, "the strip left of the edge has text")
            #expect(Double(agree) / Double(max(inked, 1)) > 0.9, "the back shows it mirrored")
            #expect(frame.darkest(x: inner, y: m..<(h - m)) > 120, "washed out")

            // The bands, along a row of plain paper.
            let row = try #require(CurlRenderingTests.blankRow([current, incoming], xs: 0..<w, in: (h - m + 2)..<h))
            func lum(_ x: Double) -> Double { frame.luminance(x: Int(x.rounded(.down)), y: row) }
            let centre = shadow.minX + shadow.width / 2
            let darkest = try #require(stride(from: shadow.minX + 1, to: shadow.maxX - 1, by: 1).min { lum($0) < lum($1) })
            #expect(abs(darkest - centre) <= 2, "the shadow band is darkest at its centre (\(darkest) vs \(centre))")
            #expect(lum(centre) < lum(shadow.minX + 4) - 10 && lum(centre) < lum(shadow.maxX - 4) - 10)
            #expect(lum(margin.minX + 3) < lum(margin.maxX - 3) - 15, "the margin band darkens towards its left end")
        }

        @Test func aRenderedClassicTurnIsTheMirrorImage() throws {
            let session = try Self.session(.rightToLeft)
            let pose = session.pose(turning: .next, progress: 0.4)
            #expect(pose.rightToLeft)
            let geometry = ClassicCurl().frame(page: session.pageSize, pose: pose)
            #expect(Int(geometry.edgeX.rounded()) == 320, "800 − 480, the left-to-right edge mirrored")
            let frame = try Fixture.render(session, page: 1, incoming: 2, pose: pose)
            try Self.expectMirroredClassic(frame, geometry, session: session, page: 1)
        }

        @Test("the back of a page turned past the middle shows the paper next to the fold, mirrored",
              arguments: [PageProgression.leftToRight, .rightToLeft])
        func aBackClippedAtThePageEndShowsTheStripNextToTheFold(_ progression: PageProgression) throws {
            // Page 1 (the chapter's opening, page 0 being the book's title alone) has text up to
            // both edges of its text box.
            let session = try Self.session(progression, page: 1)
            let pose = session.pose(turning: .next, progress: 0.8)
            let geometry = ClassicCurl().frame(page: session.pageSize, pose: pose)
            let edge = Int(geometry.edgeX.rounded())
            let shown = progression == .rightToLeft ? 800 - edge : edge  // the back's width on screen: clipped
            #expect(shown == 160 && geometry.backPage.width > Double(shown), "the back runs off the page")
            let page = try Fixture.render(session, page: 1)
            let frame = try Fixture.render(session, page: 1, incoming: 2, pose: pose)
            // Back pixel at distance d from the fold shows the paper at distance d on the other
            // side, washed 60% towards the paper colour. Away from the shadow band (25 px).
            var error = 0.0, ink = 0, count = 0
            for y in stride(from: 60, to: 940, by: 2) {
                for d in 30..<(shown - 4) {
                    let (onBack, paper) = progression == .rightToLeft ? (edge + d, edge - 1 - d) : (edge - 1 - d, edge + d)
                    let expected = 0.4 * page.luminance(x: paper, y: y) + 0.6 * page.luminance(x: 799, y: 2)
                    error += abs(frame.luminance(x: onBack, y: y) - expected)
                    if page.isInk(paper, y) { ink += 1 }
                    count += 1
                }
            }
            #expect(ink > 200, "the strip next to the fold has text: the comparison means something")
            #expect(error / Double(count) < 3, "mean luminance error \(error / Double(count))")
        }

        @Test func aPageDraggedFromTheLeftEdgeIsDrawnMirrored() throws {
            let session = try Self.session(.rightToLeft, page: 1)
            session.handle(.pointerDown(id: 1, at: Point(x: 40, y: 500)), at: 0)
            session.handle(.pointerMove(id: 1, at: Point(x: 200, y: 502)), at: 40)
            session.handle(.pointerMove(id: 1, at: Point(x: 360, y: 505)), at: 80)
            let pose = try #require(session.machine.pose)
            #expect(pose.rightToLeft && pose.direction == .next)
            let canvas = try Canvas.offscreen(width: 800, height: 1000)
            Fixture.drawScene(session, on: canvas)
            let geometry = ClassicCurl().frame(page: session.pageSize, pose: pose)
            try Self.expectMirroredClassic(canvas.readPixels(), geometry, session: session, page: 1)
        }

        @Test("the progress bar fills from the side the book starts on", arguments: [PageProgression.leftToRight, .rightToLeft])
        func theProgressBarFillsFromTheBooksStart(_ progression: PageProgression) throws {
            let session = try Self.session(progression, page: 2)
            session.handle(.key(.character("m"), shift: false), at: 0)
            session.advance(to: 1000)
            #expect(session.toolbarsShown)
            let canvas = try Canvas.offscreen(width: 800, height: 1000)
            Fixture.drawScene(session, on: canvas)
            let frame = canvas.readPixels()
            // The accent (paper: 40, 96, 170) marks the filled part of the bar, in the bottom bar.
            var xs: [Int] = []
            for y in 850..<1000 {
                for x in 0..<800 {
                    let (r, g, b) = frame.rgb(x: x, y: y)
                    if abs(r - 40) < 6 && abs(g - 96) < 6 && abs(b - 170) < 6 { xs.append(x) }
                }
            }
            let filled = try #require(xs.min().flatMap { lo in xs.max().map { lo...$0 } }, "the bar is drawn")
            #expect(filled.count < 400, "page 3 of \(session.pageCount): a short stretch, \(filled)")
            if progression == .rightToLeft {
                #expect(filled.upperBound >= 780, "it starts at the right: \(filled)")
            } else {
                #expect(filled.lowerBound <= 20, "it starts at the left: \(filled)")
            }
        }
    }
}
