import Testing
@testable import PageTurner

/// The `classic` curl: the iOS reader tutorial's (Leaves' fold construction), generalised from its 320 px to W.
@Suite("Classic curl (Leaves' fold construction, as the iOS reader tutorial draws it)")
struct ClassicCurlTests {
    /// The tutorial's formula, literally, for its iPhone width of 320.
    func tutorialBackWidth(_ x: Double) -> Double { x >= 160 ? (320 / x - 1) * 160 : 320 - x }

    func frame(width: Double = 320, x: Double, _ direction: TurnDirection = .next, rtl: Bool = false) -> ClassicFrame {
        let size = Size(width: width, height: 480)
        let progress = direction == .next ? 1 - x / width : x / width
        return ClassicCurl().frame(page: size, pose: TurnPose(page: size, direction: direction, progress: progress))
            .mirroredIf(rtl, width: width)
    }

    @Test("at W = 320 the back page is the tutorial's, at many x")
    func tutorialFormula() {
        for x in stride(from: 0.5, through: 320, by: 0.5) {
            let f = frame(x: x)
            #expect(abs(f.backPage.width - tutorialBackWidth(x)) < 1e-9, "x = \(x)")
            #expect(abs(f.backPage.minX - (x - tutorialBackWidth(x))) < 1e-9)
            #expect(abs(f.edgeX - x) < 1e-9)
        }
    }

    @Test("at any width the back page is (W/x − 1)·W/2 from the middle on, W − x before it",
          arguments: [480.0, 800, 1234])
    func generalised(width: Double) {
        for k in 1...200 {
            let x = width * Double(k) / 200
            let expected = x >= width / 2 ? (width / x - 1) * width / 2 : width - x
            #expect(abs(frame(width: width, x: x).backPage.width - expected) < 1e-9 * width)
        }
    }

    @Test("clip, shadow band and margin band sit where the tutorial puts them")
    func bands() {
        let f = frame(x: 200)
        let back = tutorialBackWidth(200)
        #expect(f.clip == Rect(x: 0, y: 0, width: 200, height: 480))
        #expect(f.clippedPage == .current)
        #expect(f.shadowBand.rect == Rect(x: 175, y: 0, width: 50, height: 480))
        #expect(f.shadowBand.stops.map(\.white) == [1, 0, 1])
        #expect(f.shadowBand.stops.map(\.alpha) == [0.1, 0.2, 0.1])
        #expect(f.marginBand.rect == Rect(x: 200 - back - 35, y: 0, width: 50, height: 480))
        #expect(f.marginBand.stops.map(\.white) == [1, 0])
        #expect(f.marginBand.stops.map(\.alpha) == [0.2, 0.3])
        #expect(f.bandOpacity == 1)
    }

    @Test("layers bottom to top: next and previous")
    func layers() {
        #expect(frame(x: 200, .next).layers == [.incomingPage, .currentPage, .backPage, .marginBand, .shadowBand])
        #expect(frame(x: 200, .previous).layers == [.currentPage, .incomingPage, .backPage, .marginBand, .shadowBand])
        #expect(frame(x: 200, .previous).clippedPage == .incoming)
        #expect(frame(x: 200, .previous).clip.width == 200)
    }

    @Test("band widths and alphas are parameters")
    func parameters() {
        var curl = ClassicCurl()
        curl.shadowWidth = 30
        curl.marginOffset = 10
        curl.marginEndAlpha = 0.5
        let size = Size(width: 320, height: 480)
        let f = curl.frame(page: size, pose: TurnPose(page: size, direction: .next, progress: 0.5))
        #expect(f.shadowBand.rect.width == 30)
        #expect(f.marginBand.rect.minX == 0 - 10)
        #expect(f.marginBand.stops.last?.alpha == 0.5)
    }

    @Test("at rest nothing shows: no clip lost, no back page, bands faded out")
    func atRest() {
        let rest = frame(x: 320)
        #expect(rest.clip.width == 320)
        #expect(rest.backPage.width == 0)
        #expect(rest.bandOpacity == 0)
        let landed = frame(x: 0)
        #expect(landed.clip.width == 0)
        #expect(landed.backPage.maxX == 0)
        #expect(landed.bandOpacity == 0)
    }

    @Test("continuous across x = W/2 and everywhere else")
    func continuity() {
        let size = Size(width: 320, height: 480)
        let step = 1e-4
        var previous = ClassicCurl().frame(page: size, pose: TurnPose(page: size, direction: .next, progress: 0))
        var p = step
        while p <= 1 {
            let f = ClassicCurl().frame(page: size, pose: TurnPose(page: size, direction: .next, progress: p))
            // The back's left edge moves at most 3× as fast as x (slope of the tutorial's formula at W/2).
            #expect(distance(.classic(previous), .classic(f)) <= 3 * step * 320 + 1e-9)
            #expect(abs(f.bandOpacity - previous.bandOpacity) <= step * 320 / 25 + 1e-9)
            previous = f
            p += step
        }
        let left = frame(x: 160 - 1e-9), right = frame(x: 160 + 1e-9)
        #expect(left.backPage.maxEdgeDistance(to: right.backPage) < 1e-6)
    }

    @Test("the classic back page of a page without width is empty, not NaN")
    func classicZeroWidth() {
        #expect(ClassicCurl.backWidth(x: 0, pageWidth: 0) == 0)
        let size = Size(width: 0, height: 0)
        let f = ClassicCurl().frame(page: size, pose: TurnPose(page: size, direction: .next, progress: 0.5))
        #expect(f.backPage == Rect(x: 0, y: 0, width: 0, height: 0))
    }

    @Test("the back shows the strip just beyond the edge, as wide as the back's part on the page: left to right")
    func backSourceLeftToRight() {
        let wide = frame(x: 240)                      // back (320/240 − 1)·160, all of it on the page
        #expect(!wide.rightToLeft)
        #expect(wide.backSource.minX == 240 && abs(wide.backSource.width - wide.backPage.width) < 1e-12)
        let half = frame(x: 160)                      // back 160: the strip ends at the page's end
        #expect(half.backSource == Rect(x: 160, y: 0, width: 160, height: 480))
        let early = frame(x: 100)                     // back 220 runs off the page's start: 100 of it show
        #expect(early.backPage.minX == -120)
        #expect(early.backSource == Rect(x: 100, y: 0, width: 100, height: 480))
        #expect(frame(x: 0).backSource.width == 0 && frame(x: 320).backSource.width == 0)
        #expect(frame(x: 100, .previous).backSource == early.backSource, "the same strip of whichever page turns")
    }

    @Test("right to left the strip lies left of the edge: the mirror image")
    func backSourceRightToLeft() {
        let early = frame(x: 100, rtl: true)          // edge at 220, the back [220, 440] shows [220, 320]
        #expect(early.rightToLeft)
        #expect(early.backSource == Rect(x: 120, y: 0, width: 100, height: 480))
        #expect(frame(x: 160, rtl: true).backSource == Rect(x: 0, y: 0, width: 160, height: 480))
        for k in 0...400 {
            let x = 320 * Double(k) / 400
            let ltr = frame(x: x), rtl = frame(x: x, rtl: true)
            #expect(rtl.backSource.maxEdgeDistance(to: ltr.backSource.mirrored(pageWidth: 320)) < 1e-12, "x = \(x)")
        }
    }

    @Test("the strip's end at the fold is the edge exactly (the drawer rounds that end to pixels), and it stays on the page",
          arguments: [320.0, 601, 1234.5])
    func backSourceAtTheEdge(width: Double) {
        for k in 1...997 {
            for rtl in [false, true] {
                let f = frame(width: width, x: width * Double(k) / 997 + 0.1 / 3, rtl: rtl)
                let foldEnd = rtl ? f.backSource.maxX : f.backSource.minX
                #expect(foldEnd == f.edgeX, "k = \(k), rtl \(rtl): \(f.backSource) at \(f.edgeX)")
                #expect(f.backSource.minX >= 0 && f.backSource.maxX <= width)
            }
        }
    }

    @Test("a strip that would run past the page's end is shifted back inside, keeping its width")
    func backSourceShiftedInside() {
        let ltr = ClassicCurl.backSource(edge: 300, width: 30, pageWidth: 320, height: 480, rightToLeft: false)
        #expect(ltr == Rect(x: 290, y: 0, width: 30, height: 480))
        let rtl = ClassicCurl.backSource(edge: 10, width: 30, pageWidth: 320, height: 480, rightToLeft: true)
        #expect(rtl == Rect(x: 0, y: 0, width: 30, height: 480))
        #expect(ClassicCurl.backSource(edge: 30, width: 30, pageWidth: 320, height: 480, rightToLeft: true).minX == 0)
    }

    @Test("right-to-left is the mirror image")
    func mirrored() {
        let size = Size(width: 320, height: 480)
        let ltr = ClassicCurl().frame(page: size, pose: TurnPose(page: size, direction: .next, progress: 0.3))
        let rtl = ClassicCurl().frame(page: size, pose: TurnPose(page: size, direction: .next, progress: 0.3, rightToLeft: true))
        #expect(rtl.edgeX == 320 - ltr.edgeX)
        #expect(rtl.clip == ltr.clip.mirrored(pageWidth: 320))
        #expect(rtl.backPage == ltr.backPage.mirrored(pageWidth: 320))
        #expect(rtl.shadowBand.stops.map(\.alpha) == [0.1, 0.2, 0.1])
        #expect(rtl.marginBand.stops.map(\.alpha) == [0.3, 0.2])
    }
}

extension ClassicFrame {
    func mirroredIf(_ flag: Bool, width: Double) -> ClassicFrame {
        guard flag else { return self }
        var f = self
        f.mirror(pageWidth: width)
        return f
    }
}
