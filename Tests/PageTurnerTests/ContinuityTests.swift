import Testing
@testable import PageTurner

/// "it never jumps". A slow drag moves the pointer 2 px per event; between any two
/// frames what each model draws may move only a small multiple of that:
/// - classic: its back page's left edge moves up to 3× as fast as the turning edge (the tutorial's
///   formula at x = W/2), so every rect moves at most 3× the pointer step;
/// - slide: the offsets move exactly as the pointer, ≤ 1.5× leaves room for rounding only;
/// - cylinder: the fold line moves at most 2× as fast as the edge (while its radius grows), so
///   its point and its radius move at most 3× the pointer step.
/// A page at rest is drawn as its turn at progress 0. Before the slop was subtracted, the first
/// frame of a drag jumped by the 8 px slop: 10 px at once for a 2 px step.
///
/// That is the `fold` grip, which moves the page by the pointer's travel. The `edge` grip
/// brings the page's edge to the pointer when the drag starts (a jump, on purpose, unless the
/// press was on the edge), and from there on moves as smoothly.
@Suite("No jumps while dragging")
struct ContinuityTests {
    static let step = 2.0

    /// The largest movement between two frames of one model, in pixels.
    static func change(_ a: TurnFrame, _ b: TurnFrame) -> Double {
        switch (a, b) {
        case (.cylinder(let x), .cylinder(let y)):
            let (f, g) = (x.fold, y.fold)
            return max(abs(f.point.x - g.point.x), abs(f.point.y - g.point.y), abs(f.radius - g.radius))
        default:
            return distance(a, b)
        }
    }

    static func allowed(_ model: CurlModel) -> Double {
        switch model {
        case .classic, .cylinder: return 3 * step
        case .slide: return 1.5 * step
        case .none: return 0
        }
    }

    /// The frame of the machine's turning page, or of `restTurn` at progress 0 when it is at rest.
    static func frame(_ m: TurnMachine, _ renderer: CurlRenderer, rest: TurnPose) -> TurnFrame {
        renderer.frame(page: m.pageSize, pose: m.pose ?? rest)
    }

    /// Drags slowly from x0 by `distance` (sign: direction on screen), 2 px per 10 ms, checking
    /// every frame against the one before. `grab` first releases a half-turned page and presses
    /// on it while it settles.
    func check(_ model: CurlModel, grip: TurnGrip = .fold, from x0: Double, by distance: Double, rtl: Bool, grab: Bool) {
        var config = TurnConfig(curl: model)
        config.rightToLeft = rtl
        let renderer = CurlRenderer(model: model)
        config.hold = PageHold(grip: grip, curl: renderer)
        var r = Reader(page: 5, config: config)
        let direction: TurnDirection = (distance < 0) != rtl ? .next : .previous
        var t = 0.0
        if grab {
            r.down(x0 - distance, 500, at: 0)
            t = r.slide(from: x0 - distance, to: x0, start: 0, speed: 400)
            r.up(at: t)
            t += 40
            r.advance(to: t)
        }
        let rest = TurnPose(page: r.machine.pageSize, direction: direction, progress: 0, grabY: 500, rightToLeft: rtl)
        var previous = Self.frame(r.machine, renderer, rest: rest)
        r.down(x0, 500, at: t)
        #expect(Self.change(previous, Self.frame(r.machine, renderer, rest: rest)) == 0, "the press itself moves nothing")
        var worst = 0.0, x = x0, y = 500.0
        let sign: Double = distance < 0 ? -1 : 1
        var caught = grip == .fold
        while abs(x - x0) < abs(distance) {
            x += sign * Self.step
            y += 0.25                                    // a slight drift downwards
            t += 10
            r.move(x, y, at: t)
            let f = Self.frame(r.machine, renderer, rest: rest)
            if caught { worst = max(worst, Self.change(previous, f)) }
            caught = caught || r.machine.phase == .dragging
            previous = f
        }
        #expect(r.machine.phase == .dragging)
        #expect(worst <= Self.allowed(model) + 1e-9, "\(model) rtl \(rtl) grab \(grab): moved \(worst) px for a 2 px step")
    }

    @Test("a slow drag from rest: no frame moves more than its model allows", arguments: CurlModel.allCases)
    func fromRest(model: CurlModel) {
        for rtl in [false, true] {
            check(model, from: 700, by: -600, rtl: rtl, grab: false)     // towards the left
            check(model, from: 100, by: 600, rtl: rtl, grab: false)      // towards the right
        }
    }

    @Test("a slow drag of a page grabbed while it settles: no jump at the grab or after", arguments: CurlModel.allCases)
    func fromGrab(model: CurlModel) {
        for rtl in [false, true] {
            check(model, from: 400, by: -300, rtl: rtl, grab: true)      // on in the release's direction
            check(model, from: 400, by: 300, rtl: rtl, grab: true)       // back against it
        }
    }

    @Test("held by the edge: once the edge is under the pointer, no frame moves more than its model allows",
          arguments: [CurlModel.classic, .cylinder, .slide])
    func byTheEdge(model: CurlModel) {
        for rtl in [false, true] {
            check(model, grip: .edge, from: 700, by: -600, rtl: rtl, grab: false)
            check(model, grip: .edge, from: 100, by: 600, rtl: rtl, grab: false)
            check(model, grip: .edge, from: 400, by: -300, rtl: rtl, grab: true)
            check(model, grip: .edge, from: 400, by: 300, rtl: rtl, grab: true)
        }
    }

    @Test("the first frame of a drag moves by the pointer's step beyond the slop, not by the slop")
    func firstFrame() {
        var r = Reader()
        r.down(700, 500, at: 0)
        for k in 1...4 { r.move(700 - 2 * Double(k), 500, at: Double(k) * 10) }    // 8 px: inside
        #expect(r.machine.pose == nil)
        r.move(690, 500, at: 50)                                                     // 10 px: out
        #expect(abs(r.machine.progress - 2 / r.width) < 1e-12)
        // The commit rule still measures from the press: 160 px from 700 commits.
        r.move(540, 500, at: 500)
        r.up(at: 900)
        r.settle()
        #expect(r.machine.page == 1)
    }
}
