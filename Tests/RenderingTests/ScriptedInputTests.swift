import Foundation
import PageTurner
import Reader
import Rendering
import Testing

extension Rendering {
    /// `ScriptedInput`, which session tests use to play scripts without SDL, delivers what the
    /// window's event loop delivers from SDL's event queue.
    @Suite struct ScriptedInputTests {
        /// Drags by mouse and by fingers, taps on the toolbars, keys typed into panels in the
        /// same batch as the key that opened them, the wheel, focus lost mid-drag, a resize, a
        /// trackpad swipe (deltas that SDL's single-precision scroll units carry exactly), then
        /// a wide window's spread and a leaf dragged over the spine.
        static let script = """
            down 760 500 @0
            move 740 502.4 @20
            move 420 510.6 @100
            up @120
            down 100 500 @700 id=3
            move 300.3 505 @760 id=3
            down 500 500 @780 id=4
            up @800 id=3
            up @820 id=4
            key toolbars @1500
            down 560 960 @2000
            up 560 960 @2040
            press Escape @2600
            press g 7 Return @3000
            press b M @3500
            type ed @3550
            press Return @3600
            wheel +2 @4000
            down 700 400 @5000
            move 500 410 @5050
            cancel @5100
            press t Down Down Return @6000
            resize 700 900 @7000
            press plus shift+Space @7500
            press b Down Delete Escape @8000
            key last @9000
            tick @9800
            scroll 20 0 @10000
            scroll 40 0.5 @10016
            scroll 80 0 @10032
            scroll 40 0 @10048
            tick @11000
            resize 1600 1000 @12000
            press Home @12200
            down 1500 500 @12500
            move 1400 502 @12540
            move 1100 510 @12620
            up @12640
            tick @13400
            """

        struct Seen: Equatable {
            var page: Int, position: Int, panel: String?, bookmarks: [String], fontSize: Float, toolbars: Bool, spread: Bool
        }

        static func seen(_ s: ReaderSession) -> Seen {
            Seen(page: s.page, position: s.position, panel: s.openPanel, bookmarks: s.bookmarks.map(\.name),
                 fontSize: s.preferences.fontSize, toolbars: s.toolbarsShown, spread: s.spread != nil)
        }

        @Test func theEventLoopAndScriptedInputLeaveTheSessionInTheSameStateAfterEveryStep() throws {
            let script = try ReaderScript.parse(Self.script)
            let looped = try Fixture.session()
            let loop = EventLoop(session: looped, view: ReaderView(fonts: looped.fonts),
                                 canvas: try Canvas.offscreen(width: 800, height: 1000))
            var throughSDL: [Seen] = []
            loop.afterStep = { _ in throughSDL.append(Self.seen(looped)) }
            try loop.run(script: script)

            let direct = try Fixture.session()
            var delivered: [Seen] = []
            ScriptedInput.play(script, on: direct) { _ in delivered.append(Self.seen(direct)) }

            #expect(delivered.count == script.steps.count)
            for (k, (a, b)) in zip(throughSDL, delivered).enumerated() {
                #expect(a == b, "after line \(script.steps[k].line): \(a) through SDL, \(b) delivered directly")
            }
            #expect(Set(delivered.map(\.page)).count > 4, "the script turns pages: the comparison means something")
            #expect(delivered.contains { $0.bookmarks == ["med"] },
                    "a bookmark named by typing: the m read with the b that opened the panel, then 'ed'")
            #expect(delivered[20].page != delivered[21].page, "the contents jumped")
            let swipe = delivered.count - 7 - 1
            #expect(delivered[swipe].page == delivered[swipe - 5].page - 1, "the swipe turned back a page")
            #expect(delivered.last!.spread && delivered.last!.page == 2, "the wide window shows spreads; the leaf turned from 1–2 to 3–4")
            #expect(Self.seen(looped) == Self.seen(direct))
        }
    }
}
