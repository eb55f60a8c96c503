import Testing
@testable import PageTurner

/// Tap zones and toolbars. Page 800 × 1000: quarters at x = 200 and 600, eighths at
/// y = 125 and 875.
@Suite("Tap zones")
struct TapZoneTests {
    let page = Size(width: 800, height: 1000)

    func hit(_ layout: TapZoneLayout, _ x: Double, _ y: Double, shown: Bool = false, rtl: Bool = false) -> String {
        let h = layout.hit(Point(x: x, y: y), page: page, toolbarsShown: shown, rightToLeft: rtl)
        return "\(h.zone) \(h.action.rawValue)"
    }

    @Test("default: left quarter back, right quarter forward, strips and middle toggle the toolbars")
    func defaultHidden() {
        #expect(hit(.default, 50, 500) == "left previousPage")
        #expect(hit(.default, 199, 500) == "left previousPage")
        #expect(hit(.default, 200, 500) == "middle toggleToolbars")
        #expect(hit(.default, 750, 500) == "right nextPage")
        #expect(hit(.default, 600, 500) == "right nextPage")
        #expect(hit(.default, 400, 500) == "middle toggleToolbars")
        #expect(hit(.default, 400, 60) == "top toggleToolbars")
        #expect(hit(.default, 50, 60) == "top toggleToolbars", "the strips span the width")
        #expect(hit(.default, 750, 950) == "bottom toggleToolbars")
    }

    @Test("default with the toolbars shown: taps on them are theirs, any other tap hides them")
    func defaultShown() {
        #expect(hit(.default, 400, 60, shown: true) == "toolbar pressToolbar")
        #expect(hit(.default, 400, 950, shown: true) == "toolbar pressToolbar")
        #expect(hit(.default, 50, 500, shown: true) == "left hideToolbars")
        #expect(hit(.default, 750, 500, shown: true) == "right hideToolbars")
        #expect(hit(.default, 400, 500, shown: true) == "middle hideToolbars")
    }

    @Test("tutorial: the quarters between 60 px from the top and 40 px from the bottom hide, a 30 px bottom strip shows")
    func tutorialHidden() {
        #expect(hit(.tutorial, 50, 500) == "left hideToolbars")
        #expect(hit(.tutorial, 750, 500) == "right hideToolbars")
        #expect(hit(.tutorial, 50, 59) == "text hideToolbars")
        #expect(hit(.tutorial, 50, 60) == "left hideToolbars")
        #expect(hit(.tutorial, 50, 959) == "left hideToolbars")
        #expect(hit(.tutorial, 50, 960) == "text hideToolbars")
        #expect(hit(.tutorial, 400, 970) == "bottom showToolbars")
        #expect(hit(.tutorial, 400, 969) == "text hideToolbars")
        #expect(hit(.tutorial, 400, 500) == "text hideToolbars")
    }

    @Test("tutorial with the toolbars shown: the 60 px bar and the 40 px toolbar take their taps")
    func tutorialShown() {
        #expect(hit(.tutorial, 400, 30, shown: true) == "toolbar pressToolbar")
        #expect(hit(.tutorial, 400, 990, shown: true) == "toolbar pressToolbar")
        #expect(hit(.tutorial, 400, 965, shown: true) == "toolbar pressToolbar")
        #expect(hit(.tutorial, 50, 500, shown: true) == "left hideToolbars")
        #expect(hit(.tutorial, 400, 500, shown: true) == "text hideToolbars")
    }

    @Test("koreader: left quarter back, everything else forward, the top eighth toolbars")
    func koreader() {
        #expect(hit(.koreader, 50, 500) == "left previousPage")
        #expect(hit(.koreader, 400, 500) == "forward nextPage")
        #expect(hit(.koreader, 750, 950) == "forward nextPage")
        #expect(hit(.koreader, 50, 60) == "top toggleToolbars")
        #expect(hit(.koreader, 400, 500, shown: true) == "forward hideToolbars")
        #expect(hit(.koreader, 400, 60, shown: true) == "toolbar pressToolbar")
    }

    @Test("right-to-left swaps previous and next in every preset")
    func rightToLeft() {
        #expect(hit(.default, 50, 500, rtl: true) == "left nextPage")
        #expect(hit(.default, 750, 500, rtl: true) == "right previousPage")
        #expect(hit(.default, 400, 500, rtl: true) == "middle toggleToolbars")
        #expect(hit(.koreader, 50, 500, rtl: true) == "left nextPage")
        #expect(hit(.koreader, 400, 500, rtl: true) == "forward previousPage")
        #expect(hit(.tutorial, 50, 500, rtl: true) == "left hideToolbars")
        #expect(hit(.default, 50, 500, shown: true, rtl: true) == "left hideToolbars")
    }

    @Test("tutorial and koreader in right-to-left with the toolbars shown: the toolbars take theirs, every other tap hides them")
    func rightToLeftShown() {
        #expect(hit(.tutorial, 400, 30, shown: true, rtl: true) == "toolbar pressToolbar")
        #expect(hit(.tutorial, 400, 990, shown: true, rtl: true) == "toolbar pressToolbar")
        #expect(hit(.tutorial, 50, 500, shown: true, rtl: true) == "left hideToolbars")
        #expect(hit(.tutorial, 750, 500, shown: true, rtl: true) == "right hideToolbars")
        #expect(hit(.tutorial, 400, 500, shown: true, rtl: true) == "text hideToolbars")
        #expect(hit(.koreader, 400, 60, shown: true, rtl: true) == "toolbar pressToolbar")
        #expect(hit(.koreader, 400, 950, shown: true, rtl: true) == "toolbar pressToolbar")
        #expect(hit(.koreader, 50, 500, shown: true, rtl: true) == "left hideToolbars")
        #expect(hit(.koreader, 400, 500, shown: true, rtl: true) == "forward hideToolbars")
        // Hidden again, the swap is back: koreader's left quarter goes forward in a right-to-left book.
        #expect(hit(.koreader, 50, 500, rtl: true) == "left nextPage")
        #expect(hit(.tutorial, 400, 980, rtl: true) == "bottom showToolbars")
    }

    @Test("a tap on the right or bottom edge, or off the page, counts as just inside the nearest edge")
    func edgesAndOutside() {
        #expect(hit(.default, 800, 500) == "right nextPage")
        #expect(hit(.default, 900, 500) == "right nextPage")
        #expect(hit(.default, -30, 500) == "left previousPage")
        #expect(hit(.default, 400, 1000) == "bottom toggleToolbars")
        #expect(hit(.default, 400, 1200) == "bottom toggleToolbars")
        #expect(hit(.default, 400, -1) == "top toggleToolbars")
        #expect(hit(.default, 400, 1000, shown: true) == "toolbar pressToolbar")
        #expect(hit(.default, .nan, 500) == "left previousPage")
        #expect(hit(.tutorial, 800, 1000) == "bottom showToolbars")
        #expect(hit(.tutorial, 800, 1000, shown: true) == "toolbar pressToolbar")
        #expect(hit(.koreader, 800, 0) == "top toggleToolbars")
        let tiny = TapZoneLayout.default.hit(Point(x: 1, y: 1), page: Size(width: 1, height: 1), toolbarsShown: false, rightToLeft: false)
        #expect(tiny.zone == "bottom")
    }

    @Test("layouts compare by every part, the fallback zone included")
    func equality() {
        var other = TapZoneLayout.default
        #expect(other == .default)
        other.otherwise = ("middle", .none)
        #expect(other != .default)
        #expect(other.fallback == TapZoneLayout.Fallback(name: "middle", action: .none))
        other.fallback.action = .toggleToolbars
        #expect(other == .default && other.hashValue == TapZoneLayout.default.hashValue)
        other.tapOutsideHidesToolbars = false
        #expect(other != .default)
    }

    @Test("presets are found by name")
    func named() {
        #expect(TapZoneLayout.named("default") == .default)
        #expect(TapZoneLayout.named("tutorial") == .tutorial)
        #expect(TapZoneLayout.named("seed") == .tutorial, "its first name, in state files and recordings made under it")
        #expect(TapZoneLayout.named("koreader") == .koreader)
        #expect(TapZoneLayout.named("kindle") == nil)
    }

    @Test("a custom layout: zones in pixels and fractions")
    func custom() {
        let layout = TapZoneLayout(
            name: "mine",
            zones: [TapZone("corner", ZoneArea(minX: .pxFromEnd(100), maxY: .px(100)), .nextPage)],
            otherwise: ("rest", .none), toolbars: [])
        #expect(hit(layout, 750, 50) == "corner nextPage")
        #expect(hit(layout, 650, 50) == "rest none")
    }

    @Test("a tap event carries the point where the pointer let go; its zone is the press's")
    func tapCarriesItsPoint() {
        var r = Reader()
        r.down(197, 500, at: 0)                               // left quarter: previous page
        r.move(201, 503, at: 20)                              // inside the slop, over the middle
        r.send(.pointerUp(id: 0, at: Point(x: 203, y: 504)), at: 50)
        #expect(r.events.first?.event == .tap(zone: "left", action: .previousPage, at: Point(x: 203, y: 504)))

        var lastMove = Reader()
        lastMove.down(400, 500, at: 0)
        lastMove.move(406, 495, at: 30)
        lastMove.up(at: 60)                                   // no point given: where it last moved
        #expect(lastMove.events.first?.event == .tap(zone: "middle", action: .toggleToolbars, at: Point(x: 406, y: 495)))
    }

    @Test("a tap on the shown toolbars is theirs: action pressToolbar, and the machine does nothing else",
          arguments: [false, true])
    func tapOnShownToolbars(rightToLeft: Bool) {
        var config = TurnConfig()
        config.rightToLeft = rightToLeft
        var r = Reader(page: 3, config: config)
        r.key(.toggleToolbars, at: 0)
        r.events = []
        r.down(400, 950, at: 100); r.up(at: 140)              // the bottom toolbar
        #expect(r.events.map(\.event) == [.tap(zone: "toolbar", action: .pressToolbar, at: Point(x: 400, y: 950))])
        #expect(r.machine.toolbarsShown && r.machine.isAtRest && r.machine.page == 3)

        r.key(.hideToolbars, at: 200)
        r.events = []
        r.down(400, 950, at: 300); r.up(at: 340)              // the same place with them hidden
        #expect(r.events.first?.event == .tap(zone: "bottom", action: .toggleToolbars, at: Point(x: 400, y: 950)))
    }

    @Test("taps in the machine turn pages and show and hide the toolbars")
    func inTheMachine() {
        var r = Reader()
        r.down(750, 500, at: 0); r.up(at: 50)
        r.settle()
        #expect(r.machine.page == 1)
        r.down(400, 500, at: r.now); r.up(at: r.now + 50)
        #expect(r.machine.toolbarsShown)
        r.down(50, 500, at: r.now); r.up(at: r.now + 50)     // hides, does not turn back
        #expect(!r.machine.toolbarsShown)
        r.settle()
        #expect(r.machine.page == 1)
        #expect(r.events.filter { $0.event.name == "toolbars" }.map(\.event) ==
                [.toolbars(shown: true), .toolbars(shown: false)])
        r.key(.toggleToolbars, at: r.now)
        r.key(.hideToolbars, at: r.now)
        r.key(.hideToolbars, at: r.now)
        #expect(r.events.filter { $0.event.name == "toolbars" }.count == 4)
    }
}
