import Testing
@testable import PageTurner

/// Two-page spreads: where the pages of a spread lie, how the machine turns a
/// leaf, and the classic construction applied to a leaf hinged at the spine.
@Suite("Spreads")
struct SpreadTests {
    // MARK: - Geometry

    @Test("a spread cuts the window at its middle; each page is half of it less half the gutter")
    func geometry() {
        let g = SpreadGeometry(window: Size(width: 1600, height: 1000))
        #expect(g.gutter == 32 && g.spineX == 800 && g.leafWidth == 800)
        #expect(g.pageSize == Size(width: 784, height: 1000))
        #expect(g.leaf(.left) == Rect(x: 0, y: 0, width: 800, height: 1000))
        #expect(g.leaf(.right) == Rect(x: 800, y: 0, width: 800, height: 1000))
        #expect(g.pageOffset(inLeaf: .left) == 0 && g.pageOffset(inLeaf: .right) == 16)
        #expect(SpreadGeometry.gutter(forWidth: 300) == 12 && SpreadGeometry.gutter(forWidth: 4000) == 40)
    }

    @Test("auto shows a spread on a window wider than tall whose pages are still 28 ems wide", arguments: [
        (1600.0, 1000.0, 18.0, true), (800.0, 1000.0, 18.0, false), (1000.0, 1000.0, 18.0, false),
        (1280.0, 800.0, 18.0, true), (1280.0, 800.0, 24.0, false), (1100.0, 700.0, 18.0, true), (1000.0, 700.0, 18.0, false),
    ])
    func autoRule(width: Double, height: Double, fontSize: Double, spread: Bool) {
        #expect(SpreadGeometry.suits(window: Size(width: width, height: height), fontSize: fontSize) == spread)
    }

    @Test("the even page is on the left left to right and on the right right to left; the leaf that turns follows")
    func sides() {
        #expect(LeafSide.of(page: 4, rightToLeft: false) == .left && LeafSide.of(page: 5, rightToLeft: false) == .right)
        #expect(LeafSide.of(page: 4, rightToLeft: true) == .right && LeafSide.of(page: 5, rightToLeft: true) == .left)
        #expect(LeafSide.turning(.next, rightToLeft: false) == .right && LeafSide.turning(.previous, rightToLeft: false) == .left)
        #expect(LeafSide.turning(.next, rightToLeft: true) == .left && LeafSide.turning(.previous, rightToLeft: true) == .right)
    }

    @Test("the binding's shading darkens towards the spine on both sides and stays out of the text")
    func spineShading() {
        let g = SpreadGeometry(window: Size(width: 1600, height: 1000))
        let bands = g.spineShading
        #expect(bands.count == 2 && bands[0].rect.maxX == 800 && bands[1].rect.minX == 800)
        #expect(bands[0].stops.last?.alpha == SpreadGeometry.spineAlpha && bands[1].stops.first?.alpha == SpreadGeometry.spineAlpha)
        #expect(bands[0].stops.first?.alpha == 0 && bands[1].stops.last?.alpha == 0)
        #expect(bands[1].rect.width < g.gutter / 2 + 40, "within the gutter and the inner margin")
    }

    // MARK: - The machine

    /// A 1600 × 1000 window of spreads: a leaf is 800 px wide, so the commit distance is 160 px.
    func spreads(pages: Int = 9, page: Int = 0, rightToLeft: Bool = false) -> Reader {
        var config = TurnConfig.standard
        config.rightToLeft = rightToLeft
        return Reader(pages: pages, page: page, width: 1600, height: 1000, config: config, spread: true)
    }

    @Test("a drag of 0.15 of the leaf's width cancels, one of 0.3 commits and moves the page by two",
          arguments: [(0.15, false), (0.3, true)])
    func dragAgainstTheLeaf(fraction: Double, commits: Bool) {
        var r = spreads(page: 2)
        #expect(r.machine.turnSize.width == 800)
        r.drag(from: 1500, to: 1500 - fraction * 800)
        r.settle()
        #expect(r.machine.page == (commits ? 4 : 2))
        #expect(r.commits.map(\.to) == (commits ? [4] : []) && r.cancels == (commits ? 0 : 1))
    }

    @Test("a spread is named by its first page: an odd page shows the spread before it")
    func evenPages() {
        #expect(TurnMachine(pageSize: Size(width: 1600, height: 1000), pageCount: 9, page: 5, spread: true).page == 4)
        var m = TurnMachine(pageSize: Size(width: 1600, height: 1000), pageCount: 9, page: 5)
        m.setSpread(true)
        #expect(m.page == 4 && m.lastPage == 8)
        m.setPageCount(10, page: 9)
        #expect(m.page == 8 && m.lastPage == 8, "the last spread of ten pages is 9–10")
    }

    @Test("keys, the wheel and taps turn by a spread; the first and last spreads are boundaries")
    func commandsAndBoundaries() {
        var r = spreads(pages: 9)
        r.key(.previous, at: 0)
        #expect(r.boundaries == [.first])
        r.key(.next, at: 10)
        r.settle()
        #expect(r.machine.page == 2)
        r.send(.wheel(steps: 5), at: r.now + 10)
        r.settle()
        #expect(r.machine.page == 8 && r.boundaries == [.first, .last], "three spreads on, then the end")
        r.key(.next, at: r.now + 10)
        #expect(r.boundaries.last == .last)
        r.down(1500, 500, at: r.now + 10)
        r.up(at: r.now + 60)
        r.settle()
        #expect(r.machine.page == 8, "a tap on the right quarter of the last spread goes nowhere")
        r.down(100, 500, at: r.now + 10)
        r.up(at: r.now + 60)
        r.settle()
        #expect(r.machine.page == 6, "the left quarter of the window turns back a spread")
    }

    @Test("right to left, a drag towards the right turns the left leaf on to the next spread")
    func rightToLeft() {
        var r = spreads(page: 0, rightToLeft: true)
        r.drag(from: 100, to: 400)
        r.settle()
        #expect(r.machine.page == 2)
    }

    @Test("the gauge's commit line is commitFraction of the leaf's width from the press")
    func gauge() {
        var r = spreads(page: 2)
        r.down(1500, 500, at: 0)
        r.slide(from: 1500, to: 1400, start: 0, speed: 200)
        #expect(r.machine.dragGauge?.commitDistance == 160 && r.machine.dragGauge?.commitLineX == 1340)
    }

    @Test("setSpread drops a gesture under way, as a new page count does")
    func switchingDropsTheGesture() {
        var r = Reader(pages: 9, page: 3, width: 1600, height: 1000)
        r.down(1500, 500, at: 0)
        r.slide(from: 1500, to: 1300, start: 0, speed: 400)
        #expect(r.machine.phase == .dragging)
        r.machine.setSpread(true)
        #expect(r.machine.isAtRest && r.machine.page == 2 && r.machine.invariantViolations().isEmpty)
    }

    // MARK: - The classic leaf

    func leaf(_ direction: TurnDirection, _ progress: Double, rightToLeft: Bool = false) -> LeafTurn {
        let size = Size(width: 800, height: 1000)
        return LeafTurn(window: Size(width: 1600, height: 1000),
                        pose: TurnPose(page: size, direction: direction, progress: progress, rightToLeft: rightToLeft))
    }

    @Test("the right leaf: its front from the spine to the fold, its back beside the fold, crossing the spine late")
    func classicRightLeaf() {
        let start = leaf(.next, 0).classic(ClassicCurl())
        #expect(start.side == .right && start.foldX == 1600 && start.front.minX == 800 && start.front.maxX == 1600 && start.back.width == 0)
        let half = leaf(.next, 0.5).classic(ClassicCurl())
        #expect(half.foldX == 1200 && half.back == Rect(x: 800, y: 0, width: 400, height: 1000), "the tutorial's W/2 back at half way")
        let late = leaf(.next, 0.75).classic(ClassicCurl())
        #expect(late.back.minX < 800, "past half way the back lies over the still page")
        let end = leaf(.next, 1).classic(ClassicCurl())
        #expect(end.foldX == 800 && end.back == Rect(x: 0, y: 0, width: 800, height: 1000), "down on the left")
        #expect(end.backSource == Rect(x: 0, y: 0, width: 800, height: 1000), "the far page whole, the same way round")
    }

    @Test("the back shows the far page's strip as far from the spine as the leaf beyond the fold, not mirrored")
    func backIsTheFarPage() {
        for p in stride(from: 0.05, through: 0.95, by: 0.1) {
            let f = leaf(.next, p).classic(ClassicCurl())
            let x = f.foldX - 800, b = f.back.width
            #expect(abs(f.backSource.maxX - (800 - x)) < 1e-9 && abs(f.backSource.width - b) < 1e-9, "at \(p)")
        }
    }

    @Test("turning back (and right to left) is the same picture mirrored about the spine")
    func mirrored() {
        for p in [0.1, 0.4, 0.6, 0.9] {
            let next = leaf(.next, p).classic(ClassicCurl())
            for turn in [leaf(.previous, p), leaf(.next, p, rightToLeft: true)] {
                let f = turn.classic(ClassicCurl())
                #expect(f.side == .left)
                #expect(abs(f.foldX - (1600 - next.foldX)) < 1e-9)
                #expect(f.back.maxEdgeDistance(to: next.back.mirrored(pageWidth: 1600)) < 1e-9)
                #expect(f.front.maxEdgeDistance(to: next.front.mirrored(pageWidth: 1600)) < 1e-9)
                #expect(f.shadowBand.rect.maxEdgeDistance(to: next.shadowBand.rect.mirrored(pageWidth: 1600)) < 1e-9)
                #expect(abs(f.backSource.minX - (next.foldX - 800)) < 1e-9, "the right page from the spine out")
            }
        }
    }
}

/// The cylinder model applied to a spread's leaf.
@Suite("Spreads: the cylinder leaf")
struct CylinderLeafTests {
    func frame(_ direction: TurnDirection, _ progress: Double, rightToLeft: Bool = false, grabY: Double = 500,
               lift: Double = 0) -> CylinderLeafFrame {
        var scratch = CylinderFrame()
        let pose = TurnPose(page: Size(width: 800, height: 1000), direction: direction, progress: progress, grabY: grabY,
                            lift: lift, rightToLeft: rightToLeft)
        return LeafTurn(window: Size(width: 1600, height: 1000), pose: pose).cylinder(CylinderCurl(), scratch: &scratch)
    }

    @Test("landed, the right leaf's back lies on the left leaf and shows the far page point for point")
    func landed() {
        let f = frame(.next, 1)
        #expect(f.side == .right && f.radius < 1e-9)
        #expect(!f.back.vertices.isEmpty)
        for v in f.back.vertices {
            #expect(v.position.x >= -1e-6 && v.position.x <= 800 + 1e-6, "on the left leaf: \(v.position)")
            #expect(abs(v.texture.x - v.position.x / 800) < 1e-6, "the left page's own point: \(v)")
        }
    }

    @Test("at rest the front is the right leaf itself, untouched")
    func atRest() {
        let f = frame(.next, 0)
        for v in f.front.vertices {
            #expect(v.position.x >= 800 - 1e-6 && v.position.z < 1e-9)
            #expect(abs(v.texture.x - (v.position.x - 800) / 800) < 1e-6)
        }
    }

    @Test("the left leaf turning back is the right leaf's picture mirrored about the spine; so is right to left")
    func mirrored() {
        for p in [0.2, 0.5, 0.8] {
            let next = frame(.next, p)
            for f in [frame(.previous, p), frame(.next, p, rightToLeft: true)] {
                #expect(f.side == .left)
                #expect(abs(f.fold.point.x - (1600 - next.fold.point.x)) < 1e-9 && abs(f.fold.normal.x + next.fold.normal.x) < 1e-12)
                #expect(zip(f.back.vertices, next.back.vertices).allSatisfy { a, b in
                    abs(a.position.x - (1600 - b.position.x)) < 1e-9 && abs(a.texture.x - (1 - b.texture.x)) < 1e-12
                })
            }
        }
    }

    @Test("a corner grabbed and drawn up folds diagonally")
    func corner() {
        let f = frame(.next, 0.3, grabY: 980, lift: -150)
        #expect(abs(f.fold.normal.y) > 0.05, "the fold tilts: \(f.fold.normal)")
        #expect(f.distanceFromFold(Point(x: 1600, y: 1000)) > f.distanceFromFold(Point(x: 1600, y: 0)), "the bottom corner lifts first")
    }
}
