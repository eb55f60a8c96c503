import Foundation
import PropertyBased
import Testing
@testable import PageTurner
import GestureScripts

/// The edge under the finger: held by the `edge` grip, the paper's free edge at the pointer's
/// height stays under the pointer, within 2 px, for the whole drag, for every model, on a single
/// page and on a spread's leaf, either way round. The edge is measured on what each model draws
/// (the classic back page's far side, the cylinder's surface mapping, the slid page's side),
/// not by the function the machine solves with.
@Suite("The edge under the finger")
struct EdgeGripTests {
    static let single = Size(width: 800, height: 1000)
    static let wide = Size(width: 1600, height: 1000)

    /// Where `model`'s picture of `pose` has the free edge at height `y`, in the window.
    static func drawnEdge(_ model: CurlModel, window: Size, spread: Bool, pose: TurnPose, y: Double) -> Double {
        switch model {
        case .slide, .none:
            let s = SlideFrame(page: window, pose: pose)
            let moving = pose.direction == .next ? s.currentOffset : s.incomingOffset
            return pose.rightToLeft ? moving : window.width + moving
        case .classic:
            if spread {
                let back = LeafTurn(window: window, pose: pose).classic(ClassicCurl()).back
                return LeafSide.turning(pose.direction, rightToLeft: pose.rightToLeft) == .right ? back.minX : back.maxX
            }
            let back = ClassicCurl().frame(page: window, pose: pose).backPage
            return pose.rightToLeft ? back.maxX : back.minX
        case .cylinder:
            if spread {
                let leaf = LeafTurn(window: window, pose: pose)
                let frame = CylinderCurl().frame(page: leaf.geometry.leafSize, pose: leaf.leafPose)
                return leaf.windowX(surfaceEdge(frame, paperX: leaf.geometry.leafWidth, y: y))
            }
            let frame = CylinderCurl().frame(page: window, pose: pose)
            return surfaceEdge(frame, paperX: pose.rightToLeft ? 0 : window.width, y: y)
        }
    }

    /// The x at height `y` of the paper's edge x = `paperX` as the cylinder frame maps it: the
    /// edge point whose image is at that height, found along the edge (0…H, the paper) by
    /// bisection; the corner nearest that height when none is.
    static func surfaceEdge(_ frame: CylinderFrame, paperX: Double, y: Double) -> Double {
        let h = frame.pageSize.height
        var lo = 0.0, hi = h
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if frame.surfacePoint(of: Point(x: paperX, y: mid)).position.y < y { lo = mid } else { hi = mid }
        }
        return frame.surfacePoint(of: Point(x: paperX, y: (lo + hi) / 2)).position.x
    }

    static func reader(_ model: CurlModel, spread: Bool, rtl: Bool, grip: TurnGrip? = nil) -> Reader {
        let config = TurnSettings(grip: grip).config(curl: model, rightToLeft: rtl)
        let size = spread ? wide : single
        return Reader(pages: 20, page: 8, width: size.width, height: size.height, config: config, spread: spread)
    }

    /// How far the drawn edge is from the pointer after the last move, or nil when the page is at
    /// an end of its travel (the pointer beyond where the edge can go) or not turning to a page.
    static func miss(_ r: Reader, model: CurlModel, pointer: Point) -> Double? {
        guard r.machine.phase == .dragging, let pose = r.machine.pose, let turn = r.machine.turn,
              case .page = turn.goal, pose.progress > 1e-9, pose.progress < 1 - 1e-9 else { return nil }
        let edge = drawnEdge(model, window: r.machine.pageSize, spread: r.machine.isSpread, pose: pose, y: pointer.y)
        return abs(edge - pointer.x)
    }

    @Test("every model, single page and spread, either way round: the edge stays under the pointer",
          arguments: [CurlModel.classic, .cylinder, .slide])
    func underThePointer(model: CurlModel) {
        var checked = 0, frames = 0
        for spread in [false, true] {
            for rtl in [false, true] {
                let w = spread ? Self.wide.width : Self.single.width
                // Presses near the outer edges and mid-page, near the corners and in the middle;
                // drags across with a vertical wander of up to 150 px either way.
                for pressX in [0.97, 0.6, 0.35, 0.03] {
                    for pressY in [60.0, 500, 950] {
                        for (endX, rise) in [(0.02, -150.0), (0.5, 40), (0.98, 150)] where abs(endX - pressX) > 0.1 {
                            var r = Self.reader(model, spread: spread, rtl: rtl, grip: .edge)
                            r.down(pressX * w, pressY, at: 0)
                            var t = 0.0
                            for k in 1...40 {
                                let f = Double(k) / 40
                                let p = Point(x: (pressX + (endX - pressX) * f) * w, y: pressY + rise * sin(f * .pi))
                                t += 12
                                r.move(p.x, p.y, at: t)
                                frames += 1
                                guard let miss = Self.miss(r, model: model, pointer: p) else { continue }
                                checked += 1
                                #expect(miss <= 2, "\(model) spread \(spread) rtl \(rtl) press (\(pressX), \(pressY)) at \(p): \(miss) px off")
                            }
                            r.up(at: t + 10)
                        }
                    }
                }
            }
        }
        #expect(checked > frames / 2, "most frames are mid-turn: \(checked) of \(frames)")
    }

    @Test("random drags: wherever the page is mid-turn, its edge is under the pointer")
    func randomDrags() async {
        let moves = zip(Gen.double(in: -0.1...1.1), Gen.double(in: -0.1...1.1)).array(of: 2...25)
        await propertyCheck(count: 300, input: Gen.int(in: 0...2), Gen.bool, Gen.bool, Gen.double(in: 0...1),
                            Gen.double(in: 0...1), moves) { modelIndex, spread, rtl, px, py, path in
            let model = [CurlModel.classic, .cylinder, .slide][modelIndex]
            var r = Self.reader(model, spread: spread, rtl: rtl, grip: .edge)
            let size = r.machine.pageSize
            r.down(px * size.width, py * size.height, at: 0)
            var t = 0.0
            for (fx, fy) in path {
                let p = Point(x: fx * size.width, y: fy * size.height)
                t += 15
                r.move(p.x, p.y, at: t)
                if let miss = Self.miss(r, model: model, pointer: p) {
                    #expect(miss <= 2, "\(model) spread \(spread) rtl \(rtl) at \(p): \(miss) px off")
                }
                #expect(r.machine.invariantViolations() == [])
            }
        }
    }

    @Test("let go, the page settles from where its edge was", arguments: [CurlModel.cylinder, .slide, .classic])
    func releaseStartsAtTheEdge(model: CurlModel) {
        for spread in [false, true] {
            var r = Self.reader(model, spread: spread, rtl: false, grip: .edge)
            let w = r.machine.pageSize.width
            r.down(0.9 * w, 400, at: 0)
            let end = r.slide(from: 0.9 * w, to: 0.55 * w, y: 400, rise: 60, start: 0, speed: 500)
            let held = r.machine.pose!
            let edge = Self.drawnEdge(model, window: r.machine.pageSize, spread: spread, pose: held, y: 460)
            #expect(abs(edge - 0.55 * w) <= 2, "\(model) spread \(spread): the edge is under the pointer as it lets go")
            r.up(at: end + 5)                       // still: no fling; 35% of the window commits
            #expect(r.machine.phase == .settling)
            let released = r.machine.pose!
            #expect(released.progress == held.progress && released.pointer == held.pointer, "\(model) spread \(spread)")
            r.advance(to: end + 6)                  // a millisecond later: on its way, from there
            let next = r.machine.pose!
            #expect(next.progress > held.progress && next.progress - held.progress < 0.02, "\(model) spread \(spread)")
        }
    }

    @Test("a diagonal drag across a tilted fold: the page follows without a jump, its edge under the pointer",
          arguments: [false, true])
    func diagonal(spread: Bool) {
        for rtl in [false, true] {
            var r = Self.reader(.cylinder, spread: spread, rtl: rtl, grip: .edge)
            let w = r.machine.pageSize.width
            func x(_ v: Double) -> Double { rtl ? w - v : v }
            // A previous turn (next, right to left) taken near the top and drawn down and across.
            r.down(x(40), 200, at: 0)
            var t = 0.0
            for k in 1...10 { t += 10; r.move(x(40 + 3 * Double(k)), 200, at: t) }
            for k in 1...30 { t += 10; r.move(x(70 + 2 * Double(k)), 200 + 5 * Double(k), at: t) }
            var last = r.machine.progress, worst = 0.0
            var v = 130.0
            while v < w - 20 {
                v += 2; t += 10
                r.move(x(v), 350, at: t)
                worst = max(worst, abs(r.machine.progress - last))
                last = r.machine.progress
                if let miss = Self.miss(r, model: .cylinder, pointer: Point(x: x(v), y: 350)) {
                    #expect(miss <= 2, "spread \(spread) rtl \(rtl) at \(v)")
                }
            }
            #expect(worst < 0.02, "spread \(spread) rtl \(rtl): a 2 px step moved the page by \(worst) of a turn")
        }
    }

    @Test("where a tilted fold straightening steps the edge back, the progress nearest the last is taken")
    func nearestOfSeveralProgresses() throws {
        // A next turn grabbed at 300 px and drawn 100 px down: at that height the cylinder's edge
        // steps back a little while the fold straightens, so some x are reached at three progresses.
        let size = Self.single, hold = PageHold(grip: .edge, curl: CurlRenderer(model: .cylinder))
        func edge(_ p: Double) -> Double {
            let pose = TurnPose(page: size, direction: .next, progress: p, grabY: 300, lift: 100)
            return hold.curl.freeEdgeX(window: size, spread: false, pose: pose, atHeight: 400)!
        }
        let e = (0...400).map { edge(Double($0) / 400) }
        // A next turn's edge moves left; where it steps back right: a local minimum, then a maximum.
        let k = try #require((1..<400).first { e[$0] < e[$0 - 1] && e[$0] < e[$0 + 1] }, "the edge steps back somewhere")
        let j = try #require((k..<400).first { e[$0] > e[$0 + 1] })
        let x = (e[k] + e[j]) / 2
        func solve(near p: Double) -> Double {
            hold.progress(holding: Point(x: x, y: 400), window: size, spread: false, direction: .next, grabY: 300,
                          rightToLeft: false, near: p)
        }
        let low = solve(near: 0), high = solve(near: 1)
        #expect(low < Double(k) / 400 && high > Double(j) / 400, "two of the progresses: \(low), \(high)")
        for p in [low, high] { #expect(abs(edge(p) - x) < 0.01) }
    }

    @Test("a trackpad swipe moves the page by its travel, whatever the grip: its pointer is not a finger",
          arguments: [CurlModel.cylinder, .slide])
    func trackpadSwipe(model: CurlModel) {
        for spread in [false, true] {
            var r = Self.reader(model, spread: spread, rtl: false)
            r.send(.scroll(dx: -12, dy: 0), at: 0)
            r.send(.scroll(dx: -12, dy: 0), at: 10)
            #expect(r.machine.phase == .dragging)
            #expect(r.machine.progress < 0.05, "\(model) spread \(spread): \(r.machine.progress) after 24 px")
        }
    }

    @Test("classic is held by its fold on a single page unless told otherwise; every leaf and the other models by the edge")
    func defaults() {
        func grip(_ settings: TurnSettings, _ curl: CurlModel, spread: Bool = false) -> TurnGrip {
            settings.config(curl: curl, rightToLeft: false).hold.grip(spread: spread)
        }
        #expect(grip(TurnSettings(), .classic) == .fold)
        #expect(grip(TurnSettings(), .classic, spread: true) == .edge)
        #expect(grip(TurnSettings(), .cylinder) == .edge)
        #expect(grip(TurnSettings(), .slide) == .edge)
        #expect(grip(TurnSettings(grip: .edge), .classic) == .edge)
        #expect(grip(TurnSettings(grip: .fold), .cylinder, spread: true) == .fold)
        #expect(TurnConfig.standard.hold.grip(spread: false) == .fold, "the iOS tutorial's curl is the classic one")
    }

    /// Drags from `from` to `to` at mid-height, 400 px/s; returns the machine's progress and where
    /// the picture has the free edge at the pointer's height.
    static func drag(_ model: CurlModel, spread: Bool = false, grip: TurnGrip? = nil,
                     from: Double, to: Double) -> (progress: Double, edge: Double) {
        var r = reader(model, spread: spread, rtl: false, grip: grip)
        r.down(from, 500, at: 0)
        r.slide(from: from, to: to, start: 0, speed: 400)
        return (r.machine.progress, drawnEdge(model, window: r.machine.pageSize, spread: spread, pose: r.machine.pose!, y: 500))
    }

    @Test("on a spread the classic leaf is held by its edge by default")
    func classicLeaf() {
        let edge = Self.drag(.classic, spread: true, from: 1500, to: 1100).edge
        #expect(abs(edge - 1100) <= 2, "\(edge)")
    }

    @Test("held by the fold, the cylinder turns by the pointer's travel and its edge runs ahead of it")
    func foldGripOnTheCylinder() {
        let byFold = Self.drag(.cylinder, grip: .fold, from: 780, to: 580)
        // Dragging began where the pointer left the 8 px slop, at 772: 192 px of 800 drawn.
        #expect(abs(byFold.progress - 192.0 / 800) < 1e-9)
        #expect(byFold.edge < 580 - 100, "the page turns over its fold: the edge travels twice as far (\(byFold.edge))")
        let byEdge = Self.drag(.cylinder, from: 780, to: 580).edge
        #expect(abs(byEdge - 580) <= 2, "by the edge (the cylinder's own grip): under the pointer, \(byEdge)")
    }

    @Test("simulate's frames carry the pointer while it is down and the free edge while a page moves")
    func framesCarryPointerAndEdge() throws {
        var settings = ReplaySettings(pageSize: Self.single, pageCount: 10, curl: .cylinder)
        settings.fps = 100
        let script = try GestureScript.parse("down 760 500 @0\nmove 700 510 @20\nmove 500 530 @40\nmove 300 540 @60\nup @70\n")
        var text: [String] = []
        _ = GestureReplay.run(script, settings: settings) { text.append($0) }
        let lines = try text.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            .filter { $0["frame"] != nil }
        let pressed = try #require(lines.first)
        #expect(pressed["state"] as? String == "pressed")
        #expect((pressed["pointer"] as? [Double]) == [760, 500])
        #expect(pressed["edge"] == nil, "no page moves yet")
        let dragging = lines.filter { $0["state"] as? String == "dragging" }
        #expect(dragging.count >= 3)
        for frame in dragging {
            let pointer = try #require(frame["pointer"] as? [Double])
            let edge = try #require(frame["edge"] as? Double)
            #expect(abs(edge - pointer[0]) <= 2, "\(frame)")
        }
        let settling = try #require(lines.first { $0["state"] as? String == "settling" })
        #expect(settling["pointer"] == nil, "the pointer is up")
        #expect(settling["edge"] is Double)
    }

    @Test("a pointer the machine ignores is still a pointer down; a trackpad swipe has none")
    func ignoredAndSwipedPointers() throws {
        var settings = ReplaySettings(pageSize: Self.single, pageCount: 10, curl: .cylinder)
        settings.fps = 100
        let script = try GestureScript.parse("down 400 300 @0\nmove 402 400 @30\nmove 404 600 @60\nup @80\n"
                                             + "scroll -10 0 @500\nscroll -10 0 @510\n")
        var text: [String] = []
        _ = GestureReplay.run(script, settings: settings) { text.append($0) }
        let frames = try text.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            .filter { $0["frame"] != nil }
        let ignoring = frames.filter { $0["state"] as? String == "ignoring" }
        #expect(!ignoring.isEmpty && ignoring.allSatisfy { $0["pointer"] is [Double] }, "a vertical drag: \(ignoring)")
        let swiping = frames.filter { ($0["t"] as? Double ?? 0) >= 500 && $0["state"] as? String == "dragging" }
        #expect(!swiping.isEmpty && swiping.allSatisfy { $0["pointer"] == nil })
    }
}
