import Foundation
import Testing
@testable import ReaderState

/// Highlights in a book's state: kept sorted, one per passage, saved and read back, merged
/// between sessions as bookmarks are, and a file of another version's colours still read.
@Suite("Highlights in the reading state")
struct HighlightStateTests {
    let scratch = ScratchDirectory()

    static func highlight(_ start: Int, _ end: Int, _ color: Highlight.Color = .yellow, note: String = "") -> Highlight {
        Highlight(start: start, end: end, color: color, note: note, created: Date(timeIntervalSinceReferenceDate: Double(start)),
                  text: "from \(start)")
    }

    @Test("added highlights stay sorted; the same passage again takes the new colour, not a second highlight")
    func addKeepsOrderAndOnePerPassage() {
        var state = BookState()
        state.addHighlight(50..<60, color: .blue, text: "b")
        state.addHighlight(10..<20, color: .yellow, text: "a")
        state.addHighlight(10..<15, color: .pink, text: "a")
        state.addHighlight(10..<20, color: .green, note: "again", text: "a")
        #expect(state.highlights.map(\.range) == [10..<15, 10..<20, 50..<60])
        #expect(state.highlights[1].color == .green && state.highlights[1].note == "again")
        #expect(state.addHighlight(30..<30, color: .yellow, text: "") == nil, "an empty passage is no highlight")
    }

    @Test("saved and loaded, a highlight is the same; a state without any writes no key for them")
    func roundTrip() throws {
        let store = scratch.store()
        var state = BookState(position: 3)
        state.highlights = [Self.highlight(4, 9, .pink, note: "a note, with “quotes”")]
        try store.save(state, for: .alice)
        #expect(store.load(.alice).state == state)
        let plain = try StateFile.encode(BookState(position: 3))
        #expect(!String(decoding: plain, as: UTF8.self).contains("highlights"))
    }

    @Test("a colour a newer version added reads as yellow, and the rest of the file is kept")
    func unknownColour() throws {
        let json = #"{"format":1,"position":7,"bookmarks":[],"settings":{},"highlights":[{"start":1,"end":4,"color":"violet","created":0,"text":"abc"}]}"#
        let state = try StateFile.decode(Data(json.utf8))
        #expect(state.position == 7)
        #expect(state.highlights.map(\.color) == [.yellow])
    }

    @Test("a highlight with no passage makes the file unsound, in one line")
    func unsound() {
        var state = BookState()
        state.highlights = [Self.highlight(9, 4)]
        #expect(state.problem == "highlight 1 has no passage (9 to 4)")
    }

    @Test("two sessions highlighting at once both keep theirs; one's removal stays removed")
    func twoSessions() throws {
        let store = scratch.store()
        var shared = BookState(position: 1)
        shared.highlights = [Self.highlight(1, 5)]
        try store.save(shared, for: .alice)
        let loaded = store.load(.alice).state
        var first = loaded, second = loaded
        first.highlights.append(Self.highlight(10, 20, .green))
        second.highlights = [Self.highlight(30, 40, .blue)]      // removed the shared one, added one

        try store.save(first, for: .alice, since: loaded.marks)
        let saved = try store.save(second, for: .alice, since: loaded.marks).saved
        #expect(saved.highlights.map(\.range) == [10..<20, 30..<40])
        #expect(store.load(.alice).state.highlights == saved.highlights)
    }

    @Test("a state too large to be read again is not written: the last one that fits stays")
    func tooLargeIsNotWritten() throws {
        let store = scratch.store()
        try store.save(BookState(position: 9), for: .alice)
        var huge = BookState(position: 10)
        let note = String(repeating: "n", count: Highlight.longestNote)
        huge.highlights = (0..<5_000).map { Highlight(start: $0, end: $0 + 1, color: .blue, note: note, created: Date(), text: "") }
        let error = try #require(throws: StateError.self) { try store.save(huge, for: .alice, since: SavedMarks()) }
        #expect("\(error)".contains("more than the \(StateFile.maximumSize) a state file may be"))
        #expect(store.load(.alice).state.position == 9)
    }
}
