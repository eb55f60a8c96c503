import FoundationEssentials

extension BookState {
    /// Adds a bookmark at `offset`, keeping the list sorted by offset, and returns its index.
    ///
    /// A bookmark already at `offset` is renamed (and keeps its date) rather than doubled.
    /// A negative offset is taken as 0.
    @discardableResult
    public mutating func addBookmark(name: String, offset: Int, now: Date = Date()) -> Int {
        let offset = max(0, offset)
        if let existing = bookmarks.firstIndex(where: { $0.offset == offset }) {
            bookmarks[existing].name = name
            return existing
        }
        let index = bookmarks.firstIndex(where: { $0.offset > offset }) ?? bookmarks.endIndex
        bookmarks.insert(Bookmark(name: name, offset: offset, created: now), at: index)
        return index
    }

    /// Removes and returns the bookmark at `index`, or returns nil when there is none there.
    @discardableResult
    public mutating func removeBookmark(at index: Int) -> Bookmark? {
        guard bookmarks.indices.contains(index) else { return nil }
        return bookmarks.remove(at: index)
    }
}
