import Glibc
import Pagination
import ReaderState

extension BookState {
    /// The anchors of the reading position and of every bookmark in `text` (`TextAnchor`): the
    /// text that starts at each, to find them again in a later version of the book.
    static func anchors(position: Int, bookmarks: [Bookmark], in text: BookText) -> [TextAnchor] {
        var offsets = [position] + bookmarks.map(\.offset)
        offsets = offsets.filter { $0 >= 0 && $0 <= text.scalarCount }
        var seen = Set<Int>()
        return offsets.compactMap { offset in
            guard seen.insert(offset).inserted else { return nil }
            let end = min(offset + TextAnchor.length, text.scalarCount)
            return TextAnchor(offset: offset, text: text.string(offset..<end))
        }
    }

    /// This state's places found again in `text`, a later version of the book it was saved
    /// for (`StateStore.state(savedFor:except:)`): the position, each bookmark and each
    /// highlight move to where the text they started with now is (of its occurrences, the one
    /// nearest where the position's shift puts them); one whose text is gone moves by that
    /// shift, within the book. Nil when the position's own text is not in `text`, or was never
    /// saved with it: then this is another book's state, and it passes nothing on.
    func relocated(in text: BookText) -> BookState? {
        guard let anchor = anchors.first(where: { $0.offset == position }), !anchor.text.isEmpty,
              let moved = Self.find(anchor, in: text) else { return nil }
        var state = self
        state.position = moved
        // The text moved by this much at the position: each place is looked for nearest where
        // that shift would put it (a common word occurs every few lines, so the occurrence
        // nearest its old offset is often another one).
        let shift = moved - position
        state.bookmarks = bookmarks.map { mark in
            var mark = mark
            let found = anchors.first { $0.offset == mark.offset }
                .flatMap { $0.text.isEmpty ? nil : Self.find(TextAnchor(offset: $0.offset + shift, text: $0.text), in: text) }
            mark.offset = found ?? min(max(mark.offset + shift, 0), text.scalarCount)
            return mark
        }
        // A highlight keeps its own text's beginning: found again there, it keeps its length.
        // Two that land on one passage become one (their notes joined), as the merge keys them.
        var highlightsByPassage: [Range<Int>: Int] = [:]
        state.highlights = []
        for h in highlights {
            var h = h
            let found = h.text.isEmpty ? nil : Self.find(TextAnchor(offset: h.start + shift, text: h.text), in: text)
            let length = h.end - h.start
            h.start = min(max(found ?? h.start + shift, 0), text.scalarCount)
            h.end = min(h.start + length, text.scalarCount)
            guard h.end > h.start else { continue }
            if let k = highlightsByPassage[h.range] {
                if !h.note.isEmpty { state.highlights[k].note += (state.highlights[k].note.isEmpty ? "" : "\n") + h.note }
                continue
            }
            highlightsByPassage[h.range] = state.highlights.count
            state.highlights.append(h)
        }
        state.highlights.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        state.anchors = Self.anchors(position: state.position, bookmarks: state.bookmarks, in: text)
        return state
    }

    /// The scalar offset of the occurrence of `anchor`'s text in `text` nearest its old offset;
    /// nil when it does not occur, or is longer than an anchor is made (a state file
    /// someone else wrote: searching for a long text in a long book costs their product).
    public static func find(_ anchor: TextAnchor, in text: BookText) -> Int? {
        guard anchor.text.unicodeScalars.count <= TextAnchor.length else { return nil }
        let needle = Array(anchor.text.utf8)
        var best: Int?
        text.utf8.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pattern in
                guard let base = hay.baseAddress, let p = pattern.baseAddress, pattern.count > 0 else { return }
                let first = Int32(needle[0])
                var from = 0
                // Each place the first byte occurs (memchr), compared whole (memcmp).
                while from + pattern.count <= hay.count,
                      let hit = memchr(base + from, first, hay.count - pattern.count + 1 - from) {
                    let byte = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(hit, p, pattern.count) == 0 {
                        let offset = text.scalarOffset(ofByte: byte)
                        if best.map({ abs(offset - anchor.offset) < abs($0 - anchor.offset) }) ?? true { best = offset }
                    }
                    from = byte + 1
                }
            }
        }
        return best
    }
}
