/// Which way a book's pages run, as EPUB's `page-progression-direction` names it.
///
/// `leftToRight` is the usual western book: the next page lies to the right, a drag towards
/// the left or a tap on the right turns forward. `rightToLeft` is a book bound on the right
/// (Japanese and Chinese books, manga, Arabic and Hebrew): the next page comes in from the
/// left, so a drag from the left edge towards the right, a tap on the left or the ← key turns
/// forward. The text is set the same way either way; only the turning is mirrored.
public enum PageProgression: String, Sendable, Hashable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// Whether the next page comes from the left (`TurnConfig.rightToLeft`).
    public var isRightToLeft: Bool { self == .rightToLeft }
}
