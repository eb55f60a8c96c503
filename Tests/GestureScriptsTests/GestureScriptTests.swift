import Foundation
import Testing
@testable import PageTurner
@testable import GestureScripts

/// Headless simulator: the script format and the replay.
@Suite("Gesture scripts")
struct GestureScriptTests {
    @Test("every step of the format parses, comments and blank lines are skipped")
    func parses() throws {
        let script = try GestureScript.parse("""
            # a drag, then the rest
            down 700 500 @0      # press
            move 600.5 505 @16
            up @120

            up 10 20 @130 id=1
            cancel @140 id=2
            wheel +1 @150
            wheel -2 @160
            key next @170
            key prev @171
            key first @172
            key last @173
            key toolbars @174
            tick @200
            """)
        #expect(script.steps.map(\.line) == [2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
        #expect(script.steps.map(\.action) == [
            .down(Point(x: 700, y: 500), pointer: 0), .move(Point(x: 600.5, y: 505), pointer: 0),
            .up(nil, pointer: 0), .up(Point(x: 10, y: 20), pointer: 1), .cancel(pointer: 2),
            .wheel(1), .wheel(-2), .key(.next), .key(.previous), .key(.first), .key(.last),
            .key(.toggleToolbars), .tick,
        ])
        #expect(script.steps.map(\.time) == [0, 16, 120, 130, 140, 150, 160, 170, 171, 172, 173, 174, 200])
    }

    @Test("a malformed line is named by its number", arguments: [
        ("jump 1 2 @3", "unknown step 'jump'"),
        ("down 1 @3", "expected 'down X Y @T'"),
        ("down 1 2", "missing time"),
        ("down one 2 @3", "bad X 'one'"),
        ("move 1 2 @soon", "bad time '@soon'"),
        ("up @-4", "negative time"),
        ("wheel 0 @5", "bad wheel steps '0'"),
        ("key sideways @5", "unknown key 'sideways'"),
        ("tick 5 @5", "expected 'tick @T'"),
        ("down 1 2 @3 id=x", "bad pointer id"),
        ("down 1 2 @3 7", "unexpected '7' after the time"),
        ("key next @5 id=1", "takes no pointer id"),
        ("wheel +-1 @5", "bad wheel steps '+-1'"),
        ("wheel ++1 @5", "bad wheel steps '++1'"),
        ("wheel --1 @5", "bad wheel steps '--1'"),
        ("down 1 2 @3 id=1 id=2", "more than one pointer id"),
        ("down 1 2 @3 id=1 ID=1", "more than one pointer id"),
        ("down 0x10 2 @3", "bad X '0x10'"),
        ("move 1 nan @3", "bad Y 'nan'"),
        ("move inf 1 @3", "bad X 'inf'"),
        ("move 1 2e10 @3", "bad Y '2e10'"),
        ("tick @0x10", "bad time '@0x10'"),
        ("tick @1000000001", "too late"),
        ("tick @1e11", "too late"),
        ("tick @3 @4", "more than one time"),
        ("resize 0 800 @3", "bad size '0 800'"),
        ("resize 800 @3", "expected 'resize W H @T'"),
        ("pages 10 10 @3", "K from 0 to N-1"),
        ("pages 0 0 @3", "N from 1"),
        ("curl paper @3", "unknown curl 'paper'"),
        ("progression up @3", "expected 'progression ltr|rtl @T'"),
        ("pages 10 2 @3 id=1", "takes no pointer id"),
    ])
    func malformed(line: String, message: String) {
        #expect {
            try GestureScript.parse("tick @0\n# fine\n" + line)
        } throws: { error in
            let e = error as! GestureScriptError
            return e.line == 3 && e.description.hasPrefix("line 3: ") && e.message.contains(message)
        }
    }

    @Test("a recording's set-up steps parse: resize, pages, curl, progression")
    func setupSteps() throws {
        let script = try GestureScript.parse("resize 600 812.5 @10\npages 420 17 @10\ncurl CYLINDER @11\nprogression rtl @12\n")
        #expect(script.steps.map(\.setupChange) == [
            .resize(Size(width: 600, height: 812.5)), .pages(count: 420, page: 17), .curl(.cylinder), .progression(rightToLeft: true),
        ])
        #expect(script.steps.allSatisfy { $0.input == nil })
    }

    @Test("signed and unsigned wheel counts, the extremes of Int included, and the latest time parse")
    func extremes() throws {
        let script = try GestureScript.parse("wheel +3 @0\nwheel 2 @1\nwheel -9223372036854775808 @2\nwheel 9223372036854775807 @1e9\n")
        #expect(script.steps.map(\.action) == [.wheel(3), .wheel(2), .wheel(.min), .wheel(.max)])
        #expect(script.steps.last?.time == GestureScript.maximumTime)
    }

    @Test("a time that goes backwards is named by its line")
    func backwards() {
        #expect(throws: GestureScriptError(line: 3, message: "time 40 ms goes backwards (the step before is at 100 ms)")) {
            try GestureScript.parse("down 1 1 @0\nmove 2 2 @100\nmove 3 3 @40\n")
        }
    }
}

@Suite("Headless replay")
struct ReplayTests {
    func replay(_ text: String, _ settings: ReplaySettings) throws -> (lines: [[String: Any]], summary: ReplaySummary) {
        var lines: [String] = []
        let summary = GestureReplay.run(try GestureScript.parse(text), settings: settings) { lines.append($0) }
        lines.append(summary.jsonLine)
        let objects = try lines.map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        }
        return (objects, summary)
    }

    let settings = ReplaySettings(pageSize: Size(width: 800, height: 1000), pageCount: 10)

    @Test("a drag that commits: events with their times, frames with the geometry, the summary")
    func commit() throws {
        let (lines, summary) = try replay("""
            down 700 500 @0
            move 600 505 @50
            move 450 510 @100
            up @120
            """, settings)
        #expect(summary == ReplaySummary(page: 1, pages: 10, turns: 1, cancels: 0))
        let events = lines.compactMap { $0["event"] as? String }
        #expect(events == ["turnStarted", "settling", "turnCommitted"])
        let committed = lines.first { $0["event"] as? String == "turnCommitted" }!
        #expect(committed["from"] as? Int == 0 && committed["to"] as? Int == 1)
        let frames = lines.filter { $0["frame"] != nil }
        #expect(!frames.isEmpty)
        let dragging = frames.first { $0["state"] as? String == "dragging" }!
        let classic = dragging["classic"] as! [String: Any]
        #expect(Set(classic.keys).isSuperset(of: ["x", "back", "shadow", "margin", "clip"]))
        #expect(frames.last?["state"] as? String == "idle")
        #expect(lines.last?["page"] as? Int == 1 && lines.last?["turns"] as? Int == 1)
    }

    @Test("the cylinder frames give the fold line, the radius and the vertex count")
    func cylinder() throws {
        var s = settings
        s.curl = .cylinder
        let (lines, _) = try replay("down 700 500 @0\nmove 400 480 @100\nup @200\n", s)
        let frame = lines.first { $0["state"] as? String == "dragging" }!
        let cylinder = frame["cylinder"] as! [String: Any]
        #expect((cylinder["fold"] as? [Double])?.count == 4)
        #expect((cylinder["radius"] as? Double ?? 0) > 0)
        #expect((8...60).contains(cylinder["vertices"] as? Int ?? 0), "a strip mesh: a few dozen vertices")
    }

    @Test("taps, toolbars, boundaries, long presses and keys all appear")
    func otherEvents() throws {
        var s = settings
        s.startPage = 9
        let (lines, summary) = try replay("""
            down 400 500 @0
            up @50            # middle: toolbars
            down 400 500 @100
            up @700           # long press
            key next @800     # last page
            key prev @900
            down 700 500 @1500
            move 300 500 @1600
            cancel @1650
            """, s)
        let events = lines.compactMap { $0["event"] as? String }
        #expect(events == ["tap", "toolbars", "selectionStarted", "selectionEnded", "boundary", "turnStarted", "settling", "turnCommitted",
                           "turnStarted", "settling", "turnCancelled"])
        #expect(lines.first { $0["event"] as? String == "tap" }?["zone"] as? String == "middle")
        #expect(summary == ReplaySummary(page: 8, pages: 10, turns: 1, cancels: 1))
    }

    @Test("a tap line gives its zone, its action and where the pointer let go; the shown toolbars' taps are pressToolbar")
    func tapLines() throws {
        let (lines, _) = try replay("""
            down 400 500 @0
            move 404 503 @20
            up 405.5 503 @50  # middle: shows the toolbars
            down 300 40 @100
            up @130           # on the top toolbar
            """, settings)
        let taps = lines.filter { $0["event"] as? String == "tap" }
        #expect(taps.count == 2)
        #expect(taps.first?["zone"] as? String == "middle" && taps.first?["action"] as? String == "toggleToolbars")
        #expect(taps.first?["x"] as? Double == 405.5 && taps.first?["y"] as? Int == 503)
        #expect(taps.last?["zone"] as? String == "toolbar" && taps.last?["action"] as? String == "pressToolbar")
        #expect(taps.last?["x"] as? Int == 300 && taps.last?["y"] as? Int == 40)
    }

    @Test("an idle stretch is skipped, not ticked through: a step at 10⁹ ms is quick and prints nothing in between")
    func idleSkipped() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let (lines, summary) = try replay("down 750 500 @0\nup @50\ntick @1000000000\nkey next @1e9\n", settings)
        #expect(start.duration(to: clock.now) < .seconds(5))
        #expect(summary == ReplaySummary(page: 2, pages: 10, turns: 2, cancels: 0))
        let frames = lines.filter { $0["frame"] != nil }
        #expect(frames.count < 60, "\(frames.count) frames")
        // The key at 10⁹ ms is ticked like any other: frames follow it every 1000/60 ms until it lands.
        let late = frames.filter { ($0["t"] as? Double ?? 0) >= 1e9 }
        #expect(late.count >= 18 && late.last?["state"] as? String == "idle")
        #expect(lines.first { $0["event"] as? String == "turnCommitted" && ($0["t"] as? Double ?? 0) >= 1e9 }?["t"] as? Double == 1e9 + 300)
    }

    @Test("a page held still prints one frame, not one a tick; a press held still still becomes a long press on time")
    func heldStillSkipped() throws {
        let (lines, summary) = try replay("down 700 500 @0\nmove 600 505 @50\nmove 450 510 @100\ntick @100000\nup @100000\n", settings)
        #expect(summary.turns == 1)
        let frames = lines.filter { $0["frame"] != nil }
        #expect(frames.count < 60, "\(frames.count) frames for a drag held 100 s")
        #expect(frames.contains { $0["state"] as? String == "dragging" && ($0["t"] as? Double ?? 0) >= 100 })
        let (pressed, _) = try replay("down 400 500 @0\ntick @100000\nup @100000\n", settings)
        let longPress = try #require(pressed.first { $0["event"] as? String == "selectionStarted" })
        #expect(longPress["t"] as? Double == TurnConfig.standard.longPressTimeout)
        #expect(pressed.filter { $0["frame"] != nil }.count < 60)
    }

    @Test("set-up steps change the replay's machine as the reader changes its own, and are printed")
    func setupChanges() throws {
        // At 400 px wide, a 100 px drag is a quarter of the page: past the commit line (0.2).
        // At 800 px it would be an eighth, and cancel. Then a jump, a direction and a curl.
        let (lines, summary) = try replay("""
            resize 400 500 @0
            down 380 250 @10
            move 330 250 @60
            move 280 250 @110
            up @130
            pages 50 30 @1000
            progression rtl @1000
            curl none @1000
            down 20 250 @1100
            move 120 250 @1200
            move 220 250 @1250
            up @1260
            """, settings)
        #expect(lines.compactMap { $0["setup"] as? String } == ["resize", "pages", "progression", "curl"])
        let pages = lines.first { $0["setup"] as? String == "pages" }!
        #expect(pages["count"] as? Int == 50 && pages["page"] as? Int == 30)
        let committed = lines.filter { $0["event"] as? String == "turnCommitted" }
        #expect(committed.map { $0["to"] as? Int } == [1, 31], "a drag to the right turns on in a right-to-left book")
        #expect(!lines.contains { $0["classic"] != nil && ($0["t"] as? Double ?? 0) > 1000 }, "no classic frames under `none`")
        #expect(summary.page == 31)
    }

    @Test("with spreads the page moves by two on a commit and frames give the leaf's geometry, per model")
    func spreads() throws {
        for curl in [CurlModel.classic, .cylinder, .slide] {
            let s = ReplaySettings(pageSize: Size(width: 1600, height: 1000), pageCount: 9, curl: curl, spread: true)
            let (lines, summary) = try replay("down 1500 500 @0\nmove 1400 500 @50\nmove 1200 500 @100\nup @120\n", s)
            #expect(summary == ReplaySummary(page: 2, pages: 9, turns: 1, cancels: 0))
            let dragging = try #require(lines.first { $0["state"] as? String == "dragging" })
            let leaf = try #require(dragging[curl.rawValue] as? [String: Any])
            #expect(leaf["spine"] as? Double == 800 && leaf["side"] as? String == "right", "\(leaf)")
            #expect((leaf["leaf"] as? [Double]) == [800, 0, 800, 1000])
            let keys: Set<String> = curl == .classic ? ["x", "clip", "back", "backSource", "shadow", "margin"]
                : curl == .cylinder ? ["fold", "radius", "vertices", "triangles"] : ["current", "incoming"]
            #expect(Set(leaf.keys).isSuperset(of: keys), "\(curl): \(leaf.keys.sorted())")
        }
    }

    @Test("the none model lands every turn at once")
    func noneModel() throws {
        var s = settings
        s.curl = .none
        let (lines, summary) = try replay("key next @0\nkey next @10\n", s)
        #expect(summary.page == 2)
        #expect(lines.filter { $0["event"] as? String == "turnCommitted" }.map { $0["t"] as? Int } == [0, 10])
    }
}
