import FileWriting
import FoundationEssentials
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Saving, under the book's advisory lock (`StateLock`): a session's save merges with what
/// another session saved meanwhile; a plain save replaces it.
extension StateStore {
    /// Saves a session's `state` for `key` over what is saved there now, its bookmarks merged
    /// (`BookmarkMerge`) with those on disk, `base` being the bookmarks the session was last
    /// in step with (those it loaded, or those of its last save): the bookmarks another
    /// session added meanwhile are kept, those it removed stay removed, and the position,
    /// settings and title are `state`'s. Reading, merging and writing happen under the lock,
    /// so two sessions saving at once both keep their bookmarks. Creates the directory (with
    /// its parents) if needed. Returns what was written.
    ///
    /// The file on disk keeps the guarantees of `load`: a damaged one is moved aside (and
    /// said so in the outcome's `notice`) before the session's state is written in its place;
    /// one written by a newer version, or that cannot be read now, is never saved over (this
    /// throws instead, since what it holds cannot be merged).
    ///
    /// Throws a `StateError` with a one-line description when the state is unsound, the lock
    /// cannot be taken (`StateLock`), or the directory or file cannot be written.
    @discardableResult
    public func save(_ state: BookState, for key: BookKey, since base: [Bookmark]) throws -> SaveOutcome {
        try save(state, for: key, since: SavedMarks(bookmarks: base, highlights: []))
    }

    /// The same, the highlights merged as the bookmarks are (`HighlightMerge`), each against
    /// the list the session was last in step with. (Saved since bookmarks alone, as above, the
    /// highlights are taken as all new: none on disk is removed, none of `state`'s dropped.)
    @discardableResult
    public func save(_ state: BookState, for key: BookKey, since base: SavedMarks) throws -> SaveOutcome {
        try check(state, for: key)
        let url = fileURL(for: key)
        return try locked(key) { unlocked in
            var notices = unlocked.map { ["the reading state was saved without its lock: \($0)"] } ?? []
            let theirs: SavedMarks
            switch examine(url) {
            case .missing:
                theirs = SavedMarks()
            case .state(let saved):
                theirs = saved.marks
            case .leftAlone(let problem, _):
                throw StateError("cannot save the reading state in \(directory.path) without losing the one saved there: \(problem)")
            case .damaged(let problem):
                guard case .recovered(_, _, let movedTo?) = moveAside(url, problem: problem) else {
                    throw StateError("cannot save the reading state in \(directory.path): the saved file is damaged (\(problem)) "
                                     + "and cannot be moved aside")
                }
                notices.append("the saved state of this book was found damaged (\(problem)): "
                               + "moved aside to \(movedTo.lastPathComponent)")
                theirs = SavedMarks()
            }
            let merged = state.merged(onto: theirs, since: base)
            try write(merged, for: key)
            return SaveOutcome(saved: merged, notice: notices.isEmpty ? nil : notices.joined(separator: "; "))
        }
    }

    /// Saves `state` for `key`, replacing the previous save whatever it holds (no merge:
    /// for tools and tests that set a state outright; a reading session saves with
    /// `save(_:for:since:)`). Under the lock, and atomic; creates the directory (with its
    /// parents) if needed. Throws a `StateError` with a one-line description when the state
    /// is unsound (a negative position or offset, a font size that is not a positive number),
    /// the lock cannot be taken, or the directory or file cannot be written.
    public func save(_ state: BookState, for key: BookKey) throws {
        try check(state, for: key)
        try locked(key) { _ in try write(state, for: key) }
    }

    // MARK: - Steps

    private func check(_ state: BookState, for key: BookKey) throws(StateError) {
        if let problem = state.problem {
            throw StateError("cannot save the reading state in \(directory.path): \(problem)")
        }
    }

    private func write(_ state: BookState, for key: BookKey) throws(StateError) {
        let data: Data
        do {
            data = try StateFile.encode(state)
        } catch {
            throw StateError("cannot save the reading state in \(directory.path): \(error)")
        }
        // A file the next load would refuse as too large (and move aside, with the position)
        // is never written: the state on disk stays the last one that fits.
        guard data.count <= StateFile.maximumSize else {
            throw StateError("cannot save the reading state in \(directory.path): it is \(data.count) bytes, "
                             + "more than the \(StateFile.maximumSize) a state file may be (fewer or shorter notes would fit)")
        }
        do {
            try AtomicFile.write(data, to: fileURL(for: key))
        } catch {
            throw StateError(String(describing: error))
        }
    }

    /// Runs `body` under the lock of `key` (see `StateLock.holding`). The directory is made
    /// only when the lock file cannot be, for want of it: the common path costs one `open`.
    private func locked<T>(_ key: BookKey, _ body: (String?) throws -> T) throws -> T {
        let path = lockURL(for: key).path
        do {
            return try StateLock.holding(path, timeout: lockTimeout, body)
        } catch let failure as StateLock.Failure {
            // No folder for the lock file: made here, unless another session made it between
            // the lock's failure and now (then made already: the lock is tried again).
            guard failure.code == ENOENT || failure.code == ENOTDIR else {
                throw StateError("cannot save the reading state in \(directory.path): \(failure)")
            }
        }
        if !Self.isDirectory(directory.path) { try Self.makeDirectories(directory.path) }
        do {
            return try StateLock.holding(path, timeout: lockTimeout, body)
        } catch let failure as StateLock.Failure {
            throw StateError("cannot save the reading state in \(directory.path): \(failure)")
        }
    }
}
