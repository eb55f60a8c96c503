/// A place in a book remembered by the text that starts there as well as by its offset, so
/// that it can be found again in a later version of the book (a chapter added, a typo fixed):
/// the reading position and each bookmark keep one (`BookState.anchors`).
public struct TextAnchor: Codable, Sendable, Equatable {
    /// The scalar offset the place had when it was saved.
    public var offset: Int
    /// The text from `offset` on, up to `TextAnchor.length` characters (fewer at the book's end).
    public var text: String

    /// How many characters of text an anchor keeps: enough to tell one paragraph from another,
    /// little enough for a state file of many bookmarks.
    public static let length = 64

    public init(offset: Int, text: String) {
        self.offset = offset
        self.text = text
    }
}
