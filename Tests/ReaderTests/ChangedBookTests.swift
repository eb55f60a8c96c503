import Foundation
import PageTurner
import Pagination
import Reader
import ReaderState
import ReaderTestSupport
import Testing

/// A book edited since it was read (a chapter added, a typo fixed) has a new text, so a new
/// key: its state is found again by the book's file, and its place and bookmarks by the text
/// that starts them. Another book at that file inherits nothing.
@Suite struct ChangedBookTests {
    static let file = "/books/numbered.txt"
    static let original = (1...80).map { "Paragraph \($0): the fox numbered \($0) jumps over the dog that sleeps by the door." }
        .joined(separator: "\n") + "\n"

    /// Opens `text` with a keeper in `folder` for `file`; returns the session and its notice.
    func open(_ text: String, in folder: StateFolder, file: String? = Self.file, at offset: Int? = nil)
        throws -> (ReaderSession, SessionPersistence, notice: String?) {
        let book = Book(text: BookText(text), title: "Numbered")
        let keeper = SessionPersistence(store: folder.store, book: book, file: file)
        var start = ReaderStart()
        start.backgroundLayout = false
        start.pageCache = nil
        keeper.load(into: &start)
        if let offset { start.position = offset }
        let session = ReaderSession(book: book, fonts: try ReaderFixture.fonts(), pageSize: Size(width: 800, height: 1000), start: start)
        return (session, keeper, start.notice)
    }

    /// Reads the original at its middle, bookmarks that page, and quits: the position and the
    /// bookmark's offset.
    func readOriginal(in folder: StateFolder) throws -> (position: Int, bookmark: Int) {
        let (session, keeper, _) = try open(Self.original, in: folder, at: Self.original.unicodeScalars.count / 2)
        session.addBookmark(name: "the middle")
        keeper.finish(session)
        let bookmark = try #require(session.bookmarks.first?.offset)
        #expect(session.position > 0 && bookmark > 0)
        return (session.position, bookmark)
    }

    @Test func aBookThatGrewAtItsStartOpensAtItsPlaceWithItsBookmarks() throws {
        let folder = StateFolder()
        let place = try readOriginal(in: folder)
        let preface = "A preface added later, which moves every offset after it.\n\n"
        let (session, keeper, notice) = try open(preface + Self.original + "An appendix.\n", in: folder)
        let shift = preface.unicodeScalars.count
        #expect(session.position == place.position + shift, "the place moved with its text")
        #expect(session.bookmarks.map(\.offset) == [place.bookmark + shift] && session.bookmarks.map(\.name) == ["the middle"])
        #expect(notice?.contains("found again") == true)
        keeper.finish(session)
        #expect(folder.names.filter { $0.hasSuffix(".json") }.count == 2,
                "the new version is saved under its own key; the old one's file stays")
    }

    @Test func anotherBookAtTheSameFileInheritsNothing() throws {
        let folder = StateFolder()
        _ = try readOriginal(in: folder)
        let other = (1...80).map { "Line \($0) of a different book altogether, about cats and their ways." }.joined(separator: "\n")
        let (session, _, notice) = try open(other, in: folder)
        #expect(session.position == 0 && session.bookmarks.isEmpty && notice == nil)
    }

    @Test func theSameTextFromAnotherFileIsNotFoundByTheFile() throws {
        let folder = StateFolder()
        _ = try readOriginal(in: folder)
        let (session, _, _) = try open(Self.original + "One more line.\n", in: folder, file: "/elsewhere/numbered.txt")
        #expect(session.position == 0 && session.bookmarks.isEmpty)
    }

    @Test func aPlaceWhoseTextOccursTwiceIsTheOccurrenceNearestWhereItWas() {
        let text = BookText("abcdefgh XYZ 123 abcdefgh XYZ 456 abcdefgh XYZ 789")
        let anchor = TextAnchor(offset: 20, text: "abcdefgh XYZ")
        #expect(BookState.find(anchor, in: text) == 17)
        #expect(BookState.find(TextAnchor(offset: 0, text: "not there"), in: text) == nil)
    }
}

extension ChangedBookTests {
    @Test func anAnchorLongerThanOneIsMadeIsNeverSearchedFor() {
        let long = String(repeating: "a", count: TextAnchor.length + 1)
        #expect(BookState.find(TextAnchor(offset: 0, text: long), in: BookText(long + long)) == nil)
    }
}
