/// A structured book's pictures on its pages: a picture block is one line as high as the
/// picture, in whole rows of the page's grid (so the text after it stays in register), never
/// more rows than a page holds: a picture taller than the page is scaled down to it and takes
/// a page of its own (`PageSplitter` always puts a page's first line on it).
extension Typesetter {
    /// Sets the picture block `block` (its one U+FFFC at `start`) as one line taking the rows
    /// its picture's height needs. Returns the position after the block and its LF.
    mutating func typesetPicture(_ block: DocumentStructure.Block, at start: TextPosition, contentEnd: Int,
                                 into lines: inout [TypesetLine]) -> TextPosition {
        let scalars = text.scalarOffset(ofByte: contentEnd) - start.scalar
        var flags: TypesetLine.Flags = [.paragraphStart, .paragraphEnd, .picture, .unindented]
        if block.breaksPage { flags.insert(.pageBreakBefore) }
        if block.style?.spaceBefore == true { flags.insert(.spaceBefore) }
        if block.keepsWithNext { flags.insert(.keepsWithNext) }
        let box = structure?.picture(atByte: start.byte).map { pictureBox($0, atByte: start.byte) }
        // Floated beside the paragraph after it: no height of its own, on that paragraph's page.
        if blockIndex(startingAt: block.start).flatMap(floatBox(ofPictureBlock:)) != nil {
            flags = flags.intersection([.spaceBefore]).union([.paragraphStart, .paragraphEnd, .picture, .floated, .keepsWithNext])
        }
        lines.append(TypesetLine(start: Int32(start.scalar), end: Int32(start.scalar + scalars), width: box?.width ?? 0,
                                 flags: flags, rows: box?.rows ?? 1))
        let after = contentEnd < text.utf8.count ? 1 : 0
        return TextPosition(byte: contentEnd + after, scalar: start.scalar + scalars + after)
    }

    /// Where a picture of the block at byte `byte` goes across the text block (its block's
    /// left edge and width, px from the text block's left) and the size it is drawn at, with
    /// the rows of the grid it takes: all of a page's for a cover, which fills its page.
    func pictureBox(_ picture: DocumentStructure.Picture, atByte byte: Int)
        -> (left: Float, measure: Float, width: Float, height: Float, rows: UInt8) {
        let rightToLeft = structure?.block(holding: byte)?.style?.direction == .rightToLeft
        let geometry = blockGeometry(atByte: byte, rightToLeft: rightToLeft)
        let measure = geometry.map { $0.width * $0.scale } ?? settings.contentWidth
        let lineHeight = max(settings.lineHeight, 1)
        let rowsOnPage = max(1, min(255, (settings.contentHeight / lineHeight).rounded(.down)))
        let size = picture.usedSize(available: measure, pageHeight: rowsOnPage * lineHeight, em: settings.fontSize)
        let rows = picture.fillsPage ? rowsOnPage : min(rowsOnPage, max(1, (size.height / lineHeight - 0.01).rounded(.up)))
        return (geometry?.left ?? 0, measure, size.width, size.height, UInt8(rows))
    }

    /// The pictures among a page's `lines`, where they are drawn: each centred across its
    /// block (at its end side when the block is set so) and in the rows its line takes, which
    /// start where `baselines(of:)` puts the line's first row; a cover centred on the whole
    /// page, as large as the page lets it be; a picture in a table's cell in its column; a
    /// picture among words on its line's baseline, where its U+FFFC was placed.
    public mutating func placePictures<C: Collection<TypesetLine>>(_ lines: C) -> [PlacedPicture] {
        guard let structure, !structure.pictures.isEmpty else { return [] }
        var pictureLines: [(line: TypesetLine, baseline: Float)] = []
        var textLines: [(line: TypesetLine, baseline: Float)] = []
        let baselines = baselines(of: lines)
        for (k, (line, baseline)) in zip(lines, baselines).enumerated() {
            if line.flags.contains(.floated) {
                // From the top of the paragraph's first line after it (a row's baseline's worth lower).
                let next = k + 1 < baselines.count ? baselines[k + 1] : baseline
                pictureLines.append((line, next + Float(Int(line.rows) - 1) * settings.lineHeight))
            } else if line.flags.contains(.picture) {
                pictureLines.append((line, baseline))
            } else if line.flags.contains(.tableRow) {
                for cell in cellLines(ofRow: line, baseline: baseline) {
                    if cell.line.flags.contains(.picture) { pictureLines.append(cell) } else { textLines.append(cell) }
                }
            } else {
                textLines.append((line, baseline))
            }
        }
        var placed: [PlacedPicture] = []
        // Pictures among words: where placing their line put their U+FFFC, on its baseline.
        for (line, baseline) in textLines where line.start < line.end {
            let bytes = text.byteOffset(ofScalar: Int(line.start))..<text.byteOffset(ofScalar: Int(line.end))
            let inline = inlinePictures(bytes: bytes)
            guard !inline.isEmpty else { continue }
            _ = position(line, baseline: baseline)
            let scale = blockGeometry(atByte: bytes.lowerBound, rightToLeft: false)?.scale ?? 1
            for (offset, x) in inlinePictureSink.placed {
                guard let picture = inline.first(where: { Int(line.start) + $0.scalar == offset }) else { continue }
                let w = picture.width * scale, h = picture.height * scale
                placed.append(PlacedPicture(x: x, y: baseline - h, width: w, height: h, source: picture.picture.source,
                                            pixelWidth: picture.picture.pixelWidth, pixelHeight: picture.picture.pixelHeight,
                                            alternative: picture.picture.alternative, offset: offset))
            }
        }
        for (line, baseline) in pictureLines {
            let byte = text.byteOffset(ofScalar: Int(line.start))
            guard let picture = structure.picture(atByte: byte) else { continue }
            let box = pictureBox(picture, atByte: byte)
            if picture.fillsPage {
                // A cover fills the whole page, margins and all, its shape kept, centred.
                let scale = picture.isKnown
                    ? min(settings.pageWidth / Float(picture.pixelWidth), settings.pageHeight / Float(picture.pixelHeight)) : 0
                // (At least a pixel each way: a 1 × 65,535 picture is a line, not nothing.)
                let w = scale > 0 ? max(1, Float(picture.pixelWidth) * scale) : box.width
                let h = scale > 0 ? max(1, Float(picture.pixelHeight) * scale) : box.height
                placed.append(PlacedPicture(x: (settings.pageWidth - w) / 2, y: (settings.pageHeight - h) / 2, width: w, height: h,
                                            source: picture.source, pixelWidth: picture.pixelWidth,
                                            pixelHeight: picture.pixelHeight, alternative: picture.alternative,
                                            offset: Int(line.start)))
                continue
            }
            let style = structure.block(holding: byte)?.style
            let free = max(0, box.measure - box.width)
            // At the end side: the right of a left-to-right block, the left of a right-to-left one.
            let end = style?.direction == .rightToLeft ? 0 : free
            let floated = line.flags.contains(.floated) ? picture.floatSide : .none
            var x = settings.textLeft + box.left + (style?.alignment == .end ? end : free / 2)
            // A floated picture stands at its paragraph's edge, where that paragraph's lines make room.
            if floated != .none, let k = blockIndex(startingAt: structure.block(holding: byte)?.start ?? -1),
               let edges = paragraphEdges(afterPictureBlock: k) {
                x = settings.textLeft + edges.left + (floated == .right ? max(0, edges.width - box.width) : 0)
            }
            let rowsTop = baseline - advances.ascent - Float(line.rows - 1) * settings.lineHeight
            // A floated picture stands at the top of the lines beside it.
            let y = rowsTop + (floated != .none ? 0 : max(0, Float(line.rows) * settings.lineHeight - box.height) / 2)
            placed.append(PlacedPicture(x: x, y: y, width: box.width, height: box.height, source: picture.source,
                                        pixelWidth: picture.pixelWidth, pixelHeight: picture.pixelHeight,
                                        alternative: picture.alternative, offset: Int(line.start)))
        }
        return placed
    }
}
