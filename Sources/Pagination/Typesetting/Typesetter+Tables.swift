/// A structured book's tables (`DocumentStructure.Table`) on its pages.
///
/// The columns are measured once per layout (`TableColumns`, CSS 2.1 §17.5.2.2), each
/// cell's blocks set in its column by the same line filler as any block (`blockGeometry`
/// gives a block inside a cell its cell's measure), and each row of the table becomes one
/// line of the flow (`TypesetLine.Flags.tableRow`) as many rows of the page's grid high as its
/// tallest cell: a page never breaks inside a row, and the text after the table stays in
/// register. A row taller than a page is cut into slices of a page each: slice `s`'s line
/// starts `s` scalars into its row's text (lines stay in text order), which is how the slice
/// is found again when its glyphs are placed.
///
/// A table is set once per typesetter (`tablePlan`: its cells' lines, its rows' heights and
/// slices); a page's row places the lines of its cells whose top falls in it, those of a cell
/// spanning from the rows above too (`cellLines(ofRow:baseline:)`), so that a cell spanning
/// rows goes on in the rows below it, on the next page if they are there.
extension Typesetter {
    /// Where a table's columns go across the text block, px from its left edge.
    struct TableGeometry {
        var left: Float
        var width: Float
        var columnLefts: [Float]
        var columnWidths: [Float]
        /// The room between two columns (a rule goes down its middle).
        var gap: Float
        /// The cells that span more than one row (for the rules they interrupt).
        var spanningCells: [Int]

        /// The left edge and width of the columns `column..<column + span`, the gaps between them included.
        func box(column: Int32, span: Int32) -> (left: Float, width: Float) {
            let first = max(0, min(Int(column), columnWidths.count - 1))
            let last = max(first, min(Int(column) + Int(span), columnWidths.count) - 1)
            let lo = min(columnLefts[first], columnLefts[last]), hi = max(columnLefts[first] + columnWidths[first],
                                                                          columnLefts[last] + columnWidths[last])
            return (lo, hi - lo)
        }
    }

    /// The room between two columns, in ems.
    static let columnGapEms: Float = 1

    /// The geometry of table `index` of the structure, measured the first time (the
    /// typesetter's scratch buffers are used: never while a paragraph is loaded).
    mutating func tableGeometry(_ index: Int, _ table: DocumentStructure.Table) -> TableGeometry {
        if let known = tableLayouts.geometries[index] { return known }
        var demands: [TableColumns.Demand] = []
        demands.reserveCapacity(table.cells.count)
        for cell in table.cells {
            let widths = contentWidths(of: cell, in: table)
            demands.append(TableColumns.Demand(column: Int(cell.column), span: Int(cell.columnSpan), minimum: widths.minimum,
                                               maximum: widths.maximum))
        }
        let geometry = Self.arrange(table, demands: demands, settings: settings)
        tableLayouts.geometries[index] = geometry
        return geometry
    }

    /// The geometry of `table` given its cells' demands (or, without any, even columns).
    static func arrange(_ table: DocumentStructure.Table, demands: [TableColumns.Demand]?, settings: LayoutSettings) -> TableGeometry {
        let em = settings.fontSize, full = settings.contentWidth
        var left = max(0, table.leftInset * em), right = max(0, table.rightInset * em)
        if left + right > full / 3 {
            let scale = full / 3 / (left + right)
            left *= scale
            right *= scale
        }
        let area = full - left - right
        let n = max(1, table.columnCount)
        let gap = columnGapEms * em
        // A ruled table keeps half a gap inside its frame on either side.
        let outside = table.rules == .none ? 0 : gap
        let room = max(0, area - gap * Float(n - 1) - outside)
        let specified = table.width.map { width -> Float in
            switch width {
            case .ems(let e): max(0, e * em - gap * Float(n - 1) - outside)
            case .percent(let p): max(0, area * min(p, 100) / 100 - gap * Float(n - 1) - outside)
            }
        }
        let widths = demands.map { TableColumns.widths(of: $0, columnCount: n, available: room, specified: specified, gap: gap) }
            ?? [Float](repeating: room / Float(n), count: n)
        let width = widths.reduce(0, +) + gap * Float(n - 1) + outside
        let tableLeft = table.rightToLeft ? left + area - width : left
        var lefts: [Float] = []
        var x = tableLeft + outside / 2
        for c in 0..<n {
            lefts.append(x)
            x += widths[c] + gap
        }
        // Right to left: the first column at the right.
        if table.rightToLeft { lefts = (0..<n).map { 2 * tableLeft + width - lefts[$0] - widths[$0] } }
        let spanning = table.cells.indices.filter { table.cells[$0].rowSpan > 1 }
        return TableGeometry(left: tableLeft, width: width, columnLefts: lefts, columnWidths: widths, gap: gap,
                             spanningCells: spanning)
    }

    /// A cell's minimum and maximum content widths, px (its widest unbreakable run of text and
    /// its longest block on one line, each with the block's insets inside the cell; a
    /// picture's width as the text block lets it be drawn).
    mutating func contentWidths(of cell: DocumentStructure.Cell, in table: DocumentStructure.Table) -> (minimum: Float, maximum: Float) {
        guard let structure else { return (0, 0) }
        let em = settings.fontSize
        var minimum: Float = 0, maximum: Float = 0
        var byte = cell.start
        while byte < cell.end {
            let content = text.lineContent(at: byte)
            let block = structure.block(holding: byte)
            let style = block?.style
            let rightToLeft = style?.direction == .rightToLeft
            let blockLeft = (rightToLeft ? style?.endInset : style?.startInset) ?? 0
            let blockRight = (rightToLeft ? style?.startInset : style?.endInset) ?? 0
            let insets = (max(0, blockLeft - table.leftInset) + max(0, blockRight - table.rightInset)) * em
            let scale = style?.fontScale ?? 1
            if block?.role == .picture, let picture = structure.picture(atByte: byte) {
                let size = picture.usedSize(available: settings.contentWidth, pageHeight: settings.contentHeight, em: em)
                minimum = max(minimum, size.width + insets)
                maximum = max(maximum, size.width + insets)
            } else if !content.isEmpty {
                let count = loadScalars(bytes: content)
                var word: Float = 0, line: Float = 0, ink: Float = 0
                for k in 0..<count {
                    let w = widths[k]
                    line += w
                    if isTypesetSpace(scalars[k]) {
                        minimum = max(minimum, word * scale + insets)
                        word = 0
                    } else {
                        word += w
                        ink = line
                    }
                    if actions[k] != BreakAction.none.rawValue {
                        minimum = max(minimum, word * scale + insets)
                        word = 0
                    }
                    if actions[k] == BreakAction.mandatory.rawValue || k == count - 1 {
                        maximum = max(maximum, ink * scale + insets)
                        line = 0
                        ink = 0
                    }
                }
            }
            byte = content.upperBound + 1
        }
        // (A pixel more: a line as wide as its measure must not wrap for a rounding.)
        return (minimum + 1, max(minimum, maximum) + 1)
    }

    /// The geometry of a block inside a table's cell (`blockGeometry`): its cell's column box,
    /// less the block's insets inside the cell (its own and the cell's padding).
    func cellGeometry(atByte byte: Int, style: DocumentStructure.Style?, rightToLeft: Bool) -> BlockGeometry? {
        guard let structure, let (index, table) = structure.table(holding: byte), let k = table.cellIndex(holding: byte)
        else { return nil }
        let geometry = tableLayouts.geometries[index] ?? Self.arrange(table, demands: nil, settings: settings)
        let cell = table.cells[k]
        let box = geometry.box(column: cell.column, span: cell.columnSpan)
        let em = settings.fontSize
        let blockLeft = (rightToLeft ? style?.endInset : style?.startInset) ?? 0
        let blockRight = (rightToLeft ? style?.startInset : style?.endInset) ?? 0
        var left = max(0, blockLeft - table.leftInset) * em, right = max(0, blockRight - table.rightInset) * em
        // Insets leave the cell at least half its width.
        if left + right > box.width / 2 && left + right > 0 {
            let scale = box.width / 2 / (left + right)
            left *= scale
            right *= scale
        }
        let width = max(1, box.width - left - right)
        let alignment = style?.alignment ?? .justified
        let indent = alignment == .justified ? max(0, min((style?.indent ?? 0) * em, max(0, width - 2 * em))) : 0
        let scale = style?.fontScale ?? 1
        return BlockGeometry(left: box.left + left, width: width / scale, indent: indent / scale, alignment: alignment,
                             lastLine: style?.lastLine, scale: scale, ragged: true)
    }

    /// The most rows of the page's grid one line may take: a page's.
    var rowsOnPage: Int {
        let lineHeight = max(settings.lineHeight, 1)
        return Int(max(1, min(255, (settings.contentHeight / lineHeight).rounded(.down))))
    }

    /// The lines of `cell`'s blocks set in its column, each with the row of the grid it starts
    /// on counted from the cell's top (a block with space above it, after the first, a row
    /// lower), and the rows the cell takes.
    mutating func cellLines(_ cell: DocumentStructure.Cell) -> (lines: [(line: TypesetLine, row: Int)], rows: Int) {
        var lines: [TypesetLine] = []
        var position = TextPosition(byte: cell.start, scalar: text.scalarOffset(ofByte: cell.start))
        while position.byte < cell.end {
            let before = position.byte
            position = typesetBlock(at: position, into: &lines)
            if position.byte <= before { break }
        }
        var placed: [(line: TypesetLine, row: Int)] = []
        placed.reserveCapacity(lines.count)
        var row = 0
        for (k, line) in lines.enumerated() {
            if k > 0 && line.flags.contains(.spaceBefore) && line.flags.contains(.paragraphStart) { row += 1 }
            placed.append((line, row))
            row += Int(line.rows)
        }
        return (placed, row)
    }
}

/// The typesetter's table geometries, measured once per table (a reference: the typesetter's
/// methods that read it do not mutate).
final class TableLayouts {
    var geometries: [Int: Typesetter.TableGeometry] = [:]
    /// Each table's cells set in their columns and its rows (`Typesetter.tablePlan`), once set.
    var plans: [Int: Typesetter.TablePlan] = [:]
}
