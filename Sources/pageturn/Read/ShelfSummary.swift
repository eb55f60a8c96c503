import Library
import Reader

/// What `read` prints when a run ends on the shelf, one JSON line: the books shown (each
/// book's path and title, in the shelf's order, those the filter leaves), what was typed to
/// filter them, the selected book's path, the notice shown, and how many frames were drawn.
///
///     {"frames":12,"notice":null,"query":"war","selected":"/books/war.txt",
///      "shelf":[{"path":"/books/war.txt","title":"War and Peace"}],"books":3}
struct ShelfSummary: Encodable {
    struct Book: Encodable {
        var path: String
        var title: String
    }

    /// The books shown.
    var shelf: [Book]
    /// How many books are on the shelf, shown or not.
    var books: Int
    var query: String
    var selected: String?
    var notice: String?
    var frames: Int

    init(_ s: ShelfSession, frames: Int) {
        shelf = s.shown.map { Book(path: s.books[$0].path, title: s.books[$0].metadata.title) }
        books = s.books.count
        query = s.query
        selected = s.selectedBook?.path
        notice = s.notice
        self.frames = frames
    }
}
