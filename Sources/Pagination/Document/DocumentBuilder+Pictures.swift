extension DocumentBuilder {
    /// Writes `picture` as a block of its own (`DocumentStructure.Role.picture`, set as
    /// `style` says: its alignment and insets, the space above it): its text is one U+FFFC,
    /// at the byte `picture.start` is set to. The text after it starts a new block.
    public mutating func appendPicture(_ picture: DocumentStructure.Picture, style: DocumentStructure.Style?) {
        beginBlock(.picture, unindented: true, style: style)
        // A list item's marker waits for the item's text, not its picture.
        let marker = prefix
        prefix = []
        defer { prefix = marker }
        let attributes = (bold, smallCaps, raised, lowered, smaller, floatsLeft, floatsRight, unbreakable, monospace)
        (bold, smallCaps, raised, lowered, smaller, floatsLeft, floatsRight, unbreakable, monospace) =
            (false, false, false, false, false, false, false, false, false)
        append("\u{FFFC}", generated: true)
        (bold, smallCaps, raised, lowered, smaller, floatsLeft, floatsRight, unbreakable, monospace) = attributes
        var placed = picture
        placed.start = utf8.count - 3
        structure.pictures.append(placed)
        endBlock()
    }

    /// Writes `picture` into the text being written, among its words (its U+FFFC, generated,
    /// at the byte `picture.start` is set to): set on the baseline as a letter is.
    public mutating func appendInlinePicture(_ picture: DocumentStructure.Picture) {
        append("\u{FFFC}", generated: true)
        var placed = picture
        placed.start = utf8.count - 3
        placed.isInline = true
        structure.pictures.append(placed)
    }

    /// Makes the pictures of `source` already written fill their page (a book's cover, shown
    /// by its first document). Returns whether there were any.
    @discardableResult
    public mutating func letPicturesFillPage(source: String) -> Bool {
        var found = false
        // (A picture in a table's cell is one of its cells, never a page of its own.)
        for k in structure.pictures.indices where structure.pictures[k].source == source
            && structure.table(holding: structure.pictures[k].start) == nil {
            structure.pictures[k].fillsPage = true
            found = true
        }
        return found
    }
}
