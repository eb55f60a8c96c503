import Foundation
import PageTurner
import Reader
import ReaderState
import ReaderTestSupport
import Testing

/// Two-page spreads, in the session: which layout a window gets, the reading
/// position across layouts, turns by a spread, the toolbars' range, the choice saved.
@Suite("Spreads in a session")
struct SpreadSessionTests {
    @Test("auto shows a spread at 1600 × 1000 and one page at 800 × 1000; single and spread force it")
    func autoPicks() throws {
        #expect(try Fixture.session(width: 1600, height: 1000).spread != nil)
        #expect(try Fixture.session(width: 800, height: 1000).spread == nil)
        #expect(try Fixture.session(width: 1600, height: 1000) { $0.preferences.spreadMode = .single }.spread == nil)
        #expect(try Fixture.session(width: 1000, height: 1000) { $0.preferences.spreadMode = .spread }.spread != nil)
    }

    @Test("each page of a spread is laid out for half the window less half the gutter")
    func pageSize() throws {
        let session = try Fixture.session(width: 1600, height: 1000)
        #expect(session.layout.settings.pageWidth == 784 && session.layout.settings.pageHeight == 1000)
        #expect(session.machine.isSpread && session.machine.turnSize.width == 800)
    }

    @Test("a spread's pages face each other (they end level); a single page's do not")
    func facingPages() throws {
        #expect(try Fixture.session(width: 1600, height: 1000).layout.settings.facingPages)
        #expect(try !Fixture.session(width: 800, height: 1000).layout.settings.facingPages)
        let session = try Fixture.session(width: 800, height: 1000)
        session.resize(to: Size(width: 1600, height: 1000))
        #expect(session.layout.settings.facingPages, "and a resize into spreads lays the pages out facing")
    }

    @Test("the reading position is kept across layouts and resizes: the spread shown holds it")
    func positionKept() throws {
        let session = try Fixture.session(width: 800, height: 1000)
        ScriptedInput.play(try ReaderScript.parse("press g 7 Return @100\n"), on: session)
        let position = session.position
        #expect(session.page == 6)
        session.resize(to: Size(width: 1600, height: 1000))
        #expect(session.spread != nil && session.page % 2 == 0)
        #expect(session.position == position, "a resize alone does not move the place")
        #expect((session.page...session.page + 1).contains(session.layout.page(containing: position)))
        session.setSpreadMode(.single)
        session.advance(to: 200)
        #expect(session.spread == nil && session.layout.page(containing: position) == session.page)
        session.setSpreadMode(.spread)
        session.resize(to: Size(width: 800, height: 1000))
        #expect(session.spread != nil, "a forced spread stays while its pages are 160 px wide")
        session.resize(to: Size(width: 300, height: 1000))
        #expect(session.spread == nil, "a window too narrow for two pages shows one")
        #expect(session.layout.page(containing: position) == session.page)
    }

    @Test("a drag turns the leaf by a spread; the toolbars show the range")
    func turnBySpread() throws {
        let session = try Fixture.session(width: 1600, height: 1000)
        ScriptedInput.play(try ReaderScript.parse("""
            down 1500 500 @0
            move 1400 502 @40
            move 1100 510 @120
            up @140
            tick @900
            key toolbars @1000
            tick @1400
            """), on: session)
        #expect(session.page == 2)
        #expect(session.position == session.layout.range(ofPage: 2).lowerBound)
        let bars = try #require(session.scene.toolbars)
        #expect(Toolbars.progress(bars.content).hasPrefix("3–4 / "), "\(Toolbars.progress(bars.content))")
    }

    @Test("the last spread of an odd number of pages shows one page and its number alone")
    func lastSpread() throws {
        let session = try Fixture.session(width: 1600, height: 1000)
        ScriptedInput.play(try ReaderScript.parse("key last @0\ntick @900\nkey toolbars @1000\ntick @1400\n"), on: session)
        let count = session.pageCount
        #expect(session.page == (count - 1) / 2 * 2)
        let label = Toolbars.progress(try #require(session.scene.toolbars).content)
        #expect(label.hasPrefix(count % 2 == 1 ? "\(count) / " : "\(count - 1)–\(count) / "), "\(label)")
    }

    @Test("the toolbar's Pages button cycles auto, single, spread; the choice is saved with the book")
    func savedWithTheBook() throws {
        let folder = StateFolder()
        let store = folder.store
        let session = try Fixture.session(width: 1600, height: 1000)
        let keeper = SessionPersistence(store: store, book: session.book)
        keeper.attach(to: session)
        session.handle(.key(.character("m"), shift: false), at: 0)
        session.advance(to: 400)
        let bars = Toolbars(zones: session.preferences.zones)
        let button = try #require(bars.buttons(size: session.pageSize).first { $0.0 == .layout }?.1)
        let centre = Point(x: button.minX + button.width / 2, y: button.minY + button.height / 2)
        session.handle(.pointerDown(id: 0, at: centre), at: 500)
        session.handle(.pointerUp(id: 0, at: centre), at: 540)
        session.advance(to: 700)
        #expect(session.preferences.spreadMode == .single && session.spread == nil)
        keeper.finish(session)
        guard case .loaded(let saved) = store.load(keeper.key) else { Issue.record("the state was saved"); return }
        #expect(saved.settings["layout"] == .string("single"))
        let reopened = try Fixture.session(width: 1600, height: 1000) { SessionPersistence(store: store, book: try! Fixture.book()).load(into: &$0) }
        #expect(reopened.preferences.spreadMode == .single && reopened.spread == nil)
    }

    @Test("right to left, the spread's first page is on the right and a drag to the right turns on")
    func rightToLeft() throws {
        let session = try Fixture.session(width: 1600, height: 1000) { $0.preferences.progression = .rightToLeft }
        #expect(session.scene.rightToLeft && LeafSide.of(page: session.page, rightToLeft: true) == .right)
        ScriptedInput.play(try ReaderScript.parse("down 100 500 @0\nmove 200 500 @40\nmove 500 505 @120\nup @140\ntick @900\n"),
                           on: session)
        #expect(session.page == 2)
    }
}
