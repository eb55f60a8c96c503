/// Paginates a book for commands that only need its page count (`simulate --book`).
/// STUB until the pagination core lands.
enum BookPages {
    struct NotReady: Error, CustomStringConvertible {
        var description: String { "paginating a book is not available yet" }
    }

    static func count(path: String, width: Int, height: Int) throws -> Int {
        throw NotReady()
    }
}
