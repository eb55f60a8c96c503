import Library
import PageTurner

/// One frame of the shelf, as `ShelfSession` describes it and Rendering draws it (as a
/// `ReaderScene` is for a page): nothing in it is decided by the drawing.
public struct ShelfScene: Sendable {
    public let size: Size
    public let theme: Theme
    public let grid: ShelfGrid
    /// The heading's title.
    public let heading: String
    /// What was typed to filter the books ("" for none).
    public let query: String
    /// The filter field's hint when nothing is typed.
    public static let queryHint = "Type to find a book"
    /// "3 books", "2 of 40 books".
    public let count: String
    /// The books in view.
    public let items: [Item]
    /// What to say where there are no books to show; nil when there are.
    public let emptyMessage: String?
    /// A line over the foot of the window (a book that cannot be opened, a book removed); nil
    /// for none.
    public let notice: String?
    /// The scroll bar's thumb at the right edge, when the books do not fit.
    public let scrollThumb: Rect?

    /// A book in view.
    public struct Item: Sendable {
        public let book: ShelfBook
        /// Where its cover goes (its caption below).
        public let cover: Rect
        /// Selected by the keys (drawn with a ring).
        public let selected: Bool
        /// "42%" for a book opened; nil for one never opened.
        public let progressLabel: String?
        /// Why it cannot be opened, in a word or two ("missing", "cannot be read"); nil when it can.
        public let mark: String?
    }

    /// A progress as the caption shows it: whole percent, rounded down (so 100% means the
    /// last page), nil for a book never opened.
    public static func progressLabel(_ progress: Double?) -> String? {
        progress.map { "\(Int(($0 * 100).rounded(.down)))%" }
    }
}
