import PageTurner

/// The progress bar as a scrubber, as e-readers have it (Apple Books, KOReader's skim
/// widget): a press on it or a drag along it picks a page, shown (the page itself, its number
/// and its chapter) while the pointer is down; letting go goes there, and a "Back to N"
/// button then returns to where the reader was.
extension Toolbars {
    /// The thin bar itself, on a page of `size`: in the bottom toolbar above its buttons, when
    /// the bar is tall enough to show it (two rows); nil otherwise.
    public func progressBar(size: Size) -> Rect? {
        let bottom = bars(size: size).bottom
        guard bottom.height >= 80, size.width > 64 else { return nil }
        return Rect(x: 16, y: bottom.minY + 14, width: size.width - 32, height: 3)
    }

    /// Where a press picks a page: the bar's row across the window, from the bar's top edge
    /// less 12 px to the progress label's foot (a finger need not hit 3 px).
    public func scrubArea(size: Size) -> Rect? {
        guard let bar = progressBar(size: size) else { return nil }
        return Rect(x: 0, y: bar.minY - 12, width: size.width, height: 12 + 3 + 6 + 24)
    }

    /// The page (0-based) the bar shows at `x`, in a book of `pageCount` pages: the bar's
    /// left end is the first page, its right end the last (mirrored, in a book read right to
    /// left, the other way round); outside the bar, the nearer end.
    public func page(atBarX x: Double, size: Size, pageCount: Int) -> Int? {
        guard let bar = progressBar(size: size), pageCount > 0 else { return nil }
        let fraction = min(max((x - bar.minX) / bar.width, 0), 1)
        return Int((fraction * Double(pageCount - 1)).rounded())
    }

    /// The "Back to N" button after a scrub went elsewhere: at the right end of the progress
    /// label's row.
    public func backButton(size: Size) -> Rect? {
        guard let bar = progressBar(size: size) else { return nil }
        let width = min(140, bar.width / 3)
        return Rect(x: bar.maxX - width, y: bar.maxY + 4, width: width, height: 26)
    }

    /// "Back to 12" (pages from 1).
    public static func backLabel(_ page: Int) -> String { "Back to \(page + 1)" }
}
