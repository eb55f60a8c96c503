/// Everything a reader must never lose about one book: where they are, their bookmarks and
/// highlights, and how they like it shown.
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
    /// The absolute path of the book's file when it was last read, to find this state again
    /// when the book has changed (and so its key); nil when unknown.
    public var file: String?
    /// The text at the reading position and at each bookmark, to find them again in a later
    /// version of the book (`TextAnchor`); empty in files written before they were kept.
    public var anchors: [TextAnchor] = []
    /// The book's author as last shown, for the shelf; nil when unknown.
    public var author: String?
    /// How far into the book the reading position is, 0 to 1 (the position's share of the
    /// text), for the shelf's progress bar; nil when unknown (files written before it was kept).
    public var progress: Double?
    /// The passages the reader highlighted, sorted by start (`addHighlight`).
    public var highlights: [Highlight] = []

    public init(position: Int = 0, bookmarks: [Bookmark] = [], settings: [String: JSONValue] = [:],
                title: String? = nil, file: String? = nil, anchors: [TextAnchor] = [], author: String? = nil,
                progress: Double? = nil) {
        self.position = position
        self.bookmarks = bookmarks
        self.settings = settings
        self.title = title
        self.file = file
        self.anchors = anchors
        self.author = author
        self.progress = progress
    }

    enum CodingKeys: String, CodingKey {
        case position, bookmarks, settings, title, file, anchors, author, progress, highlights
    }

    /// Missing fields take their defaults; fields of the wrong type are an error.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        position = try c.decodeIfPresent(Int.self, forKey: .position) ?? 0
        bookmarks = try c.decodeIfPresent([Bookmark].self, forKey: .bookmarks) ?? []
        settings = try c.decodeIfPresent([String: JSONValue].self, forKey: .settings) ?? [:]
        title = try c.decodeIfPresent(String.self, forKey: .title)
        file = try c.decodeIfPresent(String.self, forKey: .file)
        anchors = try c.decodeIfPresent([TextAnchor].self, forKey: .anchors) ?? []
        author = try c.decodeIfPresent(String.self, forKey: .author)
        progress = try c.decodeIfPresent(Double.self, forKey: .progress)
        highlights = try c.decodeIfPresent([Highlight].self, forKey: .highlights) ?? []
    }

    /// Writes the fields that hold something: no `title`, `file`, `author` or `progress` when
    /// unknown, no `anchors` or `highlights` when there are none (a state file as before they
    /// were kept).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(position, forKey: .position)
        try c.encode(bookmarks, forKey: .bookmarks)
        try c.encode(settings, forKey: .settings)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encodeIfPresent(file, forKey: .file)
        if !anchors.isEmpty { try c.encode(anchors, forKey: .anchors) }
        try c.encodeIfPresent(author, forKey: .author)
        try c.encodeIfPresent(progress, forKey: .progress)
        if !highlights.isEmpty { try c.encode(highlights, forKey: .highlights) }
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
        if let progress, !(0...1).contains(progress) { return "the progress is not between 0 and 1 (\(progress))" }
        if let bad = highlights.firstIndex(where: { $0.start < 0 || $0.end <= $0.start }) {
            return "highlight \(bad + 1) has no passage (\(highlights[bad].start) to \(highlights[bad].end))"
        }
        if let bad = highlights.firstIndex(where: { !$0.created.timeIntervalSinceReferenceDate.isFinite }) {
            return "highlight \(bad + 1) has no valid date"
        }
        return nil
    }
}
