import Foundation
import Testing
@testable import ReaderState

@Suite("Saving and loading a book's state")
struct SaveAndLoadTests {
    let scratch = ScratchDirectory()

    @Test("a book never saved loads fresh, with the defaults, and nothing is created")
    func fresh() {
        let store = scratch.store()
        let result = store.load(.alice)
        #expect(result == .fresh(BookState()))
        #expect(result.state.position == 0)
        #expect(result.state.settings == ReaderSettings(fontSize: 18, curl: "classic", theme: "paper", zones: "default"))
        #expect(!FileManager.default.fileExists(atPath: store.directory.path))
    }

    @Test("what was saved loads back exactly")
    func roundTrip() throws {
        let store = scratch.store()
        var state = BookState(position: 12_345, title: "Alice's Adventures in Wonderland")
        state.addBookmark(name: "Down the Rabbit-Hole", offset: 0, now: Date(timeIntervalSinceReferenceDate: 1.25))
        state.addBookmark(name: "The Pool of Tears", offset: 9_876, now: Date(timeIntervalSinceReferenceDate: 7e8 + 0.1))
        state.settings = ReaderSettings(fontSize: 21.5, curl: "cylinder", theme: "night", zones: "left-handed")
        try store.save(state, for: .alice)
        #expect(store.load(.alice) == .loaded(state))
    }
}
