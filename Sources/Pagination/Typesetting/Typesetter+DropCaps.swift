/// Drop caps (`DocumentStructure.DropCap`): a paragraph's first letter drawn as tall as its
/// first lines, which are set beside it (CSS Inline 3 §6.1, `initial-letter`; what books
/// mean by a floated, larger `::first-letter`).
///
/// The letter is left out of the lines' text (its scalars belong to the first line, drawn by a
/// run of their own), and the first `lines` lines are indented by its width: the first
/// through its indent, the others flagged `besideDropCap`. A paragraph shorter than that is
/// followed by empty lines to the letter's depth, and the lines beside the letter are kept on
/// one page. The letter's size makes its capital height reach from the first line's cap
/// height to the last line's baseline, taking a capital as 0.7 em high (a face's own
/// `sCapHeight` is not read): left-to-right blocks at the reader's size only.
extension Typesetter {
    /// A drop cap as it is set: the lines beside it, the paragraph's scalars up to its end,
    /// its glyphs, the size it is drawn at (times the text's) and the indent beside it (px).
    struct DropCapBox {
        var lines: Int
        var end: Int
        /// The letter's glyphs, shaped at the text's size.
        var glyphs: [ShapedGlyph]
        var scale: Float
        var indent: Float
    }

    /// A capital letter's height in ems, for the drop cap's size.
    static let capitalHeight: Float = 0.7
    /// The room between a drop cap and the text beside it, in ems.
    static let dropCapGap: Float = 0.15

    /// The drop cap of the paragraph holding byte `byte` (a structured book's block, set at
    /// the reader's size, left to right), sized for `measure` px, or nil.
    func dropCapBox(holdingByte byte: Int, measure: Float) -> DropCapBox? {
        guard let structure, !structure.dropCaps.isEmpty, let block = structure.block(holding: byte),
              settings.preset == .book, (block.style?.fontScale ?? 1) == 1, block.style?.direction != .rightToLeft,
              (block.style?.alignment ?? .justified) == .justified, block.role == .paragraph,
              floatBeside(paragraphAtByte: byte) == nil else { return nil }
        let content = text.lineContent(at: block.start)
        // The block's first character on, the letter and the lines beside it on one page.
        guard let cap = structure.dropCap(inBlockAt: block.start, contentEnd: content.upperBound), cap.start == block.start,
              Int(cap.lines) <= rowsOnPage - 2 else { return nil }
        let letter = Array(String(decoding: text.utf8[cap.start..<cap.end], as: UTF8.self).unicodeScalars.map(\.value))
        let end = text.scalarOffset(ofByte: cap.end) - text.scalarOffset(ofByte: block.start)
        // (The range first: shaping may grow the cache's glyphs, or empty it when full.)
        let range = letter.withUnsafeBufferPointer { shapes.glyphs(of: $0, rightToLeft: false) }
        let glyphs = Array(shapes.glyphs[range])
        let advance = glyphs.reduce(Float(0)) { $0 + $1.advance }
        let lines = Int(cap.lines)
        let scale = 1 + Float(lines - 1) * settings.lineHeight / (Self.capitalHeight * settings.fontSize)
        let indent = advance * scale + Self.dropCapGap * settings.fontSize
        // A column too narrow for it sets the letter as text.
        guard indent < measure / 2, advance > 0 else { return nil }
        return DropCapBox(lines: lines, end: end, glyphs: glyphs, scale: scale, indent: indent)
    }

    /// The drop cap's glyphs, drawn from `x` (px from the page's left) on the baseline of the
    /// last line beside it, the first of which has its baseline at `baseline`; their cluster is
    /// the letter's first scalar, `cluster` (its paragraph's first).
    func dropCapRun(_ drop: DropCapBox, x: Float, baseline: Float, cluster: Int32) -> [GlyphRun] {
        let y = baseline + Float(drop.lines - 1) * settings.lineHeight
        var pen = x
        var runs: [GlyphRun] = []
        for g in drop.glyphs {
            let placed = PositionedGlyph(id: g.id, x: pen + g.xOffset * drop.scale, y: y - g.yOffset * drop.scale,
                                         cluster: cluster + Int32(g.cluster))
            if let last = runs.last, last.font == g.font {
                runs[runs.count - 1].glyphs.append(placed)
            } else {
                runs.append(GlyphRun(font: g.font, glyphs: [placed], scale: drop.scale))
            }
            pen += g.advance * drop.scale
        }
        return runs
    }
}
