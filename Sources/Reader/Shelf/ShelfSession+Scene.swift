import Library
import PageTurner

extension ShelfSession {
    /// The frame to draw now.
    public var scene: ShelfScene {
        let grid = self.grid
        let range = grid.visible(count: shown.count, scroll: scroll)
        let items = range.map { index -> ShelfScene.Item in
            let book = books[shown[index]]
            let mark: String? = book.isMissing ? "missing" : book.metadata.problem != nil ? "cannot be read" : nil
            return ShelfScene.Item(book: book, cover: grid.cover(index, scroll: scroll), selected: index == selected,
                                   progressLabel: ShelfScene.progressLabel(book.progress), mark: mark)
        }
        let noun = books.count == 1 ? "book" : "books"
        let count = query.isEmpty ? "\(books.count) \(noun)" : "\(shown.count) of \(books.count) \(noun)"
        return ShelfScene(size: size, theme: theme, grid: grid, heading: "Library", query: query, count: count, items: items,
                          emptyMessage: emptyMessage, notice: notice, scrollThumb: scrollThumb(grid))
    }

    private var emptyMessage: String? {
        guard shown.isEmpty else { return nil }
        if !books.isEmpty { return "No book matches “\(query)”" }
        if folders.isEmpty { return "No books yet: open one with pageturn read BOOK, or add a folder with --library DIR" }
        return "No books in " + folders.joined(separator: ", ")
    }

    /// The scroll bar's thumb: its share of the track is the share of the grid in view.
    private func scrollThumb(_ grid: ShelfGrid) -> Rect? {
        let maximum = grid.maximumScroll(count: shown.count)
        guard maximum > 0 else { return nil }
        let track = grid.visibleHeight
        let total = track + maximum
        let height = max(24, track * track / total)
        let y = grid.top - ShelfGrid.headingHeight / 2 + (track - height) * scroll / maximum
        return Rect(x: size.width - 6, y: y, width: 4, height: height)
    }
}
