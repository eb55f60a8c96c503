import Dispatch
import FileWriting
import FoundationEssentials
import PageTurner
import Pagination
import ReaderState
import Synchronization

/// Keeps a book's reading state in a `StateStore`: what a session starts from, and a save
/// whenever the position, the bookmarks or the preferences change and when the reader quits.
///
/// Saves are written on a serial background queue, so a page turn never waits for the disk
/// (each write is a temporary file, two fsyncs and a rename, atomic as `StateStore.save`
/// makes it). They coalesce: while a write is in flight, a newer state replaces the one
/// waiting, so the next write is always the latest state and an older state is never written
/// after a newer one. Saves that would write the state already written or waiting are skipped.
///
/// Whoever ends the process calls `finish(_:)` first (or `flush()`): it saves the last state
/// and returns once it is on disk. The event loops quit cleanly on SIGINT and SIGTERM, so the
/// caller reaches it then too.
///
/// A state file this version must not overwrite (`LoadResult.leftAlone`: written by a newer
/// PageTurn, or unreadable when the book was opened) is reported once and turns saving off
/// for the rest of the session.
///
/// Another session on the book (a second window, a script) may save between two of this
/// one's saves. Each save therefore merges (`StateStore.save(_:for:since:)`): the bookmarks
/// this session added, renamed or removed since the list it was last in step with (`inStep`:
/// the one it loaded, wrote or adopted) are applied to those on disk, under the book's lock.
/// What the other session added then comes back in the saved state; once the writer is idle,
/// the session adopts it at its next tick (`ReaderSession.onAdvance`), keeping its own later
/// changes and its reading position, so its bookmark list is the one on disk as of its last
/// save (every page turn saves; the file is not watched between saves).
public final class SessionPersistence: Sendable {
    /// Where the state is kept.
    public let store: StateStore
    /// The book's key in `store`.
    public let key: BookKey
    /// Writes one state over the bookmarks it was last in step with (`store.save` for the key,
    /// merging); tests slow it down or watch it.
    private let write: @Sendable (BookState, _ inStep: SavedMarks) throws -> SaveOutcome
    private let queue = DispatchQueue(label: "pageturn.session-persistence")
    private let shared = Mutex(Shared())
    /// The book's text and file, when the keeper was made for a book read from a file.
    private let book: BookFile?

    /// A book's text and the absolute path of its file (nil: not known).
    struct BookFile: Sendable {
        var text: BookText
        var path: String?
    }

    /// What the caller's thread and the writer's queue share, under `shared`'s lock.
    private struct Shared {
        var report: @Sendable (String) -> Void = SessionPersistence.toStandardError
        /// The newest state handed to the writer (written, being written or waiting); nil when
        /// none was, or the last write failed and nothing newer waits (so it is tried again).
        var latest: BookState?
        /// The state waiting for the writer, if any.
        var pending: BookState?
        /// Whether a drain is scheduled or running on the queue.
        var draining = false
        var reportedFailure = false
        /// Whether the last write failed (the state on disk is not the session's last).
        var lastSaveFailed = false
        /// Off once `load` found a file that must be left alone.
        var saving = true
        /// What `load` found wrong with the saved state, if anything.
        var loadProblem: String?
        /// The bookmarks and highlights the session's lists were last in step with on disk:
        /// those loaded, then those of each state written (the session's own), or adopted. What
        /// the session changed since is what the next write applies to those on disk.
        var inStep = SavedMarks()
        /// The last write's merge, when it brought in bookmarks or highlights the session does
        /// not have: the session's lists as written, and the merged lists written.
        var unadopted: (written: SavedMarks, merged: SavedMarks)?
        /// Notices of saves (`SaveOutcome.notice`) already reported.
        var reportedNotices: Set<String> = []
    }

    /// Where problems go (stderr by default), once each: a file that could not be used, when
    /// the book is loaded (on the loading thread), and the first save that failed (on the
    /// writer's queue). It must be safe to call from any thread, and must not call `flush()`
    /// or `finish(_:)` (it may run on the queue they wait for).
    public var report: @Sendable (String) -> Void {
        get { shared.withLock { $0.report } }
        set { shared.withLock { $0.report = newValue } }
    }

    /// Whether the last save failed, once every save handed over has run (call `flush()`
    /// or `finish(_:)` first): the reading state on disk is then not the session's last, and
    /// the command exits non-zero (the failure was reported once, as it happened).
    public var lastSaveFailed: Bool { shared.withLock { $0.lastSaveFailed } }

    /// Whether this session saves its state: false once `load` found a saved file it must
    /// leave alone (`LoadResult.leftAlone`).
    public var savesState: Bool { shared.withLock { $0.saving } }

    /// Why `load` could not use the book's saved state (damaged and moved aside, written by
    /// a newer PageTurn, or unreadable), in words; nil when it was used or there was none. What
    /// reads the state without opening the book (`pageturn annotations`) refuses on it.
    public var loadProblem: String? { shared.withLock { $0.loadProblem } }

    /// A keeper of `book`'s state in `store`; call `load(into:overrides:)` before saving.
    /// With `file` (the book file's absolute path), a book that changed since it was last read
    /// finds its state again by the file, and its places by their text (`BookState.relocated`).
    public convenience init(store: StateStore, book: Book, file: String? = nil) {
        let key = BookKey(textDigest: book.digest)
        self.init(store: store, key: key, book: BookFile(text: book.text, path: file)) { try store.save($0, for: key, since: $1) }
    }

    /// A keeper whose writes go through `write` instead of `store.save`.
    init(store: StateStore, key: BookKey, book: BookFile? = nil,
         write: @escaping @Sendable (BookState, _ inStep: SavedMarks) throws -> SaveOutcome) {
        self.store = store
        self.key = key
        self.book = book
        self.write = write
    }


    /// A keeper whose writes go to `write` and merge nothing.
    convenience init(store: StateStore, key: BookKey, write: @escaping @Sendable (BookState) throws -> Void) {
        self.init(store: store, key: key) { state, _ in
            try write(state)
            return SaveOutcome(saved: state)
        }
    }

    @Sendable static func toStandardError(_ line: String) {
        StandardError.write("pageturn: " + PrintableText.escaped(line) + "\n")
    }

    /// Loads the book's state into `start` (the options the person gave win over saved
    /// preferences: pass them as `overrides`). A state file that was damaged has been moved
    /// aside; one from a newer PageTurn, or that could not be read, is left where it is and
    /// this session will not save over it. Either is reported here once and in the window, and
    /// the book opens at its start.
    public func load(into start: inout ReaderStart, overrides: (inout ReaderPreferences) -> Void = { _ in }) {
        var result = store.load(key)
        var state = result.state
        var foundAgain = false
        if case .fresh = result, let book, let file = book.path,
           let earlier = store.state(savedFor: file, except: key), let found = earlier.relocated(in: book.text) {
            // The book at this file changed since it was read (a chapter added, a typo fixed):
            // its place and bookmarks, found again by their text, are this version's first save.
            state = found
            result = .loaded(found)
            foundAgain = true
            start.notice = "The book changed since it was last read: its place and bookmarks were found again"
        }
        switch result {
        case .recovered(_, let problem, let movedTo):
            let where_ = movedTo.map { " (moved aside to \($0.lastPathComponent))" } ?? ""
            shared.withLock { $0.loadProblem = "the saved state of this book could not be read: \(problem)\(where_)" }
            report("the saved state of this book could not be read: \(problem)\(where_); opening at the start")
            start.notice = "Saved state was damaged: opening at the start"
        case .leftAlone(_, let problem, let cause):
            shared.withLock {
                $0.saving = false
                $0.loadProblem = "the saved state of this book could not be read: \(problem)"
            }
            report("the saved state of this book was not used: \(problem); opening at the start, "
                   + "and this session will not save over it")
            // Short enough for a narrow window; stderr has the whole story.
            let why = cause == .newerFormat ? "newer version" : "unreadable"
            start.notice = "Saved state not used (\(why)); not saving over it"
        case .loaded where foundAgain:
            break  // nothing of it is on disk under this key yet: the first save writes it whole
        case .loaded:
            shared.withLock {
                $0.latest = state
                $0.inStep = state.marks
            }
        case .fresh:
            break
        }
        start.position = state.position
        start.bookmarks = state.bookmarks
        start.highlights = state.highlights
        var p = start.preferences
        // A book never saved keeps what its text suggests (`ReaderStart`'s progression).
        if case .fresh = result {} else { p = ReaderPreferences(saved: state.settings) }
        overrides(&p)
        start.preferences = p
    }

    /// The state of `session` as the store keeps it: with `file`, the book's file and the
    /// text at its places (`TextAnchor`), to find them again if the book changes.
    public static func state(of session: ReaderSession, file: String? = nil) -> BookState {
        var state = BookState(position: session.position, bookmarks: session.bookmarks, settings: session.preferences.saved,
                              title: session.book.title, author: session.book.author, progress: session.progress)
        state.highlights = session.highlights
        if let file {
            state.file = file
            state.anchors = BookState.anchors(position: state.position, bookmarks: state.bookmarks, in: session.book.text)
        }
        return state
    }

    /// Hands `session`'s state to the writer if it changed since the last save, and returns at
    /// once; the write happens on the background queue. Failures are reported once.
    public func save(_ session: ReaderSession) {
        save(Self.state(of: session, file: book?.path))
    }

    /// Saves `session`'s state and waits until every save is on disk (or has failed and been
    /// reported): what to call before the process ends.
    public func finish(_ session: ReaderSession) {
        save(session)
        flush()
    }

    /// Waits until every state handed over before this call is written (or has failed).
    public func flush() {
        queue.sync {}
    }

    /// Saves after every change that matters, and brings in the bookmarks other sessions
    /// saved (`adoptMerged(into:)`) at every tick.
    public func attach(to session: ReaderSession) {
        session.onChange = { [weak self, weak session] in
            guard let self, let session else { return }
            self.save(session)
        }
        session.onAdvance = { [weak self, weak session] in
            guard let self, let session else { return }
            self.adoptMerged(into: session)
        }
    }

    /// Gives `session` the bookmarks and highlights the last write merged in from another
    /// session, if any and once the writer is idle (a write in flight, or waiting, would merge
    /// again): the session's changes since that write are kept on top, and its position stays.
    /// True when the session's bookmarks or highlights were replaced.
    @discardableResult
    public func adoptMerged(into session: ReaderSession) -> Bool {
        let current = SavedMarks(bookmarks: session.bookmarks, highlights: session.highlights)
        let adopted = shared.withLock { s -> SavedMarks? in
            guard !s.draining, let (written, merged) = s.unadopted else { return nil }
            s.unadopted = nil
            let adopted = SavedMarks(
                bookmarks: BookmarkMerge.merge(mine: current.bookmarks, base: written.bookmarks, theirs: merged.bookmarks),
                highlights: HighlightMerge.merge(mine: current.highlights, base: written.highlights, theirs: merged.highlights))
            s.inStep = merged
            if var latest = s.latest, latest.marks == current {
                latest.bookmarks = adopted.bookmarks
                latest.highlights = adopted.highlights
                s.latest = latest
            }
            return adopted
        }
        guard let adopted, adopted != current else { return false }
        if adopted.bookmarks != current.bookmarks { session.adoptBookmarks(adopted.bookmarks) }
        if adopted.highlights != current.highlights { session.adoptHighlights(adopted.highlights) }
        return true
    }

    /// Hands `state` to the writer: it waits as the one pending state (replacing an older one
    /// still waiting), and a drain is scheduled unless one is already under way.
    func save(_ state: BookState) {
        let schedule = shared.withLock { s -> Bool in
            guard s.saving, state != s.latest else { return false }
            s.latest = state
            s.pending = state
            guard !s.draining else { return false }
            s.draining = true
            return true
        }
        if schedule { queue.async { self.drain() } }
    }

    /// Writes pending states, newest only, until none waits.
    private func drain() {
        while let (state, inStep) = shared.withLock({ s -> (BookState, SavedMarks)? in
            guard let next = s.pending else {
                s.draining = false
                return nil
            }
            s.pending = nil
            return (next, s.inStep)
        }) {
            do {
                let outcome = try write(state, inStep)
                let report = shared.withLock { s -> (@Sendable (String) -> Void)? in
                    s.lastSaveFailed = false
                    s.inStep = state.marks
                    s.unadopted = outcome.saved.marks == state.marks ? nil : (state.marks, outcome.saved.marks)
                    guard let notice = outcome.notice, s.reportedNotices.insert(notice).inserted else { return nil }
                    return s.report
                }
                if let notice = outcome.notice { report?(notice) }
            } catch {
                let report = shared.withLock { s -> (@Sendable (String) -> Void)? in
                    s.lastSaveFailed = true
                    if s.pending == nil { s.latest = nil }
                    guard !s.reportedFailure else { return nil }
                    s.reportedFailure = true
                    return s.report
                }
                let problem = String(describing: error)
                report?(problem.hasPrefix("cannot save") ? problem : "cannot save the reading state: \(problem)")
            }
        }
    }
}
