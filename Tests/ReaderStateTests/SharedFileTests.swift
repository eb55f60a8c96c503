import Dispatch
import Foundation
import Synchronization
import Testing
@testable import ReaderState

/// Several sessions saving one book's state: each saves since the bookmarks it was last in
/// step with (`save(_:for:since:)`), under the book's lock (`StateLock`).
@Suite("One book, several sessions")
struct SharedFileTests {
    let scratch = ScratchDirectory()

    static func mark(_ offset: Int) -> Bookmark {
        Bookmark(name: "at \(offset)", offset: offset, created: Date(timeIntervalSinceReferenceDate: Double(offset)))
    }

    @Test("a session saving after another keeps the other's bookmarks, and its own position wins")
    func secondSaverKeepsFirstsBookmarks() throws {
        let store = scratch.store()
        try store.save(BookState(position: 5, bookmarks: [Self.mark(1)]), for: .alice)
        let loaded = store.load(.alice).state  // both sessions open the book
        var first = loaded, second = loaded
        first.bookmarks.append(Self.mark(100))
        first.position = 100
        second.bookmarks.append(Self.mark(200))
        second.position = 200

        let one = try store.save(first, for: .alice, since: loaded.bookmarks)
        #expect(one == SaveOutcome(saved: first), "nothing else was saved meanwhile")
        let two = try store.save(second, for: .alice, since: loaded.bookmarks)
        let expected = BookState(position: 200, bookmarks: [Self.mark(1), Self.mark(100), Self.mark(200)])
        #expect(two == SaveOutcome(saved: expected), "the saved state is returned, to adopt its bookmarks")
        #expect(store.load(.alice) == .loaded(expected))
    }

    @Test("a bookmark removed in one session is not brought back by the other's save")
    func removalSurvivesTheOthersSave() throws {
        let store = scratch.store()
        let loaded = [Self.mark(1), Self.mark(2)]
        try store.save(BookState(bookmarks: loaded), for: .alice)
        try store.save(BookState(bookmarks: [Self.mark(2)]), for: .alice, since: loaded)
        try store.save(BookState(bookmarks: loaded + [Self.mark(3)]), for: .alice, since: loaded)
        #expect(store.load(.alice).state.bookmarks == [Self.mark(2), Self.mark(3)])
    }

    @Test("sessions on eight threads saving at once lose no bookmark")
    func manySavingAtOnce() throws {
        let directory = scratch.url.appendingPathComponent("state")
        DispatchQueue.concurrentPerform(iterations: 8) { session in
            // A store each, as in separate processes: the lock is per open file, not per process.
            // Its wait for the lock is long: on a loaded machine 96 saves in a row (each synced
            // to the disk) can outlast the reader's 5 s, and this is about merging, not waiting.
            let store = StateStore(directory: directory, clock: { Date() }, lockTimeout: 120)
            var mine: [Bookmark] = [], inStep: [Bookmark] = []
            for k in 0..<12 {
                mine.append(Self.mark(session * 100 + k))
                do {
                    try store.save(BookState(position: session, bookmarks: mine), for: .alice, since: inStep)
                    inStep = mine       // as a session does: in step with what it saved, only once saved
                } catch {
                    Issue.record("save failed: \(error)")
                }
            }
        }
        // The scratch folder lives until the saves are read back (the suite's last use of it
        // is above: without this, Swift may free it, and its folder, while they run).
        withExtendedLifetime(scratch) {}
        let saved = StateStore(directory: directory).load(.alice).state
        let expected = (0..<8).flatMap { session in (0..<12).map { Self.mark(session * 100 + $0) } }
        #expect(saved.bookmarks == expected, "missing: \(Set(expected.map(\.offset)).subtracting(saved.bookmarks.map(\.offset)).sorted())")
    }

    @Test("a file saved meanwhile by a newer version is never saved over: the save says why in one line")
    func newerFormatMeanwhile() throws {
        let store = scratch.store()
        try store.save(BookState(position: 1), for: .alice)
        let future = Data(#"{"format":2,"position":{"chapter":3}}"#.utf8)
        try future.write(to: store.fileURL(for: .alice))
        let error = try #require(throws: StateError.self) {
            try store.save(BookState(position: 2), for: .alice, since: [])
        }
        #expect(error.description == "cannot save the reading state in \(store.directory.path) without losing the one saved there: "
                + "the file is in format 2, written by a newer PageTurn (this version reads format 1)")
        #expect(try Data(contentsOf: store.fileURL(for: .alice)) == future, "byte for byte")
    }

    @Test("a file that cannot be read at save time is never saved over")
    func unreadableMeanwhile() throws {
        let store = scratch.store(readFile: { _ in StateStore.openFailure(EIO) })
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let saved = Data(#"{"format":1,"position":7}"#.utf8)
        try saved.write(to: store.fileURL(for: .alice))
        let error = try #require(throws: StateError.self) { try store.save(BookState(), for: .alice, since: []) }
        #expect(error.description.hasSuffix("without losing the one saved there: the file cannot be opened: Input/output error"))
        #expect(try Data(contentsOf: store.fileURL(for: .alice)) == saved)
    }

    @Test("a file damaged meanwhile is moved aside, not overwritten, and the save says so")
    func damagedMeanwhile() throws {
        let store = scratch.store()
        try store.save(BookState(position: 1), for: .alice)
        try Data("{ not json".utf8).write(to: store.fileURL(for: .alice))
        let outcome = try store.save(BookState(position: 2, bookmarks: [Self.mark(9)]), for: .alice, since: [])
        let aside = "0123456789abcdef.json.corrupt-" + CorruptFile.timestamp(Date(timeIntervalSince1970: 1_750_000_000))
        #expect(outcome == SaveOutcome(saved: BookState(position: 2, bookmarks: [Self.mark(9)]),
                                       notice: "the saved state of this book was found damaged (the file is not valid "
                                           + "JSON (truncated or damaged)): moved aside to \(aside)"))
        #expect(try Data(contentsOf: store.directory.appendingPathComponent(aside)) == Data("{ not json".utf8))
        #expect(store.load(.alice) == .loaded(BookState(position: 2, bookmarks: [Self.mark(9)])))
    }

    @Test("a save waits for the lock, and gives up in one line when another holds it too long")
    func lockHeldTooLong() throws {
        let store = scratch.store(lockTimeout: 0.05)
        try store.save(BookState(position: 1), for: .alice)
        let path = store.lockURL(for: .alice).path
        let error = try StateLock.holding(path, timeout: 0) { _ in
            try #require(throws: StateError.self) { try store.save(BookState(position: 2), for: .alice, since: []) }
        }
        #expect(error.description == "cannot save the reading state in \(store.directory.path): cannot lock \(path): "
                + "another PageTurn has held it for 0.05 s (stopped while saving?)")
        #expect(store.load(.alice) == .loaded(BookState(position: 1)), "the last save is kept")
        try store.save(BookState(position: 3), for: .alice, since: [])
        #expect(store.load(.alice) == .loaded(BookState(position: 3)), "the lock released, saving goes on")
    }

    @Test("a lock file that cannot be opened refuses the save in one line (no lock, no write)")
    func lockCannotBeOpened() throws {
        let store = scratch.store()
        try store.save(BookState(position: 1), for: .alice)
        let path = store.lockURL(for: .alice).path
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/null")
        let error = try #require(throws: StateError.self) { try store.save(BookState(position: 2), for: .alice, since: []) }
        #expect(error.description == "cannot save the reading state in \(store.directory.path): cannot lock \(path): "
                + "Too many levels of symbolic links")
        #expect(store.load(.alice) == .loaded(BookState(position: 1)))
    }

    @Test("loading does not create the lock file, unless it must move a damaged file aside")
    func loadingCreatesNoLock() throws {
        let store = scratch.store()
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data(#"{"format":1,"position":3}"#.utf8).write(to: store.fileURL(for: .alice))
        #expect(store.load(.alice) == .loaded(BookState(position: 3)))
        #expect(store.load(.hongLou) == .fresh(BookState()))
        #expect(scratch.names(in: store.directory) == ["0123456789abcdef.json"])
    }
}
