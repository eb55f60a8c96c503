extension Paginator {
    /// The text `range` (scalar offsets: a note, for its pop-up) laid out on its own, top to
    /// bottom in the settings' width from their top margin, with no page breaks: its lines
    /// (those of the paragraphs it spans that meet it, at most `lineLimit`) with every glyph
    /// placed, and the height they take, the top and bottom margins included.
    public func passage(_ range: Range<Int>, lineLimit: Int = 600) -> (lines: [PositionedLine], height: Float) {
        let lower = max(0, min(range.lowerBound, text.scalarCount)), upper = max(lower, min(range.upperBound, text.scalarCount))
        guard lower < upper else { return ([], 0) }
        var typesetter = makeTypesetter()
        defer { typesetter.finish() }
        var position = typesetter.paragraphStart(containingByte: text.byteOffset(ofScalar: lower))
        var lines: [TypesetLine] = []
        while position.byte < text.utf8.count && position.scalar < upper && lines.count <= lineLimit {
            let before = position
            position = typesetter.typesetParagraph(at: position, into: &lines)
            if position.byte <= before.byte { break }
        }
        let kept = lines.filter { Int($0.start) < upper && Int($0.end) > lower }.prefix(lineLimit)
        let placed = typesetter.position(kept)
        // (The lowest line: a table's cells are placed cell by cell, not top to bottom.)
        let bottom = (placed.map(\.baseline).max() ?? settings.margin) + settings.lineHeight - advances.ascent
        return (placed, bottom + settings.margin)
    }
}
