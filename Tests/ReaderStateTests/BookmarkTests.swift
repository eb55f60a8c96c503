import Foundation
import Testing
@testable import ReaderState

@Suite("Bookmarks")
struct BookmarkTests {
    let monday = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let tuesday = Date(timeIntervalSinceReferenceDate: 800_086_400)

    @Test("are kept sorted by offset, whatever order they are made in")
    func sorted() {
        var state = BookState()
        #expect(state.addBookmark(name: "middle", offset: 500, now: monday) == 0)
        #expect(state.addBookmark(name: "end", offset: 900, now: monday) == 1)
        #expect(state.addBookmark(name: "start", offset: 0, now: monday) == 0)
        #expect(state.addBookmark(name: "quarter", offset: 250, now: monday) == 1)
        #expect(state.bookmarks.map(\.name) == ["start", "quarter", "middle", "end"])
        #expect(state.bookmarks.map(\.offset) == [0, 250, 500, 900])
    }

    @Test("a second bookmark at the same offset renames the first instead of doubling it")
    func sameOffsetRenames() {
        var state = BookState()
        state.addBookmark(name: "Chapter 1", offset: 100, now: monday)
        state.addBookmark(name: "Chapter 2", offset: 200, now: monday)
        #expect(state.addBookmark(name: "The Rabbit-Hole", offset: 100, now: tuesday) == 0)
        #expect(state.bookmarks == [
            Bookmark(name: "The Rabbit-Hole", offset: 100, created: monday),
            Bookmark(name: "Chapter 2", offset: 200, created: monday),
        ], "renamed, and still dated from when it was made")
    }

    @Test("a negative offset is taken as the start of the book")
    func negativeOffset() {
        var state = BookState()
        state.addBookmark(name: "start", offset: -3, now: monday)
        #expect(state.bookmarks == [Bookmark(name: "start", offset: 0, created: monday)])
    }

    @Test("removing takes out the one at the index and returns it; an index out of range removes nothing")
    func remove() {
        var state = BookState()
        state.addBookmark(name: "a", offset: 1, now: monday)
        state.addBookmark(name: "b", offset: 2, now: monday)
        state.addBookmark(name: "c", offset: 3, now: monday)
        #expect(state.removeBookmark(at: 1)?.name == "b")
        #expect(state.bookmarks.map(\.name) == ["a", "c"])
        #expect(state.removeBookmark(at: 2) == nil)
        #expect(state.removeBookmark(at: -1) == nil)
        #expect(state.bookmarks.map(\.name) == ["a", "c"])
    }
}
