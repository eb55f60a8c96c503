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
        #expect(result.state.settings.isEmpty, "the reader's defaults apply")
        #expect(!FileManager.default.fileExists(atPath: store.directory.path))
    }

    @Test("what was saved loads back exactly")
    func roundTrip() throws {
        let store = scratch.store()
        var state = BookState(position: 12_345, title: "Alice's Adventures in Wonderland")
        state.addBookmark(name: "Down the Rabbit-Hole", offset: 0, now: Date(timeIntervalSinceReferenceDate: 1.25))
        state.addBookmark(name: "The Pool of Tears", offset: 9_876, now: Date(timeIntervalSinceReferenceDate: 7e8 + 0.1))
        state.settings = ["fontSize": .number(21.5), "curl": .string("cylinder"), "theme": .string("night"),
                          "zones": .string("left-handed"), "progression": .string("rtl"), "hyphenate": .bool(false),
                          "margins": .array([.number(40), .null]), "font": .object(["family": .string("Noto Serif")])]
        try store.save(state, for: .alice)
        #expect(store.load(.alice) == .loaded(state))
    }
}

@Suite("The state file")
struct StateFileLayoutTests {
    let scratch = ScratchDirectory()

    @Test("is <directory>/<16 hex digits>.json: one line of JSON with \"format\": 1, beside its empty lock file")
    func layout() throws {
        let store = scratch.store()
        try store.save(BookState(position: 7), for: .alice)
        #expect(store.fileURL(for: .alice) == store.directory.appendingPathComponent("0123456789abcdef.json"))
        #expect(scratch.names(in: store.directory) == ["0123456789abcdef.json", "0123456789abcdef.json.lock"])
        #expect(try Data(contentsOf: store.lockURL(for: .alice)).isEmpty)
        let data = try Data(contentsOf: store.fileURL(for: .alice))
        #expect(!data.contains(UInt8(ascii: "\n")), "no pretty printing")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? Int == 1)
        #expect(object["position"] as? Int == 7)
    }

    @Test("reads like this: keys sorted, dates in seconds since 2001, no title when there is none")
    func example() throws {
        let store = scratch.store()
        var state = BookState(position: 1_024, settings: ["fontSize": .number(20.5), "curl": .string("slide")])
        state.addBookmark(name: "Chapter I/II \"Down\"", offset: 31, now: Date(timeIntervalSinceReferenceDate: 786_000_000.5))
        try store.save(state, for: .alice)
        let text = try String(contentsOf: store.fileURL(for: .alice), encoding: .utf8)
        #expect(text == #"{"bookmarks":[{"created":786000000.5,"name":"Chapter I/II \"Down\"","offset":31}],"format":1,"#
            + #""position":1024,"settings":{"curl":"slide","fontSize":20.5}}"#)
    }

    @Test("a save replaces the book's previous save and leaves other books alone")
    func replaces() throws {
        let store = scratch.store()
        try store.save(BookState(position: 1), for: .alice)
        try store.save(BookState(position: 99), for: .hongLou)
        try store.save(BookState(position: 2), for: .alice)
        #expect(store.load(.alice) == .loaded(BookState(position: 2)))
        #expect(store.load(.hongLou) == .loaded(BookState(position: 99)))
        #expect(scratch.names(in: store.directory) == ["000000000000002a.json", "000000000000002a.json.lock",
                                                       "0123456789abcdef.json", "0123456789abcdef.json.lock"],
                "no temporary files are left behind")
    }

    @Test("the first save creates the directory with its parents")
    func createsDirectory() throws {
        let store = StateStore(directory: scratch.url.appendingPathComponent("a/b/c/pageturn"))
        try store.save(BookState(position: 3), for: .alice)
        #expect(store.load(.alice) == .loaded(BookState(position: 3)))
    }

    @Test("a directory that cannot be created gives a one-line error")
    func directoryCannotBeCreated() throws {
        let blocker = scratch.url.appendingPathComponent("a-file")
        try Data("not a folder".utf8).write(to: blocker)
        let store = StateStore(directory: blocker.appendingPathComponent("pageturn"))
        let error = try #require(throws: StateError.self) { try store.save(BookState(), for: .alice) }
        #expect(error.description == "cannot create the state folder \(blocker.path)/pageturn: Not a directory")
        #expect(store.load(.alice) == .fresh(BookState()), "and loading still works, fresh")
    }

    @Test("a file that cannot be written gives a one-line error")
    func fileCannotBeWritten() throws {
        let store = scratch.store()
        let inTheWay = store.fileURL(for: .alice).appendingPathComponent("occupied")
        try FileManager.default.createDirectory(at: inTheWay, withIntermediateDirectories: true)
        let error = try #require(throws: StateError.self) { try store.save(BookState(), for: .alice) }
        #expect(error.description.hasPrefix("cannot write \(store.fileURL(for: .alice).path): "))
        #expect(!error.description.contains("\n"))
    }

    @Test("an unsound state is refused and the last save kept",
          arguments: [
              (BookState(position: -1), "the position is negative (-1)"),
              (BookState(bookmarks: [Bookmark(name: "x", offset: -5, created: Date(timeIntervalSinceReferenceDate: 0))]),
               "bookmark 1 has a negative offset (-5)"),
          ])
    func unsound(state: BookState, message: String) throws {
        let store = scratch.store()
        try store.save(BookState(position: 10), for: .alice)
        let error = try #require(throws: StateError.self) { try store.save(state, for: .alice) }
        // The folder and the reason, not the book's internal key.
        #expect(error.description == "cannot save the reading state in \(store.directory.path): \(message)")
        #expect(store.load(.alice) == .loaded(BookState(position: 10)))
    }

    @Test("fields missing from a format-1 file take their defaults; unknown fields are ignored")
    func lenientFields() throws {
        let store = scratch.store()
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let json = #"{"format":1,"position":42,"settings":{"theme":"night"},"someday":"a new field"}"#
        try Data(json.utf8).write(to: store.fileURL(for: .alice))
        #expect(store.load(.alice) == .loaded(BookState(position: 42, settings: ["theme": .string("night")])))
    }

    @Test("settings are kept as they are: whoever uses them checks them")
    func unknownNames() throws {
        let store = scratch.store()
        let state = BookState(settings: ["curl": .string("origami"), "theme": .string(""), "zones": .string("🦶"),
                                         "progression": .number(-1), "someday": .object(["a": .array([.bool(true)])])])
        try store.save(state, for: .alice)
        #expect(store.load(.alice) == .loaded(state))
    }
}

@Suite("Where states live")
struct DefaultDirectoryTests {
    @Test("$XDG_STATE_HOME/pageturn when set")
    func xdg() {
        #expect(StateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/tmp/xdg-state"]).path
                == "/tmp/xdg-state/pageturn")
    }

    @Test("~/.local/state/pageturn when $XDG_STATE_HOME is unset or empty")
    func home() {
        let expected = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/state/pageturn").path
        #expect(StateStore.defaultDirectory(environment: [:]).path == expected)
        #expect(StateStore.defaultDirectory(environment: ["XDG_STATE_HOME": ""]).path == expected)
    }

    @Test("a store made without a directory uses the default one")
    func defaultStore() {
        #expect(StateStore().directory == StateStore.defaultDirectory(environment: ProcessInfo.processInfo.environment))
    }
}
