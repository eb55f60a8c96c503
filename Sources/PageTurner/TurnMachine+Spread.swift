/// Spreads (`SpreadGeometry`): the machine names a spread by its first page, which is even,
/// turns by two pages, and measures a turn against a leaf's width instead of the window's.
extension TurnMachine {
    /// How far a turn moves the page index: 1, or 2 with spreads.
    public var pageStep: Int { isSpread ? 2 : 1 }

    /// The last page the machine can show: the last page, or the last spread's first page.
    public var lastPage: Int { isSpread ? (pageCount - 1) / 2 * 2 : pageCount - 1 }

    /// What the machine shows for `page`: the page held to the book, or the first page of the
    /// spread that holds it.
    public func shownPage(for page: Int) -> Int {
        let p = Self.clamp(page, toBookOf: pageCount)
        return isSpread ? p / 2 * 2 : p
    }

    /// What a turn travels: the page, or a spread's leaf (spine to outer edge). Its width is
    /// the unit of progress, of `commitFraction`, of the rubber band and of the settling time.
    public var turnSize: Size {
        isSpread ? SpreadGeometry(window: pageSize).leafSize : pageSize
    }

    /// Shows spreads (or single pages again): the page becomes the first of its spread, and a
    /// turn or gesture under way is dropped, as by `setPageCount(_:page:)`.
    public mutating func setSpread(_ spread: Bool) {
        guard spread != isSpread else { return }
        isSpread = spread
        page = shownPage(for: page)
        dropGesture()
    }
}
