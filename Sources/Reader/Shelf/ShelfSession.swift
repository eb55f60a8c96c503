import Library
import PageTurner

/// The shelf of books as a session: the books (`ShelfListing`'s), what was typed to filter
/// them, the one selected, how far the grid is scrolled; inputs in, a `ShelfScene` out. Pure,
/// as `ReaderSession` is: no window, no clock, no disk. What the person asks that reaches
/// beyond it — open a book, remove one from the history — waits in `takeRequests()` for
/// whoever runs it.
///
/// - A click (or tap) on a book opens it; a drag scrolls the grid, as the wheel does.
/// - Typing filters by title and author (`ShelfBook.matches`); BackSpace takes a letter
///   back, Escape clears it (it never quits).
/// - The arrows move the selection (up and down by a row), PageUp and PageDown by a page of
///   rows, Home and End to the ends; Enter opens the selected book; Delete removes it from
///   the shelf (never its file).
/// - A book that cannot be opened (its file gone, or unreadable) says so instead of opening.
public final class ShelfSession: ReaderScreen {
    /// Every book on the shelf, in the shelf's order.
    public private(set) var books: [ShelfBook]
    /// What was typed to filter them.
    public private(set) var query = ""
    /// The books shown: indices into `books`, those matching `query`.
    public private(set) var shown: [Int]
    /// The selected book, as an index into `shown` (0 when there are none).
    public private(set) var selected = 0
    /// How far the grid is scrolled, in logical pixels.
    public private(set) var scroll = 0.0
    public private(set) var size: Size
    public var theme: Theme
    /// A line to show at the foot of the window; nil for none.
    public private(set) var notice: String?
    public var needsRedraw = true
    public private(set) var quitRequested = false
    /// The library folders searched, for the message of an empty shelf.
    public let folders: [String]

    /// What the person asked of the world beyond the shelf.
    public enum Request: Sendable, Equatable {
        /// Open this book (the path of a book that can be opened).
        case open(String)
        /// Remove this book from the shelf's history (`ShelfSettings.remove`).
        case remove(String)
    }

    private var requests: [Request] = []
    /// Pointers down: where each went down, the scroll then, and whether it moved past the slop.
    private var pointers: [Int: (down: Point, scroll: Double, dragged: Bool)] = [:]

    /// How far a press may move and still be a click, in logical pixels.
    static let clickSlop = 10.0
    /// How far one wheel step scrolls, in logical pixels.
    static let wheelStep = 60.0
    /// The longest filter kept, in characters.
    static let longestQuery = 200

    public init(listing: ShelfListing, size: Size, theme: Theme = .paper) {
        books = listing.books
        folders = listing.folders
        shown = Array(listing.books.indices)
        self.size = size
        self.theme = theme
    }

    public var grid: ShelfGrid { ShelfGrid(size: size) }

    /// The selected book, if any is shown.
    public var selectedBook: ShelfBook? { shown.isEmpty ? nil : books[shown[selected]] }

    /// Shows `line` at the foot of the window (a book that could not be opened).
    public func show(notice line: String) {
        notice = line
        needsRedraw = true
    }

    /// The requests made since the last call, oldest first.
    public func takeRequests() -> [Request] {
        defer { requests.removeAll() }
        return requests
    }

    // MARK: - ReaderScreen

    public var isAnimating: Bool { false }
    public var wantsTextInput: Bool { true }
    public var pointersDown: [Int] { pointers.keys.sorted() }
    public func isPointerDown(_ id: Int) -> Bool { pointers[id] != nil }
    public func advance(to time: Double) {}

    public func handle(_ input: ReaderInput, at time: Double) {
        needsRedraw = true
        switch input {
        case .pointerDown(let id, let p):
            pointers[id] = (p, scroll, false)
        case .pointerMove(let id, let p):
            guard var pointer = pointers[id] else { return }
            if !pointer.dragged && p.distance(to: pointer.down) > Self.clickSlop { pointer.dragged = true }
            if pointer.dragged { scroll(to: pointer.scroll - (p.y - pointer.down.y)) }
            pointers[id] = pointer
        case .pointerUp(let id, let at):
            guard let pointer = pointers.removeValue(forKey: id) else { return }
            if !pointer.dragged, let p = at, let index = grid.book(at: p, count: shown.count, scroll: scroll) {
                selected = index
                open(shown[index])
            }
        case .pointerCancel(let id):
            pointers[id] = nil
        case .wheel(let steps):
            scroll(to: scroll + Double(steps) * Self.wheelStep)
        case .scroll(_, let dy):
            scroll(to: scroll + dy)
        case .key(let key, _):
            press(key)
        case .text(let text):
            setQuery(String((query + text).prefix(Self.longestQuery)))
        case .resize(let to):
            size = to
            scroll(to: grid.scroll(showing: selected, from: scroll, count: shown.count))
        case .quit:
            quitRequested = true
        case .openShelf, .copy, .openFind:
            break
        }
    }

    private func press(_ key: ReaderKey) {
        let columns = grid.columns
        switch key {
        case .left: select(selected - 1)
        case .right, .tab: select(selected + 1)
        case .up: select(selected - columns)
        case .down: select(selected + columns)
        case .pageUp: select(selected - columns * grid.rowsPerPage)
        case .pageDown: select(selected + columns * grid.rowsPerPage)
        case .home: select(0)
        case .end: select(shown.count - 1)
        case .enter: if !shown.isEmpty { open(shown[selected]) }
        case .delete: removeSelected()
        case .backspace: if !query.isEmpty { setQuery(String(query.dropLast())) }
        case .escape: if !query.isEmpty { setQuery("") } else { notice = nil }
        default: break
        }
    }

    private func select(_ index: Int) {
        guard !shown.isEmpty else { return }
        selected = min(max(0, index), shown.count - 1)
        scroll(to: grid.scroll(showing: selected, from: scroll, count: shown.count))
    }

    private func scroll(to value: Double) {
        scroll = min(max(0, value), grid.maximumScroll(count: shown.count))
    }

    private func open(_ index: Int) {
        let book = books[index]
        if book.isMissing {
            notice = "\(book.metadata.title): the file is gone (Delete removes it from the shelf)"
        } else if let problem = book.metadata.problem {
            notice = "\(book.metadata.title) cannot be opened: \(problem)"
        } else {
            notice = nil
            requests.append(.open(book.path))
        }
    }

    private func removeSelected() {
        guard !shown.isEmpty else { return }
        let removed = books.remove(at: shown[selected])
        requests.append(.remove(removed.path))
        notice = "\(removed.metadata.title) was removed from the shelf (its file is kept)"
        refilter(keepingSelection: selected)
    }

    private func setQuery(_ text: String) {
        query = text
        refilter(keepingSelection: 0)
        scroll = 0
    }

    private func refilter(keepingSelection index: Int) {
        shown = books.indices.filter { query.isEmpty || books[$0].matches(query) }
        selected = shown.isEmpty ? 0 : min(index, shown.count - 1)
        scroll(to: grid.scroll(showing: selected, from: scroll, count: shown.count))
    }
}
