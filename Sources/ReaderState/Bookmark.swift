import FoundationEssentials

/// A place in a book the reader chose to remember.
///
/// `offset` is a scalar offset into the book's text (the same unit as `BookState.position`
/// and `BookText`), so a bookmark stays put whatever the font, size or page size.
public struct Bookmark: Codable, Sendable, Equatable {
    /// What the reader sees in the bookmark list; the window proposes one (such as the first
    /// words of the page) and the reader may rename it.
    public var name: String
    /// Scalar offset in the book text; never negative.
    public var offset: Int
    /// When the bookmark was made.
    public var created: Date

    public init(name: String, offset: Int, created: Date) {
        self.name = name
        self.offset = offset
        self.created = created
    }
}
