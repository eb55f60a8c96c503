import Foundation
import Testing
@testable import ReaderState

/// State files that are not damaged but cannot be used now: written by a newer version, or
/// refused by the system. They stay where they are, byte for byte.
///
/// The system's refusals (EACCES, EIO, EMFILE) cannot be provoked reliably here: the tests run
/// as root, where a file of mode 000 reads fine, and an I/O error or a full descriptor table
/// cannot be caused safely inside a test process. So the store reads through a function the
/// tests replace (`readFile`), fed what `readStateFile` returns for each failure, and the
/// errno classification is tested on its own. Two real cases back that up: a symbolic link to
/// `/proc/self/status` (a regular file that says it is empty, then reads bytes) is a file that
/// changes while it is read; a FIFO, by contrast, is a content problem (not a regular file)
/// and is moved aside (`CorruptFileTests`).
@Suite("State files left alone")
struct LeftAloneTests {
    let scratch = ScratchDirectory()

    static let saved = #"{"format":1,"position":1234}"#

    func plant(_ text: String, in store: StateStore) throws {
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: store.fileURL(for: .alice))
    }

    /// The file is still there under its own name, byte for byte, and nothing else is.
    func expectUntouched(_ text: String, in store: StateStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(scratch.names(in: store.directory) == ["0123456789abcdef.json"], sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: store.fileURL(for: .alice)) == Data(text.utf8), sourceLocation: sourceLocation)
    }

    @Test("a file of a newer format is left where it is, byte for byte, and read as such every time")
    func newerFormat() throws {
        let store = scratch.store()
        let future = #"{"format":2,"position":{"chapter":3,"offset":12},"pages":{}}"#
        try plant(future, in: store)
        let expected = LoadResult.leftAlone(
            BookState(), problem: "the file is in format 2, written by a newer PageTurn (this version reads format 1)",
            cause: .newerFormat)
        #expect(store.load(.alice) == expected)
        try expectUntouched(future, in: store)
        #expect(store.load(.alice) == expected, "the next load finds it again")
        #expect(expected.state == BookState())
    }

    /// What `readStateFile` says when the system refuses (see `openErrors` for `open`).
    static let refusals = [
        "the file cannot be opened: Permission denied",
        "the file cannot be opened: Input/output error",
        "the file cannot be opened: Too many open files",
        "the file cannot be examined: Input/output error",
        "the file cannot be read: Input/output error",
        "the file changed while it was read",
    ]

    @Test("a file the system would not let be read is left alone", arguments: refusals)
    func unreadable(reason: String) throws {
        let store = scratch.store(readFile: { _ in .unreadable(reason) })
        try plant(Self.saved, in: store)
        #expect(store.load(.alice) == .leftAlone(BookState(), problem: reason, cause: .unreadable))
        try expectUntouched(Self.saved, in: store)
    }

    @Test("open errors: missing, never a state file, or a refusal that says nothing about the file")
    func openErrors() {
        #expect(StateStore.openFailure(ENOENT) == .missing)
        #expect(StateStore.openFailure(ENOTDIR) == .missing)
        #expect(StateStore.openFailure(EACCES) == .unreadable("the file cannot be opened: Permission denied"))
        #expect(StateStore.openFailure(EIO) == .unreadable("the file cannot be opened: Input/output error"))
        #expect(StateStore.openFailure(EMFILE) == .unreadable("the file cannot be opened: Too many open files"))
        #expect(StateStore.openFailure(ENFILE) == .unreadable("the file cannot be opened: Too many open files in system"))
        #expect(StateStore.openFailure(ELOOP) == .damaged("it is not a regular file (Too many levels of symbolic links)"))
        #expect(StateStore.openFailure(ENXIO) == .damaged("it is not a regular file (No such device or address)"))
    }

    @Test("a file without read permission is left alone (only where permissions bind: not as root)",
          .enabled(if: getuid() != 0, "root reads a file of mode 000"))
    func noPermission() throws {
        let store = scratch.store()
        try plant(Self.saved, in: store)
        let path = store.fileURL(for: .alice).path
        chmod(path, 0)
        defer { chmod(path, 0o644) }
        #expect(store.load(.alice) == .leftAlone(BookState(), problem: "the file cannot be opened: Permission denied",
                                                 cause: .unreadable))
        #expect(scratch.names(in: store.directory) == ["0123456789abcdef.json"])
    }

    @Test("a file that changes while it is read is left alone",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func changesWhileRead() throws {
        let store = scratch.store()
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        // Says it is empty, then reads a few hundred bytes: as if it grew under the reader.
        try FileManager.default.createSymbolicLink(atPath: store.fileURL(for: .alice).path,
                                                   withDestinationPath: "/proc/self/status")
        #expect(store.load(.alice) == .leftAlone(BookState(), problem: "the file changed while it was read",
                                                 cause: .unreadable))
        #expect(scratch.names(in: store.directory) == ["0123456789abcdef.json"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.fileURL(for: .alice).path)
                == "/proc/self/status")
    }

    @Test("a damaged file is still moved aside, not left alone")
    func damagedStillMovedAside() throws {
        let store = scratch.store()
        try plant(#"{"format":1,"position":"#, in: store)
        guard case .recovered(_, _, let movedTo) = store.load(.alice) else {
            Issue.record("expected a recovery")
            return
        }
        #expect(movedTo != nil)
        #expect(!FileManager.default.fileExists(atPath: store.fileURL(for: .alice).path))
    }
}
