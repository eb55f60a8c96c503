extension Typesetter {
    /// Where a styled block's lines go across the text block: its start inset (px), measure
    /// and first-line indent, its alignment and its size, from its `DocumentStructure.Style`.
    ///
    /// A block set `scale` times the reader's size is measured and broken at the reader's
    /// size in a measure `scale` times narrower (shaped advances scale with the size: they
    /// are unhinted), and its lines drawn `scale` times larger from `left`: so `width` and
    /// `indent` are in the block's own pixels, px ÷ `scale`.
    struct BlockGeometry {
        /// From the text block's left edge to where the block's lines may start, px.
        var left: Float
        var width: Float
        var indent: Float
        var alignment: DocumentStructure.Style.Alignment
        var lastLine: DocumentStructure.Style.LastLine?
        var scale: Float
        /// Its lines are never justified (a table's cell: word spaces stretched across a
        /// narrow column leave holes).
        var ragged = false
    }

    /// The geometry of the block holding byte `byte`, when the book is structured and a style
    /// sheet set it. Insets take at most a third of the text block together (a book's margins
    /// never squeeze the measure the reader chose); the indent never reaches past the start
    /// inset and leaves two ems of the line.
    ///
    /// A plain-text book's title page (`TitleMatter`) is centred and set larger.
    func blockGeometry(atByte byte: Int, rightToLeft: Bool) -> BlockGeometry? {
        if let titleMatter, titleMatter.bytes.contains(byte) {
            return BlockGeometry(left: 0, width: settings.contentWidth / TitleMatter.scale, indent: 0, alignment: .centered,
                                 lastLine: nil, scale: TitleMatter.scale)
        }
        guard let style = structure?.block(holding: byte)?.style else { return nil }
        if structure?.tables.isEmpty == false, let cell = cellGeometry(atByte: byte, style: style, rightToLeft: rightToLeft) {
            return cell
        }
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
        let scale = style.fontScale
        return BlockGeometry(left: rightToLeft ? end : start, width: width / scale, indent: indent / scale,
                             alignment: style.alignment, lastLine: style.lastLine, scale: scale)
    }
}
