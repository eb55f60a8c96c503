import FoundationEssentials
import ReaderState

/// Where the reader is in the book and the places they marked: the reading position (the
/// first character of the page being read, a scalar offset) and the bookmarks, sorted by
/// offset, all within the book.
struct ReadingPlace {
    var position: Int
    var bookmarks: [SessionBookmark]

    /// The place `start` names, clamped to a book of `scalarCount` scalars.
    init(position: Int, bookmarks: [SessionBookmark], scalarCount: Int) {
        self.position = min(max(0, position), max(0, scalarCount - 1))
        self.bookmarks = Self.clamped(bookmarks, scalarCount: scalarCount)
    }

    /// Bookmarks with their offsets clamped to the book (0…scalarCount − 1), as `BookState`
    /// leaves to the reader: a saved state may come from an edited file or a longer version of
    /// the book. Sorted by offset; of several that land on the same offset the first is kept.
    static func clamped(_ marks: [SessionBookmark], scalarCount: Int) -> [SessionBookmark] {
        let last = max(0, scalarCount - 1)
        var seen = Set<Int>()
        var out: [SessionBookmark] = []
        for var m in marks {
            m.offset = min(max(0, m.offset), last)
            if seen.insert(m.offset).inserted { out.append(m) }
        }
        return out.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }

    /// Marks `offset` with `name` (renaming the bookmark already there); true when one was
    /// there already.
    mutating func addBookmark(name: String, offset: Int, date: Date) -> Bool {
        var state = BookState(bookmarks: bookmarks)
        let existed = bookmarks.contains { $0.offset == offset }
        state.addBookmark(name: name, offset: offset, now: date)
        bookmarks = state.bookmarks
        return existed
    }

    /// Removes the bookmark at `index`; false when there is none.
    mutating func removeBookmark(at index: Int) -> Bool {
        var state = BookState(bookmarks: bookmarks)
        guard state.removeBookmark(at: index) != nil else { return false }
        bookmarks = state.bookmarks
        return true
    }
}
