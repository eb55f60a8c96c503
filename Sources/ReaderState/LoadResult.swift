import Foundation

/// What `StateStore.load` found for a book. Every case carries a state the reader can use.
public enum LoadResult: Equatable, Sendable {
    /// No state was saved for this book yet; a default state.
    case fresh(BookState)
    /// The state last saved.
    case loaded(BookState)
    /// The saved file could not be trusted: it was moved aside to `movedTo` (for the user or
    /// a later version to look at) and a default state is returned. `problem` says what was
    /// wrong in one line. `movedTo` is nil if even moving it aside failed (the folder is then
    /// most likely read-only, and saving will report that).
    case recovered(BookState, problem: String, movedTo: URL?)

    /// The state to use, whatever happened.
    public var state: BookState {
        switch self {
        case .fresh(let state), .loaded(let state), .recovered(let state, _, _): state
        }
    }
}
