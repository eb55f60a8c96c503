/// Pictures floated to a side (CSS 2 §9.5, `float: left | right` on a picture) with the
/// paragraph after them set beside them: what books float, a small ornament or portrait
/// with its paragraph.
///
/// A floated picture no wider than `widestFloat` of its measure, followed by a paragraph,
/// is a line of no height (`TypesetLine.Flags.floated`, kept with the next); the paragraph's
/// first lines, as many as the picture's rows, are set narrower by the picture's width and a
/// gap (the first through its position, the others flagged `besideFloat`), followed by empty
/// lines when the paragraph is shorter, and kept on one page with the picture; the picture is
/// drawn from the top of the paragraph's first line at the measure's side. The text does not
/// run on beside the picture into the paragraphs after (left for later); a larger floated
/// picture, or one before anything but a paragraph, is a centred block as any.
extension Typesetter {
    /// A floated picture beside a paragraph: its side, the room it takes from the lines
    /// beside it (its width and the gap, px) and how many lines stand beside it.
    struct FloatBox {
        var right: Bool
        var width: Float
        var lines: Int
    }

    /// The widest a floated picture may be, as a share of its measure, and the gap between it
    /// and the text, in ems.
    static let widestFloat: Float = 0.6
    static let floatGap: Float = 0.75

    /// How the picture block `k` (an index into the structure's blocks) floats beside the
    /// paragraph after it, or nil when it does not.
    func floatBox(ofPictureBlock k: Int) -> FloatBox? {
        guard let structure, k + 1 < structure.blocks.count else { return nil }
        let block = structure.blocks[k], next = structure.blocks[k + 1]
        // A justified paragraph at the reader's size, in the book's layout (`plain` keeps no
        // lines together), not in a table.
        guard settings.preset == .book, block.role == .picture, !block.breaksPage, next.role == .paragraph, !next.breaksPage,
              (next.style?.alignment ?? .justified) == .justified, (next.style?.fontScale ?? 1) == 1,
              let picture = structure.picture(atByte: block.start), picture.floatSide != .none, !picture.fillsPage,
              structure.tables.isEmpty || structure.table(holding: block.start) == nil && structure.table(holding: next.start) == nil
        else { return nil }
        let box = pictureBox(picture, atByte: block.start)
        // Narrow enough to leave the text room, short enough that it and its lines fit a page.
        guard box.width <= box.measure * Self.widestFloat, Int(box.rows) <= rowsOnPage - 2 else { return nil }
        return FloatBox(right: picture.floatSide == .right, width: box.width + Self.floatGap * settings.fontSize, lines: Int(box.rows))
    }

    /// The floated picture beside the paragraph whose block holds byte `byte`, if any.
    func floatBeside(paragraphAtByte byte: Int) -> FloatBox? {
        guard let structure, !structure.pictures.isEmpty else { return nil }
        let k = structure.blocks.partitioningIndex { $0.start > byte } - 1
        guard k >= 1, structure.blocks[k].role == .paragraph, structure.blocks[k - 1].role == .picture else { return nil }
        return floatBox(ofPictureBlock: k - 1)
    }

    /// The paragraph after a floated picture (`PlacedPicture`'s side): its left edge and its
    /// width, px from the text block's left, for the picture to stand at.
    func paragraphEdges(afterPictureBlock k: Int) -> (left: Float, width: Float)? {
        guard let structure, k + 1 < structure.blocks.count else { return nil }
        let next = structure.blocks[k + 1]
        let geometry = blockGeometry(atByte: next.start, rightToLeft: next.style?.direction == .rightToLeft)
        return (geometry?.left ?? 0, geometry.map { $0.width * $0.scale } ?? settings.contentWidth)
    }

    /// The index of the block that starts at byte `start`, if one does.
    func blockIndex(startingAt start: Int) -> Int? {
        guard let structure else { return nil }
        let k = structure.blocks.partitioningIndex { $0.start >= start }
        return k < structure.blocks.count && structure.blocks[k].start == start ? k : nil
    }

    /// After `fillLines` set a paragraph from line `firstLine` on beside something `count`
    /// lines high (a drop cap, a floated picture): empty lines to its depth when the paragraph
    /// is shorter, flagged `flag`, and the lines beside it kept on one page.
    func finishLines(beside count: Int, flag: TypesetLine.Flags, from firstLine: Int, into lines: inout [TypesetLine]) {
        guard firstLine < lines.count, count > 0 else { return }
        let end = lines[lines.count - 1].end
        while lines.count - firstLine < count {
            lines.append(TypesetLine(start: end, end: end, width: 0, flags: flag.union([.paragraphEnd, .unindented])))
        }
        for k in firstLine..<(firstLine + count - 1) { lines[k].flags.insert(.keepsWithNext) }
    }
}
