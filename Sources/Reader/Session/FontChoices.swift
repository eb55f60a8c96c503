import Fonts

/// What the font panel offers and how a choice becomes the book's fonts. The command gives
/// fontconfig's installed families and opens a choice as it opens `--font` (with fallback
/// faces for the book's text); a test gives its own.
public struct FontChoices: Sendable {
    /// The installed families, asked for the first time the panel opens (fontconfig lists
    /// them in a few tens of milliseconds) and then kept for the session.
    public var families: @Sendable () -> [FontFamily]
    /// The book's fonts with `family` as the text face (nil: the book faces); throws an
    /// error whose description says in words why it cannot.
    public var open: @Sendable (_ family: String?) throws -> FontSet

    public init(families: @escaping @Sendable () -> [FontFamily], open: @escaping @Sendable (_ family: String?) throws -> FontSet) {
        self.families = families
        self.open = open
    }
}
