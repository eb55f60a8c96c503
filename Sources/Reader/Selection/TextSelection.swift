/// A selection of the book's text, by scalar offsets (as reading positions and bookmarks
/// are), so it is the same text whatever the page size, the font or the direction it is
/// drawn in.
///
/// A selection grows from the word a long press found (`anchor`) to the word or character
/// under the pointer now (`focus`): the anchor stays selected whichever way it is extended,
/// as in every text editor.
public struct TextSelection: Sendable, Equatable {
    /// Where the selection began: the word (or character) pressed.
    public var anchor: Range<Int>
    /// Where it ends now: the word (or character) the pointer, a handle or Shift+arrow is at.
    public var focus: Range<Int>
    /// Whether the focus moves by characters rather than words (after the pointer paused, or
    /// from the keyboard).
    public var byCharacters = false
    /// Whether a pointer is still selecting.
    public var isActive = true

    public init(anchor: Range<Int>, focus: Range<Int>? = nil) {
        self.anchor = anchor
        self.focus = focus ?? anchor
    }

    /// The text selected: from the earlier of anchor and focus to the later.
    public var range: Range<Int> {
        min(anchor.lowerBound, focus.lowerBound)..<max(anchor.upperBound, focus.upperBound)
    }

    /// An end of the selection, in the text's logical order.
    public enum End: String, Sendable {
        case start, end
    }
}
