/// A range of the book's text marked on the pages in a colour, drawn behind its glyphs: the
/// selection, a highlight, a match of a search. Offsets are scalar offsets, so a mark stays
/// on the same words whatever the layout.
public struct TextMark: Sendable, Hashable {
    public var range: Range<Int>
    public var color: RGB

    public init(range: Range<Int>, color: RGB) {
        self.range = range
        self.color = color
    }
}

extension Theme {
    /// Behind selected text: the accent, faded most of the way into the paper, so the ink
    /// stays as legible as on the page.
    public var selection: RGB { accent.mixed(with: background, self == .night ? 0.55 : 0.72) }
}
