import PageTurner
import Pagination
import Reader
import ReaderTestSupport
import Testing

/// The progress bar is a scrubber: drag along it, the page picked is shown, let go to go
/// there, and "Back to N" returns.
@Suite struct ScrubberTests {
    /// A session with its toolbars shown, and the bars' geometry.
    func shownToolbars(_ configure: (inout ReaderStart) -> Void = { _ in }) throws -> (ReaderSession, Toolbars, Rect) {
        let session = try Fixture.session(width: 800, height: 1000, configure: configure)
        session.handle(.key(.character("m"), shift: false), at: 0)
        session.advance(to: 400)
        let bars = Toolbars(zones: session.preferences.zones)
        let bar = try #require(bars.progressBar(size: session.pageSize), "a 1000 px window's bottom bar has the progress bar")
        return (session, bars, bar)
    }

    func point(_ bar: Rect, _ fraction: Double) -> Point {
        Point(x: bar.minX + bar.width * fraction, y: bar.minY + 1)
    }

    @Test func draggingShowsThePagePickedAndLettingGoGoesThere() throws {
        let (session, bars, bar) = try shownToolbars()
        let n = session.pageCount
        #expect(n > 4)
        session.handle(.pointerDown(id: 0, at: point(bar, 0.1)), at: 500)
        session.handle(.pointerMove(id: 0, at: point(bar, 0.5)), at: 540)
        session.handle(.pointerMove(id: 0, at: point(bar, 0.75)), at: 580)
        let picked = Int((0.75 * Double(n - 1)).rounded())
        guard case .still(let shown) = session.scene.pages else { Issue.record("a still page while scrubbing"); return }
        #expect(shown == picked, "the page picked is shown")
        #expect(session.scene.toolbars?.content.page == picked && session.scene.toolbars?.content.scrubbing == true)
        #expect(session.page == 0, "nothing is gone to before letting go")
        #expect(session.machine.phase == .idle, "the page under the bar never turns")
        session.handle(.pointerUp(id: 0, at: point(bar, 0.75)), at: 620)
        #expect(session.page == picked)
        #expect(session.scene.toolbars?.content.returnPage == 0)

        // "Back to 1" returns.
        let back = try #require(bars.backButton(size: session.pageSize))
        let centre = Point(x: back.minX + back.width / 2, y: back.minY + back.height / 2)
        session.handle(.pointerDown(id: 0, at: centre), at: 700)
        session.handle(.pointerUp(id: 0, at: centre), at: 740)
        #expect(session.page == 0)
        #expect(session.scene.toolbars?.content.returnPage == nil)
    }

    @Test func aPressOnTheBarGoesToThePageUnderIt() throws {
        let (session, _, bar) = try shownToolbars()
        session.handle(.pointerDown(id: 0, at: point(bar, 1)), at: 500)
        session.handle(.pointerUp(id: 0, at: point(bar, 1)), at: 540)
        #expect(session.page == session.pageCount - 1)
    }

    @Test func aCancelledScrubStaysWhereTheReaderWas() throws {
        let (session, _, bar) = try shownToolbars()
        session.handle(.pointerDown(id: 0, at: point(bar, 0.2)), at: 500)
        session.handle(.pointerMove(id: 0, at: point(bar, 0.9)), at: 540)
        session.handle(.pointerCancel(id: 0), at: 560)
        #expect(session.page == 0)
        guard case .still(let shown) = session.scene.pages else { Issue.record("a still page"); return }
        #expect(shown == 0)
    }

    @Test func inABookReadRightToLeftTheBarRunsFromTheRight() throws {
        let (session, _, bar) = try shownToolbars { $0.preferences.progression = .rightToLeft }
        session.handle(.pointerDown(id: 0, at: point(bar, 0)), at: 500)
        session.handle(.pointerUp(id: 0, at: point(bar, 0)), at: 540)
        #expect(session.page == session.pageCount - 1, "the left end is the last page")
    }
}
