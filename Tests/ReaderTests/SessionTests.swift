import Foundation
import PageTurner
import Pagination
import Reader
import ReaderState
import ReaderTestSupport
import Testing

/// The session driven without a window: scripts delivered as the event loop would
/// (`ScriptedInput`), inputs and time handed in directly.
@Suite struct SessionTests {
    static let script = """
        # drag from the right edge to the left: the next page
        down 760 500 @0
        move 740 502 @20
        move 600 505 @60
        move 420 510 @100
        up @120
        # a tap in the right quarter: the next page
        down 720 600 @1000
        up @1040
        # go to page 5
        press g @2000
        type 5 @2050
        press Return @2100
        # a bookmark with the default name
        press b @3000
        press Return @3050
        # a larger font
        press plus @4000
        """

    @Test func aScriptedSessionEndsOnTheExpectedPageWithTheExpectedBookmark() throws {
        let session = try Fixture.session()
        var pagesAfter: [Int: Int] = [:]
        let firstLayout = session.layout
        let frames = ScriptedInput.play(try ReaderScript.parse(Self.script), on: session) { step in
            pagesAfter[step.line] = session.page
        }

        // What the layouts say, computed apart from the session.
        let fonts = try Fixture.fonts()
        let offset = firstLayout.range(ofPage: 4).lowerBound
        let larger = PageMargins.layoutSettings(pageSize: session.pageSize, fontSize: 20)
        let map = Paginator(text: session.book.text, settings: larger, advances: fonts.advanceTable(pixelSize: 20)).paginate()

        #expect(pagesAfter[11] == 2, "after the drag (settled by the tap's time) and the tap: page 3")
        #expect(pagesAfter[15] == 4, "go to page 5")
        #expect(session.preferences.fontSize == 20)
        #expect(session.bookmarks.count == 1)
        #expect(session.bookmarks.first?.offset == offset)
        let created = try #require(session.bookmarks.first?.created)
        #expect(abs(created.timeIntervalSince(session.dateOrigin) - 3.05) < 0.001,
                "dated on the script's time line (the Return at 3050 ms), not by the wall clock")
        let words = session.book.text.string(offset..<(offset + 200)).split(whereSeparator: \.isWhitespace)
            .drop { !$0.contains(where: \.isLetter) }
        #expect(session.bookmarks.first?.name.hasPrefix(String(words.first ?? "")) == true)
        #expect(session.page == map.page(containing: offset), "the page that holds the bookmarked page's start")
        #expect(session.position == offset, "the reading position survives the new font size")
        #expect(session.openPanel == nil)
        #expect(frames > 100, "frames ticked through every turn and resize")
    }

    @Test func theDragAloneTurnsAndAFingerTurnsBack() throws {
        let session = try Fixture.session()
        var pages: [Int] = []
        ScriptedInput.play(try ReaderScript.parse("""
            down 760 500 @0
            move 700 502 @20
            move 420 510 @100
            up @120
            tick @600
            down 100 500 @700 id=3
            move 200 500 @720 id=3
            move 500 505 @800 id=3
            up @820 id=3
            tick @1400
            wheel +2 @1500
            tick @2400
            """), on: session) { step in if case .gesture(.tick) = step.action { pages.append(session.page) } }
        #expect(pages == [1, 0, 2])
    }

    @Test func aWrongPageNumberKeepsTheDialogOpen() throws {
        let session = try Fixture.session()
        ScriptedInput.play(try ReaderScript.parse("press g @0\ntype 9999 @10\npress Return @20\n"), on: session)
        #expect(session.openPanel == "goTo")
        #expect(session.page == 0)
    }

    @Test func theSessionRestoresPositionAndBookmarksFromItsState() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = StateStore(directory: folder)

        let first = try Fixture.session()
        let keeper = SessionPersistence(store: store, book: first.book)
        keeper.attach(to: first)
        for (k, t) in [(0, 0.0), (1, 1000.0), (2, 2000.0)] {
            first.handle(.key(.right, shift: false), at: t)
            first.advance(to: t + 900)
            #expect(first.page == k + 1)
        }
        first.addBookmark(name: "Down the hole")
        first.handle(.key(.plus, shift: false), at: 4000)
        first.handle(.quit, at: 4100)
        keeper.finish(first)
        let savedPosition = first.position
        #expect(savedPosition == first.layout.range(ofPage: first.page).lowerBound || first.preferences.fontSize == 20)

        let second = try Fixture.session { start in
            SessionPersistence(store: store, book: try! Fixture.book()).load(into: &start)
        }
        #expect(second.position == savedPosition)
        #expect(second.preferences.fontSize == 20)
        #expect(second.page == first.page)
        #expect(second.bookmarks.map(\.name) == ["Down the hole"])
        #expect(second.bookmarks.map(\.offset) == first.bookmarks.map(\.offset))
    }

    @Test func savedOffsetsBeyondTheBookAreClampedToIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = StateStore(directory: folder)
        let book = try Fixture.book()
        let n = book.text.scalarCount
        let when = Date(timeIntervalSince1970: 1_000_000)
        try store.save(BookState(position: n + 5000, bookmarks: [
            Bookmark(name: "early", offset: 10, created: when),
            Bookmark(name: "from a longer edition", offset: n + 12_345, created: when),
            Bookmark(name: "also past the end", offset: n + 100, created: when),
        ]), for: SessionPersistence(store: store, book: book).key)

        let session = try Fixture.session { SessionPersistence(store: store, book: try! Fixture.book()).load(into: &$0) }
        #expect(session.position == n - 1)
        #expect(session.page == session.pageCount - 1)
        #expect(session.bookmarks.map(\.offset) == [10, n - 1], "two that land on the same offset are one")
        #expect(session.bookmarks.map(\.name) == ["early", "from a longer edition"])
        #expect(session.bookmarks.allSatisfy { (0..<n).contains($0.offset) })
    }

    @Test func aFontSizeChangeUnderAFingerWaitsForTheDragToEnd() throws {
        let session = try Fixture.session()
        let oldLayout = session.layout
        dragHalfway(session)
        session.setFontSize(20)
        #expect(session.machine.phase == .dragging, "the drag goes on")
        #expect(session.layout === oldLayout, "laid out again only once the page is down")
        session.handle(.pointerMove(id: 1, at: Point(x: 300, y: 512)), at: 100)
        session.handle(.pointerUp(id: 1, at: Point(x: 300, y: 512)), at: 120)
        session.advance(to: 2000)
        #expect(session.machine.phase == .idle)
        #expect(session.layout !== oldLayout, "the new layout once idle")
        let offset = oldLayout.range(ofPage: 1).lowerBound
        #expect(session.position == offset, "the drag turned to page 2")
        #expect(session.page == session.layout.page(containing: offset))
    }

    @Test func aResizeUnderAFingerDropsTheTurnAndLaysOutAtOnce() throws {
        let session = try Fixture.session()
        let oldLayout = session.layout
        let position = session.position
        dragHalfway(session)
        session.resize(to: Size(width: 700, height: 900))
        #expect(session.layout !== oldLayout, "pages for the old size are never drawn at the new one")
        #expect(session.layout.settings.pageWidth == 700)
        #expect(session.machine.phase == .idle, "the turn is dropped")
        #expect(session.position == position, "the reading position stays")
        // The finger goes on moving and lifts: nothing turns.
        session.handle(.pointerMove(id: 1, at: Point(x: 200, y: 512)), at: 100)
        session.handle(.pointerUp(id: 1, at: Point(x: 200, y: 512)), at: 120)
        session.advance(to: 2000)
        #expect(session.position == position)
        #expect(session.page == session.layout.page(containing: position))
    }

    @Test func aWindowBeingResizedStartsTheFullPassOnlyOnceTheSizeSettles() throws {
        let session = try Fixture.session { $0.backgroundLayout = true }
        session.waitForLayout()
        var t = 1000.0
        var layouts: [BookLayout] = []
        for width in stride(from: 780, through: 600, by: -20) {
            session.handle(.resize(Size(width: Double(width), height: 1000)), at: t)
            session.advance(to: t)
            layouts.append(session.layout)
            #expect(session.layout.isPassHeldBack, "width \(width): no pass while the size keeps changing")
            t += 16
        }
        #expect(Set(layouts.map(ObjectIdentifier.init)).count == layouts.count, "each size is laid out (its first page)")
        session.advance(to: t - 16 + ReaderSession.fullPassDelay - 1)
        #expect(session.layout.isPassHeldBack)
        session.advance(to: t - 16 + ReaderSession.fullPassDelay)
        #expect(!session.layout.isPassHeldBack, "the pass starts once the size has held still")
        session.waitForLayout()
        #expect(session.layout.isExact)
        #expect(session.page == session.layout.page(containing: session.position))
    }

    @Test("a turn already let go lands before a resize, a progression change or a quit",
          arguments: ["resize", "progression", "quit"])
    func aTurnStillLandingIsNotLost(_ change: String) throws {
        let session = try Fixture.session()
        let next = session.layout.range(ofPage: 1).lowerBound
        session.handle(.key(.right, shift: false), at: 100)
        session.advance(to: 150)
        #expect(!session.machine.isAtRest, "the page is still on its way")
        #expect(session.position == 0)
        switch change {
        case "resize": session.resize(to: Size(width: 700, height: 900))
        case "progression": session.setProgression(.rightToLeft)
        default: session.handle(.quit, at: 150)
        }
        #expect(session.position == next, "\(change): the reading position is the page turned to")
        session.advance(to: 2000)
        #expect(session.position == next)
        #expect(session.layout.range(ofPage: session.page).contains(next))
    }

    @Test func escapeClosesWhatIsOpenAndNeverQuitsButQDoes() throws {
        let session = try Fixture.session()
        ScriptedInput.play(try ReaderScript.parse("press b @100\npress Escape @200\npress Escape @300\npress m @400\n"
                                                  + "press Escape @500\npress Escape @600\n"), on: session)
        #expect(session.openPanel == nil, "the bookmarks closed")
        #expect(!session.machine.toolbarsShown, "the toolbars hid")
        #expect(!session.quitRequested, "no Esc closed the book")
        // Then a key is read as usual, and q quits.
        ScriptedInput.play(try ReaderScript.parse("press Right @700\npress q @1500\n"), on: session)
        #expect(session.page == 1)
        #expect(session.quitRequested)
    }

    @Test func aDragAlongAToolbarTurnsNoPageAndAClickOnItsButtonStillWorks() throws {
        let session = try Fixture.session()
        session.handle(.key(.character("m"), shift: false), at: 0)
        session.advance(to: 400)
        #expect(session.machine.toolbarsShown)
        // Along the bottom toolbar, right to left, far past the commit distance.
        let y = session.pageSize.height - 20
        session.handle(.pointerDown(id: 0, at: Point(x: 760, y: y)), at: 500)
        for k in 1...10 { session.handle(.pointerMove(id: 0, at: Point(x: 760 - 60 * Double(k), y: y)), at: 500 + 10 * Double(k)) }
        session.handle(.pointerUp(id: 0, at: nil), at: 620)
        session.advance(to: 2000)
        #expect(session.page == 0, "the page under the toolbar stayed")
        // A click on the Margins button still presses it.
        let bars = Toolbars(zones: session.preferences.zones)
        let button = try #require(bars.buttons(size: session.pageSize).first { $0.0 == .margins }?.1)
        let centre = Point(x: button.minX + button.width / 2, y: button.minY + button.height / 2)
        let before = session.preferences.margins
        session.handle(.pointerDown(id: 0, at: centre), at: 2100)
        session.handle(.pointerUp(id: 0, at: centre), at: 2140)
        #expect(session.preferences.margins != before)
    }

    @Test func aToolbarButtonIsNotPressedWhenTheBarsWentAwayDuringTheClick() throws {
        let session = try Fixture.session()
        session.handle(.key(.character("m"), shift: false), at: 0)
        session.advance(to: 400)
        let bars = Toolbars(zones: session.preferences.zones)
        let button = try #require(bars.buttons(size: session.pageSize).first { $0.0 == .margins }?.1)
        let centre = Point(x: button.minX + button.width / 2, y: button.minY + button.height / 2)
        let before = session.preferences.margins
        session.handle(.pointerDown(id: 0, at: centre), at: 500)
        session.handle(.key(.character("m"), shift: false), at: 520)  // the bars hide meanwhile
        session.handle(.pointerUp(id: 0, at: centre), at: 540)
        #expect(session.preferences.margins == before)
    }

    @Test func digitsTypedRightAfterGoToAreNotLost() throws {
        let session = try Fixture.session()
        ScriptedInput.play(try ReaderScript.parse("press g 5 Return @100\n"), on: session)
        #expect(session.page == 4, "the 5 read in the same batch as the g is typed once")
        #expect(session.openPanel == nil)
    }

    /// Presses near the right edge and drags the page halfway (times 0…80 ms).
    private func dragHalfway(_ session: ReaderSession) {
        session.handle(.pointerDown(id: 1, at: Point(x: 760, y: 500)), at: 0)
        session.handle(.pointerMove(id: 1, at: Point(x: 600, y: 505)), at: 40)
        session.handle(.pointerMove(id: 1, at: Point(x: 420, y: 510)), at: 80)
        #expect(session.machine.phase == .dragging)
    }

    @Test func anEmptyBookIsOneBlankPage() throws {
        for background in [false, true] {
            var start = ReaderStart()
            start.backgroundLayout = background
            start.pageCache = nil
            let session = ReaderSession(book: Book(text: BookText(normalizedUTF8: []), title: "empty"),
                                        fonts: try Fixture.fonts(), pageSize: Size(width: 400, height: 600), start: start)
            session.waitForLayout()
            #expect(session.pageCount == 1)
            #expect(session.page == 0 && session.position == 0)
            #expect(session.layout.range(ofPage: 0) == 0..<0)
            #expect(session.layout.lines(onPage: 0).isEmpty)
        }
    }

    @Test func aLayoutPassStillRunningIsNotAnimation() throws {
        let session = try Fixture.session { $0.backgroundLayout = true }
        #expect(!session.isAnimating, "nothing moves: the loop may sleep (and polls the pass on its timeout)")
        session.waitForLayout()
        #expect(!session.isAnimating)
    }

    @Test func pagesTurnedWhileTheFullPassRunsLandOnTheExpectedOffset() throws {
        let exact = try Fixture.session()
        let expected = exact.layout.range(ofPage: 3).lowerBound
        let session = try Fixture.session { $0.backgroundLayout = true }
        ScriptedInput.play(try ReaderScript.parse("""
            press Right @0
            press Right @800
            press Right @1600
            tick @2400
            """), on: session)
        #expect(session.position == expected, "three pages on: the fourth page's first character")
        session.waitForLayout()
        #expect(session.isLayoutExact)
        #expect(session.position == expected)
        #expect(session.page == 3)
        #expect(session.layout.range(ofPage: session.page).lowerBound == expected)
    }

    @Test func aDamagedStateOpensAtTheStartAndSaysSoOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = StateStore(directory: folder)
        let book = try Fixture.book()
        let keeper = SessionPersistence(store: store, book: book)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: store.fileURL(for: keeper.key))
        let reports = Reports()
        keeper.report = reports.append
        let session = try Fixture.session { keeper.load(into: &$0) }
        #expect(session.page == 0 && session.position == 0)
        #expect(reports.lines.count == 1)
        #expect(session.isAnimating, "a notice is on screen")
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(aside.count == 2 && aside[0].hasPrefix(keeper.key.hex + ".json.corrupt-")
                && aside[1] == keeper.key.hex + ".json.lock", "moved aside (under the book's lock): \(aside)")

        keeper.attach(to: session)
        #expect(keeper.savesState, "a damaged file is no reason not to save")
        session.handle(.key(.right, shift: false), at: 0)
        session.advance(to: 900)
        keeper.finish(session)
        #expect(store.load(keeper.key) == .loaded(SessionPersistence.state(of: session)))
        #expect(reports.lines.count == 1)
    }
}

/// The go-to dialog, the bookmarks and the contents, driven by keys.
@Suite struct PanelTests {
    @Test func bookmarksJumpAndDeleteContentsJump() throws {
        let session = try Fixture.session()
        var seen: [Int: (page: Int, bookmarks: Int, panel: String?)] = [:]
        ScriptedInput.play(try ReaderScript.parse("""
            press End @0
            tick @1000
            press b @1100
            type Near the end @1150
            press Return @1200
            press Home @1300
            tick @2300
            press b @2400
            press Down Return @2500
            tick @2600
            press b @2700
            press Down Delete @2800
            press Escape @2900
            press t @3000
            press Down Return @3100
            """), on: session) { step in seen[step.line] = (session.page, session.bookmarks.count, session.openPanel) }
        let last = session.layout.pageCount - 1
        #expect(seen[2]?.page == last)
        #expect(seen[5]?.bookmarks == 1)
        #expect(session.bookmarks.isEmpty)
        #expect(seen[9]?.page == last, "a bookmark row jumps to its page")
        #expect(seen[12]?.bookmarks == 0, "Delete removes the selected bookmark")
        let second = try #require(session.book.chapters.dropFirst().first)
        #expect(session.page == session.layout.page(containing: second.offset), "the contents jump to chapter two")
        #expect(session.openPanel == nil)
    }
}
