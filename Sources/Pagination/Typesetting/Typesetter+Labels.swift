extension LayoutSettings {
    /// The size of a page's running head and folio, px: smaller than the text, as books set
    /// them.
    public static let labelFontSize: Float = 14
}

extension Typesetter {
    /// `text` as a page's running head (`atTop`) or folio: set in the page's faces at
    /// `LayoutSettings.labelFontSize` (`TextLine`, in the book's direction when it has no
    /// strong character of its own), cut with "…" to the box (`x`, `y`, `width`, `height`,
    /// px of the page) and centred in it, its baseline a little above the box's middle and
    /// never closer than 2 px to the page's top (a head) or 4 px to its bottom (a folio).
    public func label(_ text: String, x: Float, y: Float, width: Float, height: Float, atTop: Bool) -> PageLabel {
        let scale = LayoutSettings.labelFontSize / settings.fontSize
        let line = TextLine(text, shapes: shapes, scale: scale, rightToLeftByDefault: rightToLeftByDefault, maxWidth: width)
        let ascent = advances.ascent * scale
        var baseline = y + height * 0.45 + ascent * 0.5
        baseline = atTop ? max(ascent + 2, baseline) : min(settings.pageHeight - 4, baseline)
        return PageLabel(text: text, x: x, y: y, width: width, height: height,
                         runs: line.runs(movedBy: x + (width - line.width) / 2, baseline))
    }
}
