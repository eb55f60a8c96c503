import Foundation
import PageTurner
import Pagination
@testable import Reader
import ReaderState
import ReaderTestSupport
import Testing

/// Highlights as a reader makes them: a selection marked in a colour, with a note, saved with
/// the book and found again after a font change and in an edited book; find goes through the
/// matches of a name with F3; the bad inputs stay bounded.
@Suite struct HighlightSessionTests {
    /// Long-presses `word` on the page shown (its first piece's middle) and drags to `to`.
    static func select(_ word: String, to: String? = nil, in s: ReaderSession, at t: Int) throws -> String {
        let a = try SelectionSessionTests.point(of: word, in: s)
        let b = try to.map { try SelectionSessionTests.point(of: $0, in: s) }
        return SelectionSessionTests.select(a, to: b, at: Double(t))
    }

    @Test func aSelectionHighlightedGreenWithANoteIsKeptAndDrawn() throws {
        let s = try SelectionSessionTests.opened()
        try SelectionSessionTests.play(s, try Self.select("sister", to: "bank", in: s, at: 100) + "highlight green on the bank @1500\n")
        #expect(s.selection == nil, "the selection became the highlight")
        let h = try #require(s.highlights.first)
        #expect(s.highlights.count == 1)
        #expect(h.color == .green && h.note == "on the bank")
        #expect(s.book.text.string(h.range) == "sister on the\nbank")
        #expect(s.scene.marks.contains { $0.range == h.range && $0.color == s.preferences.theme.highlight(.green) })
    }

    @Test func highlightsAreSavedAndComeBackAfterAFontChangeAndInAnEditedBook() throws {
        let folder = StateFolder()
        let book = try Fixture.book()
        let s = try SelectionSessionTests.opened()
        try SelectionSessionTests.play(s, try Self.select("sister", in: s, at: 100) + "highlight pink @1500\n")
        let saved = SessionPersistence.state(of: s, file: "/books/alice.txt")
        try folder.store.save(saved, for: BookKey(textDigest: book.digest))
        #expect(saved.highlights.map(\.color) == [.pink])

        // The same book, bigger type: the highlight is on the same words.
        var start = ReaderStart()
        start.backgroundLayout = false
        start.pageCache = nil
        SessionPersistence(store: folder.store, book: book, file: "/books/alice.txt").load(into: &start)
        start.preferences.fontSize = 26
        let again = ReaderSession(book: book, fonts: try Fixture.fonts(), pageSize: Size(width: 800, height: 1000), start: start)
        #expect(again.highlights.map { again.book.text.string($0.range) } == ["sister"])

        // A paragraph added at the front: found again by its text.
        let edited = Book(text: BookText("A preface, added later.\n\n" + book.text.string(0..<book.text.scalarCount)), title: book.title)
        var moved = ReaderStart()
        SessionPersistence(store: folder.store, book: edited, file: "/books/alice.txt").load(into: &moved)
        let h = try #require(moved.highlights.first)
        #expect(edited.text.string(h.range) == "sister")
    }

    @Test func theHighlightsPanelGoesToOneAndRemovesOne() throws {
        let s = try SelectionSessionTests.opened()
        try SelectionSessionTests.play(s, try Self.select("sister", in: s, at: 100) + "highlight yellow @1500\n"
                                       + "press End @2000\ntick @3000\npress l @3500\npress Down Return @3600\ntick @4500\n")
        #expect(s.page == 1, "Enter on the row went back to the highlight's page")
        try SelectionSessionTests.play(s, "press l @5000\npress Down Delete @5100\npress Escape @5200\n")
        #expect(s.highlights.isEmpty)
        #expect(s.openPanel == nil)
    }

    @Test func aNoteIsCutToItsLongestAndAWholeBookHighlightIsBounded() throws {
        let s = try SelectionSessionTests.opened()
        s.selection = TextSelection(anchor: 0..<1, focus: (s.book.text.scalarCount - 1)..<s.book.text.scalarCount)
        let long = String(repeating: "x", count: Highlight.longestNote + 500)
        try SelectionSessionTests.play(s, "highlight blue \(long) @100\n")
        let h = try #require(s.highlights.first)
        #expect(h.range == 0..<s.book.text.scalarCount)
        #expect(h.note.count == Highlight.longestNote)
        #expect(h.text.unicodeScalars.count <= TextAnchor.length)
        // Every page of it is marked, one mark a page.
        #expect(s.scene.marks.count == 1)
    }

    @Test func aStateWithAHundredThousandHighlightsOpensAndMarksOnlyThoseShown() throws {
        var start = ReaderStart()
        start.backgroundLayout = false
        start.pageCache = nil
        let book = try Fixture.book()
        start.highlights = (0..<BookState.maximumHighlights).map { k in
            let at = (k * 7) % (book.text.scalarCount - 3)
            return Highlight(start: at, end: at + 2, color: .yellow, created: Date(timeIntervalSinceReferenceDate: 0), text: "")
        }
        let s = ReaderSession(book: book, fonts: try Fixture.fonts(), pageSize: Size(width: 800, height: 1000), start: start)
        #expect(s.highlights.count == BookState.maximumHighlights)
        let near = s.layout.range(ofPage: 0).lowerBound..<s.layout.range(ofPage: 2).upperBound
        let marks = s.scene.marks
        #expect(!marks.isEmpty && marks.count < s.highlights.count / 2, "only the pages about to be drawn: \(marks.count)")
        #expect(marks.allSatisfy { $0.range.overlaps(near) })
        s.selection = TextSelection(anchor: 10..<15)
        let notices = try SelectionSessionTests.play(s, "press 1 @100\n")
        #expect(s.highlights.count == BookState.maximumHighlights, "one more is refused")
        #expect(notices == ["This book has 100000 highlights, the most one book keeps"])
    }

    @Test func anEditedBooksHighlightsOfACommonWordStayOnTheirOwnOccurrence() throws {
        let original = String(repeating: "Alice went on. ", count: 40)
        let book = Book(text: BookText(original), title: "Repeats")
        var state = BookState(position: 0)
        state.file = "/books/repeats.txt"
        state.anchors = [TextAnchor(offset: 0, text: String(original.prefix(TextAnchor.length)))]
        state.highlights = [150, 165].map { Highlight(start: $0, end: $0 + 5, color: .yellow, created: Date(), text: "Alice") }
        #expect(state.highlights.allSatisfy { book.text.string($0.range) == "Alice" })
        let preface = String(repeating: "x", count: 60) + "\n"
        let edited = BookText(preface + original)
        let moved = try #require(state.relocated(in: edited))
        #expect(moved.highlights.map(\.start) == [211, 226], "each on its own occurrence, 61 characters on")
    }

    @Test func aHighlightOnTheNextPageIsDrawnOnItAsItTurnsIn() throws {
        let s = try SelectionSessionTests.opened()
        let next = s.layout.range(ofPage: s.page + 1)
        s.selection = TextSelection(anchor: next.lowerBound..<(next.lowerBound + 5))
        try SelectionSessionTests.play(s, "press 4 @100\n")
        #expect(s.scene.marks.contains { $0.range.lowerBound == next.lowerBound }, "the page after is composed with its highlight")
    }

    @Test func aTapOnAHighlightSelectsItAndItsMenuRecoloursAnnotatesOrRemovesIt() throws {
        let s = try SelectionSessionTests.opened()
        try SelectionSessionTests.play(s, try Self.select("sister", in: s, at: 100) + "highlight pink @1500\n")
        let passage = try #require(s.highlights.first?.range)
        let on = try SelectionSessionTests.point(of: "sister", in: s)
        try SelectionSessionTests.play(s, "down \(on.x) \(on.y) @2000\nup @2060\ntick @2600\n")
        #expect(s.page == 1, "the tap selected the highlight and turned nothing")
        #expect(s.selection?.range == passage)
        let menu = try #require(s.selectionMenu)
        #expect(menu.buttons.map(\.item).last == .remove)

        // Note keeps its colour; a swatch recolours it; Remove removes it.
        try SelectionSessionTests.play(s, "press n @3000\ntype kept pink @3100\npress Return @3200\n")
        #expect(s.highlights.map(\.color) == [.pink] && s.highlights.first?.note == "kept pink")
        try SelectionSessionTests.play(s, "down \(on.x) \(on.y) @4000\nup @4060\ntick @4600\n")
        let green = try #require(s.selectionMenu?.buttons.first { $0.item == .highlight(.green) }?.rect)
        try SelectionSessionTests.play(s, "down \(green.minX + 5) \(green.minY + 5) @5000\nup @5050\n")
        #expect(s.highlights.map(\.color) == [.green] && s.highlights.first?.note == "kept pink")
        try SelectionSessionTests.play(s, "down \(on.x) \(on.y) @6000\nup @6060\ntick @6600\n")
        let remove = try #require(s.selectionMenu?.buttons.first { $0.item == .remove }?.rect)
        try SelectionSessionTests.play(s, "down \(remove.minX + 5) \(remove.minY + 5) @7000\nup @7050\n")
        #expect(s.highlights.isEmpty && s.selection == nil)
    }

    @Test func aDragStartingOnAHighlightStillTurnsThePage() throws {
        let s = try SelectionSessionTests.opened()
        try SelectionSessionTests.play(s, try Self.select("sister", in: s, at: 100) + "highlight blue @1500\n")
        let on = try SelectionSessionTests.point(of: "sister", in: s)
        try SelectionSessionTests.play(s, "down \(on.x) \(on.y) @2000\nmove \(on.x - 150) \(on.y) @2060\nmove \(on.x - 400) \(on.y) @2120\nup @2140\ntick @3000\n")
        #expect(s.page == 2)
        #expect(s.selection == nil)
    }
}
