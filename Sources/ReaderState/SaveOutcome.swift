/// What a session's save (`StateStore.save(_:for:since:)`) wrote, and what it did on the way
/// that the reader should be told.
public struct SaveOutcome: Equatable, Sendable {
    /// The state written: the session's own, its bookmarks merged with those on disk (so it
    /// holds the bookmarks another session saved meanwhile, and the session can adopt them).
    public var saved: BookState
    /// One line about something this save did besides writing, nil when nothing: a damaged
    /// file found in the state's place was moved aside, or the file system cannot lock and
    /// the state was saved without the lock (`StateLock`).
    public var notice: String?

    public init(saved: BookState, notice: String? = nil) {
        self.saved = saved
        self.notice = notice
    }
}
