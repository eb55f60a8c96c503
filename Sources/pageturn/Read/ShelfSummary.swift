import Library
import Reader

/// What `read` prints when a run ends on the shelf, one JSON line: the books shown (each
/// book's path and title, in the shelf's order, those the filter leaves), what was typed to
/// filter them, the selected book's path, the notice shown, how many frames were drawn, and
/// where the covers in view are (logical pixels), as the shelf's scene places them.
///
///     {"frames":12,"query":"war","selected":"/books/war.txt","books":3,
///      "shelf":[{"path":"/books/war.txt","title":"War and Peace"}],
///      "covers":[{"path":"/books/war.txt","x":24,"y":80,"width":138,"height":207}]}
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
    var covers: [Cover]

    struct Cover: Encodable {
        var path: String
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    init(_ s: ShelfSession, frames: Int) {
        shelf = s.shown.map { Book(path: s.books[$0].path, title: s.books[$0].metadata.title) }
        books = s.books.count
        query = s.query
        selected = s.selectedBook?.path
        notice = s.notice
        self.frames = frames
        covers = s.scene.items.map { Cover(path: $0.book.path, x: $0.cover.x, y: $0.cover.y, width: $0.cover.width, height: $0.cover.height) }
    }
}
