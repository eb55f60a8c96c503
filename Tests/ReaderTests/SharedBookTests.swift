import Foundation
import Testing
@testable import ReaderState
@testable import Reader
import ReaderTestSupport

/// Two reading sessions on one book and one state folder (two windows, or a window and a
/// script): every save merges with the other's, and at each save a session's bookmark list
/// comes to be the one on disk (at its next tick), without moving its reader.
@Suite struct SharedBookTests {
    /// A session on the sample book keeping its state in `folder`, opened at `page`.
    static func open(_ folder: StateFolder, atPage page: Int) throws -> (ReaderSession, SessionPersistence) {
        let keeper = SessionPersistence(store: folder.store, book: try Fixture.book())
        keeper.report = { Issue.record("reported: \($0)") }
        let session = try Fixture.session { keeper.load(into: &$0) }
        session.jump(toPage: page)
        keeper.attach(to: session)
        return (session, keeper)
    }

    /// Bookmarks the page shown as `name` and waits for the save that makes.
    static func mark(_ name: String, in session: ReaderSession, _ keeper: SessionPersistence) {
        session.addBookmark(name: name)
        keeper.flush()
    }

    /// Turns to the next page and waits for the save that makes.
    static func turnPage(_ session: ReaderSession, _ keeper: SessionPersistence) {
        session.handle(.key(.right, shift: false), at: session.now)
        session.advance(to: session.now + 900)
        keeper.flush()
    }

    @Test func twoSessionsEachKeepTheirBookmarksAndTheFirstLearnsOfTheSecondsWhenItSavesAgain() throws {
        let folder = StateFolder()
        let (first, firstKeeper) = try Self.open(folder, atPage: 2)
        let (second, secondKeeper) = try Self.open(folder, atPage: 5)

        Self.mark("first's", in: first, firstKeeper)
        Self.mark("second's", in: second, secondKeeper)
        let saved = folder.store.load(firstKeeper.key).state
        #expect(saved.bookmarks.map(\.name) == ["first's", "second's"])
        #expect(saved.position == second.position, "the last to save wins the position")

        first.advance(to: 100)
        #expect(first.bookmarks.map(\.name) == ["first's"], "nothing is known of the other's before this one saves again")
        Self.turnPage(first, firstKeeper)
        let position = first.position
        first.advance(to: first.now + 100)
        #expect(first.bookmarks == saved.bookmarks, "the other's bookmark adopted at the tick after the save")
        #expect(first.position == position && first.page == 3, "the reader did not move")
        second.advance(to: 100)
        #expect(second.bookmarks == saved.bookmarks, "the saver already had both")

        firstKeeper.finish(first)
        #expect(folder.store.load(firstKeeper.key).state.bookmarks == saved.bookmarks, "and saving again keeps both")
    }

    @Test func aBookmarkRemovedInOneSessionLeavesTheOthersListToo() throws {
        let folder = StateFolder()
        let (setUp, setUpKeeper) = try Self.open(folder, atPage: 1)
        Self.mark("shared", in: setUp, setUpKeeper)

        let (first, firstKeeper) = try Self.open(folder, atPage: 3)
        let (second, secondKeeper) = try Self.open(folder, atPage: 4)
        #expect(first.bookmarks.map(\.name) == ["shared"] && second.bookmarks.map(\.name) == ["shared"])
        first.removeBookmark(at: 0)
        firstKeeper.flush()
        Self.mark("second's", in: second, secondKeeper)
        #expect(folder.store.load(secondKeeper.key).state.bookmarks.map(\.name) == ["second's"],
                "the removal is not undone by the other's save")
        second.advance(to: 100)
        #expect(second.bookmarks.map(\.name) == ["second's"])
        Self.turnPage(first, firstKeeper)
        first.advance(to: first.now + 100)
        #expect(first.bookmarks.map(\.name) == ["second's"])
    }

    @Test func adoptingKeepsTheChangesMadeSinceTheLastWrite() throws {
        let folder = StateFolder()
        let (first, firstKeeper) = try Self.open(folder, atPage: 2)
        let (second, secondKeeper) = try Self.open(folder, atPage: 5)
        Self.mark("second's", in: second, secondKeeper)
        Self.mark("first's", in: first, firstKeeper)  // merges "second's" in; not adopted yet
        first.onChange = nil  // the next change stays in the session only
        first.jump(toPage: 7)
        first.addBookmark(name: "unsaved")
        #expect(firstKeeper.adoptMerged(into: first))
        #expect(first.bookmarks.map(\.name) == ["first's", "second's", "unsaved"])
        #expect(first.page == 7)
    }
}
