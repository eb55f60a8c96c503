import FoundationEssentials

/// How two sessions on one book share its bookmarks: a three-way merge of bookmark lists.
///
/// A bookmark is known by its offset: a book has at most one bookmark per place (as
/// `BookState.addBookmark` keeps it: marking a place again renames the bookmark there), so
/// two sessions that mark the same place make one bookmark, and a rename is a change to a
/// bookmark, not a new one. Its name and date are what may change.
///
/// `mine` is the saving session's list, `base` the list it was last in step with (the one
/// it loaded, or last saved), `theirs` the list on disk now (another session may have saved
/// since). Place by place:
/// - added or changed by me (in `mine`, not as it was in `base`): mine;
/// - removed by me (in `base`, not in `mine`): removed, unless the other session changed it
///   since (then theirs: a removal only takes away what it saw);
/// - untouched by me: as it is on disk (kept, renamed or removed by the other session).
///
/// The result is sorted by offset. Merging again onto the result changes nothing.
public enum BookmarkMerge {
    public static func merge(mine: [Bookmark], base: [Bookmark], theirs: [Bookmark]) -> [Bookmark] {
        PlaceMerge.merge(mine: mine, base: base, theirs: theirs, key: \.offset).sorted { $0.offset < $1.offset }
    }
}

/// Highlights merge as bookmarks do (`BookmarkMerge`), each known by its passage: a passage
/// highlighted in two sessions is one highlight, and a new colour or note is a change to it.
/// The result is sorted by start, then end.
public enum HighlightMerge {
    public static func merge(mine: [Highlight], base: [Highlight], theirs: [Highlight]) -> [Highlight] {
        PlaceMerge.merge(mine: mine, base: base, theirs: theirs, key: \.range).sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }
}

/// The three-way merge of places known by a key (see `BookmarkMerge`): mine where I changed
/// them since `base`, removed where I removed them and they were not changed since, theirs
/// otherwise. Of several places with one key in a list (a file edited by hand), the first.
enum PlaceMerge {
    static func merge<Place: Equatable, Key: Hashable>(mine: [Place], base: [Place], theirs: [Place],
                                                       key: (Place) -> Key) -> [Place] {
        func byKey(_ list: [Place]) -> [Key: Place] {
            Dictionary(list.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        }
        let mineAt = byKey(mine), baseAt = byKey(base), theirsAt = byKey(theirs)
        var merged: [Place] = []
        for k in Set(mineAt.keys).union(baseAt.keys).union(theirsAt.keys) {
            let m = mineAt[k], b = baseAt[k], t = theirsAt[k]
            let kept: Place?
            if let m, m != b {
                kept = m
            } else if m == nil, b != nil {
                kept = t == b ? nil : t
            } else {
                kept = t
            }
            if let kept { merged.append(kept) }
        }
        return merged
    }
}

/// The bookmarks and highlights a session was last in step with on disk: what its next save
/// merges its own changes against (`StateStore.save(_:for:since:)`).
public struct SavedMarks: Sendable, Equatable {
    public var bookmarks: [Bookmark]
    public var highlights: [Highlight]

    public init(bookmarks: [Bookmark] = [], highlights: [Highlight] = []) {
        self.bookmarks = bookmarks
        self.highlights = highlights
    }
}

extension BookState {
    /// This state's bookmarks and highlights.
    public var marks: SavedMarks { SavedMarks(bookmarks: bookmarks, highlights: highlights) }

    /// This state as it is saved over `theirs` (the bookmarks on disk now), when its own
    /// bookmarks were last in step with `base`: the bookmarks merged (`BookmarkMerge`), the
    /// position, settings and title this state's own (the session that saves last wins them).
    public func merged(onto theirs: [Bookmark], since base: [Bookmark]) -> BookState {
        var state = self
        state.bookmarks = BookmarkMerge.merge(mine: bookmarks, base: base, theirs: theirs)
        return state
    }

    /// This state saved over `theirs` (what is on disk now), its bookmarks and highlights last
    /// in step with `base`: both merged, the rest this state's own.
    public func merged(onto theirs: SavedMarks, since base: SavedMarks) -> BookState {
        var state = merged(onto: theirs.bookmarks, since: base.bookmarks)
        state.highlights = HighlightMerge.merge(mine: highlights, base: base.highlights, theirs: theirs.highlights)
        return state
    }
}
