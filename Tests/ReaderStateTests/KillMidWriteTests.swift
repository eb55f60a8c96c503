import Foundation
import Testing
@testable import ReaderState

/// A reader killed while saving leaves at most a temporary file next to the last completed
/// save (`AtomicFile` writes `NAME.tmp-PID-RANDOM`, fsyncs it, then renames it over NAME).
/// These tests leave such files behind by hand, as a kill at each moment would.
@Suite("A kill in the middle of a save")
struct KillMidWriteTests {
    let scratch = ScratchDirectory()
    let created = Date(timeIntervalSinceReferenceDate: 790_000_000)

    /// The state saved last before the kill: two bookmarks.
    func lastCompleted() -> BookState {
        var state = BookState(position: 4_000, title: "紅樓夢")
        state.addBookmark(name: "第一回", offset: 12, now: created)
        state.addBookmark(name: "第五回", offset: 3_900, now: created)
        return state
    }

    /// The save that was under way when the kill came: a third bookmark.
    func interrupted() throws -> Data {
        var state = lastCompleted()
        state.position = 5_000
        state.addBookmark(name: "第六回", offset: 4_950, now: created)
        return try StateFile.encode(state)
    }

    /// The pid of a process that has exited.
    func deadPID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    func leaveTemporary(_ data: Data, pid: pid_t, store: StateStore) throws -> URL {
        let url = URL(fileURLWithPath: store.fileURL(for: .hongLou).path + ".tmp-\(pid)-\(UInt32.random(in: 0...UInt32.max))")
        try data.write(to: url)
        return url
    }

    @Test("bookmarks survive a kill between two writes: a whole temporary file never renamed")
    func wholeTemporary() throws {
        let store = scratch.store()
        try store.save(lastCompleted(), for: .hongLou)
        _ = try leaveTemporary(try interrupted(), pid: try deadPID(), store: store)
        #expect(store.load(.hongLou) == .loaded(lastCompleted()))
    }

    @Test("bookmarks survive a kill between two writes: a truncated temporary file", arguments: [0, 1, 17, 60])
    func truncatedTemporary(kept: Int) throws {
        let store = scratch.store()
        try store.save(lastCompleted(), for: .hongLou)
        _ = try leaveTemporary(try interrupted().prefix(kept), pid: try deadPID(), store: store)
        #expect(store.load(.hongLou) == .loaded(lastCompleted()))
    }

    @Test("a kill before the very first save completed leaves a fresh book, not a damaged one")
    func killedFirstSave() throws {
        let store = scratch.store()
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        _ = try leaveTemporary(try interrupted().prefix(30), pid: try deadPID(), store: store)
        #expect(store.load(.hongLou) == .fresh(BookState()))
    }

    @Test("loading sweeps the temporary files of dead writers, and leaves those of live ones")
    func sweep() throws {
        let store = scratch.store()
        try store.save(lastCompleted(), for: .hongLou)
        try store.save(BookState(position: 1), for: .alice)
        let dead = try leaveTemporary(Data("{\"form".utf8), pid: try deadPID(), store: store)
        let live = try leaveTemporary(Data("{\"form".utf8), pid: getpid(), store: store)
        let otherBook = URL(fileURLWithPath: store.fileURL(for: .alice).path + ".tmp-\(try deadPID())-7")
        try Data().write(to: otherBook)
        _ = store.load(.hongLou)
        let names = scratch.names(in: store.directory)
        #expect(!names.contains(dead.lastPathComponent))
        #expect(names.contains(live.lastPathComponent), "a save in progress is not disturbed")
        #expect(names.contains(otherBook.lastPathComponent), "only the loaded book's leftovers are looked at")
        #expect(store.load(.hongLou) == .loaded(lastCompleted()))
    }

    @Test("the next save after a kill goes through as usual")
    func saveAfterKill() throws {
        let store = scratch.store()
        try store.save(lastCompleted(), for: .hongLou)
        _ = try leaveTemporary(try interrupted().prefix(20), pid: try deadPID(), store: store)
        var state = store.load(.hongLou).state
        state.position = 4_100
        try store.save(state, for: .hongLou)
        #expect(store.load(.hongLou) == .loaded(state))
    }
}
