/// Everything a reader must never lose about one book: where they are, their bookmarks and
/// how they like it shown.
///
/// Offsets are scalar offsets into the book's text. This type does not know the text's
/// length, so the window clamps `position` and bookmark offsets to the book it opened.
public struct BookState: Codable, Sendable, Equatable {
    /// The reading position: the scalar offset of the first character on the page shown.
    public var position: Int = 0
    /// Bookmarks, sorted by offset when made through `addBookmark(name:offset:now:)`.
    public var bookmarks: [Bookmark] = []
    /// How the reader shows this book: a JSON object whose keys and values the reader
    /// defines (`ReaderPreferences`), kept whole, so keys a newer version wrote survive an
    /// older one's save.
    public var settings: [String: JSONValue] = [:]
    /// The book's title as last shown, for lists of recent books; nil when unknown.
    public var title: String?

    public init(position: Int = 0, bookmarks: [Bookmark] = [], settings: [String: JSONValue] = [:],
                title: String? = nil) {
        self.position = position
        self.bookmarks = bookmarks
        self.settings = settings
        self.title = title
    }

    enum CodingKeys: String, CodingKey {
        case position, bookmarks, settings, title
    }

    /// Missing fields take their defaults; fields of the wrong type are an error.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        position = try c.decodeIfPresent(Int.self, forKey: .position) ?? 0
        bookmarks = try c.decodeIfPresent([Bookmark].self, forKey: .bookmarks) ?? []
        settings = try c.decodeIfPresent([String: JSONValue].self, forKey: .settings) ?? [:]
        title = try c.decodeIfPresent(String.self, forKey: .title)
    }

    /// Why this state cannot be stored or trusted, in one line; nil when it is sound.
    public var problem: String? {
        if position < 0 { return "the position is negative (\(position))" }
        if let bad = bookmarks.firstIndex(where: { $0.offset < 0 }) {
            return "bookmark \(bad + 1) has a negative offset (\(bookmarks[bad].offset))"
        }
        if let bad = bookmarks.firstIndex(where: { !$0.created.timeIntervalSinceReferenceDate.isFinite }) {
            return "bookmark \(bad + 1) has no valid date"
        }
        return nil
    }
}
