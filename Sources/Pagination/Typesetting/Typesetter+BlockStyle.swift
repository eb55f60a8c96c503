extension Typesetter {
    /// Where a styled block's lines go across the text block (px): its start inset, measure
    /// and first-line indent, and its alignment, from its `DocumentStructure.Style`.
    struct BlockGeometry {
        /// From the text block's left edge to where the block's lines may start.
        var left: Float
        var width: Float
        var indent: Float
        var alignment: DocumentStructure.Style.Alignment
    }

    /// The geometry of the block holding byte `byte`, when the book is structured and a style
    /// sheet set it. Insets take at most a third of the text block together (a book's margins
    /// never squeeze the measure the reader chose); the indent never reaches past the start
    /// inset and leaves two ems of the line.
    func blockGeometry(atByte byte: Int, rightToLeft: Bool) -> BlockGeometry? {
        guard let style = structure?.block(holding: byte)?.style else { return nil }
        let em = settings.fontSize, full = settings.contentWidth
        var start = max(0, style.startInset * em), end = max(0, style.endInset * em)
        let most = full / 3
        if start + end > most {
            let scale = most / (start + end)
            start *= scale
            end *= scale
        }
        let width = full - start - end
        // A centred or end-aligned block's lines are set without the indent (a negative one
        // would push them past the measure).
        let indent = style.alignment == .justified ? max(-start, min(style.indent * em, max(0, width - 2 * em))) : 0
        return BlockGeometry(left: rightToLeft ? end : start, width: width, indent: indent, alignment: style.alignment)
    }
}
