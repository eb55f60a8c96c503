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
        let mineAt = byOffset(mine), baseAt = byOffset(base), theirsAt = byOffset(theirs)
        var merged: [Bookmark] = []
        for offset in Set(mineAt.keys).union(baseAt.keys).union(theirsAt.keys) {
            let m = mineAt[offset], b = baseAt[offset], t = theirsAt[offset]
            let kept: Bookmark?
            if let m, m != b {
                kept = m
            } else if m == nil, b != nil {
                kept = t == b ? nil : t
            } else {
                kept = t
            }
            if let kept { merged.append(kept) }
        }
        return merged.sorted { $0.offset < $1.offset }
    }

    /// The bookmarks by offset; of several at one offset (a file edited by hand), the first.
    private static func byOffset(_ marks: [Bookmark]) -> [Int: Bookmark] {
        Dictionary(marks.map { ($0.offset, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension BookState {
    /// This state as it is saved over `theirs` (the bookmarks on disk now), when its own
    /// bookmarks were last in step with `base`: the bookmarks merged (`BookmarkMerge`), the
    /// position, settings and title this state's own (the session that saves last wins them).
    public func merged(onto theirs: [Bookmark], since base: [Bookmark]) -> BookState {
        var state = self
        state.bookmarks = BookmarkMerge.merge(mine: bookmarks, base: base, theirs: theirs)
        return state
    }
}
