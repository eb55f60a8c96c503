import FoundationEssentials

/// What `StateStore.load` found for a book. Every case carries a state the reader can use.
public enum LoadResult: Equatable, Sendable {
    /// No state was saved for this book yet; a default state.
    case fresh(BookState)
    /// The state last saved.
    case loaded(BookState)
    /// The saved file could not be trusted (its content is the problem: not JSON, the wrong
    /// shape, unsound values, far too large, not a regular file): it was moved aside to
    /// `movedTo` (for the user to look at) and a default state is returned. `problem` says
    /// what was wrong in one line. `movedTo` is nil if even moving it aside failed (the folder
    /// is then most likely read-only, and saving will report that).
    case recovered(BookState, problem: String, movedTo: URL?)
    /// The saved file is there but this version cannot use it, and nothing says it is damaged:
    /// it was written by a newer PageTurn (`.newerFormat`), or it could not be opened or read
    /// just now (`.unreadable`: permission denied, an I/O error, no file descriptor free, the
    /// file changed while it was read). It is left where it is, untouched, and a default state
    /// is returned; `problem` says why in one line.
    ///
    /// Whoever gets this must not save over the file for as long as it uses this result (a
    /// reading session: `SessionPersistence` stops saving that book), so the position it holds
    /// survives for the version, or the moment, that can read it.
    case leftAlone(BookState, problem: String, cause: LeftAloneCause)

    /// The state to use, whatever happened.
    public var state: BookState {
        switch self {
        case .fresh(let state), .loaded(let state), .recovered(let state, _, _), .leftAlone(let state, _, _): state
        }
    }
}

/// Why `StateStore.load` left a saved file alone (see `LoadResult.leftAlone`).
public enum LeftAloneCause: Equatable, Sendable {
    /// The file is in a format newer than this version reads: written by a newer PageTurn.
    case newerFormat
    /// The file could not be opened or read this time; its content was not looked at.
    case unreadable
}
