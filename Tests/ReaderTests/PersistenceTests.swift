import Dispatch
import Foundation
import Synchronization
import Testing
@testable import ReaderState
@testable import Reader
import ReaderTestSupport

/// `SessionPersistence`: saves on a background queue, coalesced, waited for at the end;
/// files it must leave alone are never saved over.
@Suite struct PersistenceTests {
    /// 100 changes: a bookmark renamed each time, the theme changed every tenth.
    static func burst(_ session: ReaderSession) {
        let themes: [Theme] = [.sepia, .night, .paper]
        for i in 0..<100 {
            session.addBookmark(name: "mark \(i)")
            if i % 10 == 0 { session.setTheme(themes[i / 10 % 3]) }
        }
    }

    /// A keeper whose writes go to `write` only, never to a file.
    static func keeper(writing write: @escaping @Sendable (BookState) throws -> Void) -> SessionPersistence {
        SessionPersistence(store: StateStore(directory: URL(fileURLWithPath: "/nonexistent")), key: BookKey(textDigest: 7),
                           write: write)
    }

    @Test func aBurstOfChangesEndsWithTheFileHoldingTheLastState() throws {
        let folder = StateFolder()
        let session = try Fixture.session()
        let keeper = SessionPersistence(store: folder.store, book: session.book)
        keeper.attach(to: session)
        Self.burst(session)
        keeper.flush()
        #expect(folder.store.load(keeper.key) == .loaded(SessionPersistence.state(of: session)))
        #expect(session.bookmarks.map(\.name) == ["mark 99"])
        #expect(folder.names == [keeper.key.hex + ".json", keeper.key.hex + ".json.lock"], "no temporary file left behind")
    }

    @Test func afterFinishTheFileIsTheSessionsState() throws {
        let folder = StateFolder()
        let store = folder.store
        let session = try Fixture.session()
        let keeper = SessionPersistence(store: store, book: session.book)
        session.handle(.key(.right, shift: false), at: 0)
        session.advance(to: 900)
        session.setCurl(.slide)
        #expect(store.load(keeper.key) == .fresh(BookState()), "not attached: nothing saved yet")
        keeper.finish(session)
        #expect(store.load(keeper.key) == .loaded(SessionPersistence.state(of: session)))
        #expect(session.page == 1)
    }

    @Test func savesReturnAtOnceAndCoalesceWhileAWriteIsInFlight() throws {
        let written = Mutex<[Int]>([])
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let keeper = Self.keeper { state in
            if state.position == 1 {
                started.signal()
                _ = gate.wait(timeout: .now() + 10)  // a slow disk
            }
            written.withLock { $0.append(state.position) }
        }
        keeper.save(BookState(position: 1))
        #expect(started.wait(timeout: .now() + 10) == .success, "the first write started")
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for position in 2...100 { keeper.save(BookState(position: position)) }
        }
        #expect(elapsed < .seconds(5), "no save waited for the write in flight")
        gate.signal()
        keeper.flush()
        #expect(written.withLock { $0 } == [1, 100], "only the latest of the states that waited is written")
        keeper.save(BookState(position: 100))
        keeper.flush()
        #expect(written.withLock { $0 } == [1, 100], "the same state is not written twice")
    }

    @Test func writesNeverGoBackToAnOlderState() throws {
        let written = Mutex<[Int]>([])
        let keeper = Self.keeper { state in
            usleep(200)
            written.withLock { $0.append(state.position) }
        }
        for position in 1...2000 { keeper.save(BookState(position: position)) }
        keeper.flush()
        let positions = written.withLock { $0 }
        #expect(positions.last == 2000)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }, "\(positions)")
    }

    @Test func aFailingStoreReportsOnceAndTheNextSaveTriesAgain() throws {
        let folder = StateFolder()
        let blocker = folder.url.appendingPathComponent("a-file")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: blocker)
        let store = StateStore(directory: blocker.appendingPathComponent("pageturn"))
        let session = try Fixture.session()
        let keeper = SessionPersistence(store: store, book: session.book)
        let reports = Reports()
        keeper.report = reports.append
        keeper.attach(to: session)
        Self.burst(session)
        keeper.flush()
        #expect(reports.lines == [
            "cannot save the reading state: cannot create the state folder \(blocker.path)/pageturn: Not a directory",
        ])

        try FileManager.default.removeItem(at: blocker)
        keeper.finish(session)
        #expect(store.load(keeper.key) == .loaded(SessionPersistence.state(of: session)), "written once it can be")
        #expect(reports.lines.count == 1)
    }

    // MARK: - Files left alone

    /// Opens a session on the sample book with `keeper`'s state; its notice and the reports.
    static func open(with keeper: SessionPersistence) throws -> (ReaderSession, notice: String?, reports: Reports) {
        let reports = Reports()
        keeper.report = reports.append
        var notice: String?
        let session = try Fixture.session {
            keeper.load(into: &$0)
            notice = $0.notice
        }
        keeper.attach(to: session)
        return (session, notice, reports)
    }

    /// Turns a page, adds a bookmark, changes the theme, and quits as the reader does.
    static func readAndQuit(_ session: ReaderSession, _ keeper: SessionPersistence) {
        session.handle(.key(.right, shift: false), at: 0)
        session.advance(to: 900)
        session.addBookmark(name: "here")
        session.setTheme(.night)
        keeper.finish(session)
    }

    @Test func aFileFromANewerVersionIsLeftInPlaceAndNeverSavedOver() throws {
        let folder = StateFolder()
        let keeper = SessionPersistence(store: folder.store, book: try Fixture.book())
        let future = Data(#"{"format":2,"position":{"chapter":3,"offset":12},"settings":{"theme":"night"}}"#.utf8)
        try folder.plant(future, for: keeper.key)

        let (session, notice, reports) = try Self.open(with: keeper)
        #expect(session.page == 0 && session.position == 0, "opens at the start")
        #expect(notice == "Saved state not used (newer version); not saving over it")
        #expect(session.isAnimating, "the notice is on screen")
        #expect(reports.lines == ["the saved state of this book was not used: the file is in format 2, written by a newer "
                                  + "PageTurn (this version reads format 1); opening at the start, and this session "
                                  + "will not save over it"])
        #expect(!keeper.savesState)

        Self.readAndQuit(session, keeper)
        #expect(session.page == 1 && session.bookmarks.count == 1, "the session itself went on")
        #expect(try Data(contentsOf: folder.store.fileURL(for: keeper.key)) == future, "byte for byte")
        #expect(folder.names == [keeper.key.hex + ".json"])
        #expect(reports.lines.count == 1)
    }

    @Test func aFileThatCannotBeReadIsLeftAloneAndNeverSavedOver() throws {
        let folder = StateFolder()
        // As root (the tests' user) a file of mode 000 still reads: the refusal is injected.
        let store = StateStore(directory: folder.url, clock: { Date() },
                               readFile: { _ in StateStore.openFailure(EACCES) })
        let keeper = SessionPersistence(store: store, book: try Fixture.book())
        let saved = Data(#"{"format":1,"position":2000}"#.utf8)
        try folder.plant(saved, for: keeper.key)

        let (session, notice, reports) = try Self.open(with: keeper)
        #expect(session.position == 0)
        #expect(notice == "Saved state not used (unreadable); not saving over it")
        #expect(reports.lines == ["the saved state of this book was not used: the file cannot be opened: Permission denied; "
                                  + "opening at the start, and this session will not save over it"])

        Self.readAndQuit(session, keeper)
        #expect(try Data(contentsOf: store.fileURL(for: keeper.key)) == saved, "byte for byte")
        #expect(folder.names == [keeper.key.hex + ".json"])
        #expect(folder.store.load(keeper.key) == .loaded(BookState(position: 2000)),
                "readable again later, the position is still there")
    }

    @Test func aDamagedFileIsStillMovedAsideAndTheSessionSaves() throws {
        let folder = StateFolder()
        let keeper = SessionPersistence(store: folder.store, book: try Fixture.book())
        try folder.plant(Data(#"{"format":1,"position":-5}"#.utf8), for: keeper.key)

        let (session, notice, reports) = try Self.open(with: keeper)
        #expect(notice == "Saved state was damaged: opening at the start")
        #expect(reports.lines.count == 1)
        #expect(keeper.savesState)
        Self.readAndQuit(session, keeper)
        #expect(folder.store.load(keeper.key) == .loaded(SessionPersistence.state(of: session)))
        let names = folder.names
        #expect(names.count == 3 && names[0] == keeper.key.hex + ".json" && names[1].hasPrefix(names[0] + ".corrupt-")
                && names[2] == names[0] + ".lock")
    }
}
