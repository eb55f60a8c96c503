/// A table's rows as lines of the flow, and their cells' lines and rules where a page draws
/// them (see `Typesetter+Tables`).
extension Typesetter {
    /// Sets table `index` (its first byte at `start`) as one line per row (or per slice of a
    /// row taller than a page). Returns the position after the table.
    mutating func typesetTable(_ index: Int, _ table: DocumentStructure.Table, at start: TextPosition,
                               into lines: inout [TypesetLine]) -> TextPosition {
        _ = tableGeometry(index, table)
        var heights = [Int](repeating: 0, count: table.rowCount)
        var cellRows = [Int](repeating: 0, count: table.cells.count)
        // Each row's text: its first cell's start and its last cell's end, bytes.
        var rowText = [(start: Int, end: Int)?](repeating: nil, count: table.rowCount)
        for (k, cell) in table.cells.enumerated() {
            let r = Int(cell.row)
            cellRows[k] = cellLines(cell).rows
            if cell.rowSpan == 1 { heights[r] = max(heights[r], cellRows[k]) }
            if cell.start < cell.end { rowText[r] = (rowText[r]?.start ?? cell.start, cell.end) }
        }
        // A cell spanning rows makes the last of them with text as tall as it needs (and keeps
        // them together).
        var keptWithNext = [Bool](repeating: false, count: table.rowCount)
        for k in table.cells.indices where table.cells[k].rowSpan > 1 {
            let cell = table.cells[k]
            let rows = Int(cell.row)..<min(table.rowCount, Int(cell.row) + Int(cell.rowSpan))
            let short = cellRows[k] - rows.reduce(0) { $0 + heights[$1] }
            let last = rows.last { rowText[$0] != nil } ?? rows.lowerBound
            if short > 0 { heights[last] += short }
            for r in rows.dropLast() { keptWithNext[r] = true }
        }
        let first = structure?.block(holding: table.start)
        let perPage = rowsOnPage
        var firstRow = true
        for r in 0..<table.rowCount {
            guard let bytes = rowText[r] else { continue }
            let startScalar = text.scalarOffset(ofByte: bytes.start)
            let endScalar = max(startScalar + 1, text.scalarOffset(ofByte: bytes.end) - 1)
            let height = max(1, heights[r])
            let slices = min((height + perPage - 1) / perPage, endScalar - startScalar)
            let lastBlock = structure?.block(holding: bytes.end - 1)
            for s in 0..<slices {
                var flags: TypesetLine.Flags = [.paragraphStart, .paragraphEnd, .tableRow, .unindented]
                if firstRow && s == 0 {
                    if first?.breaksPage == true { flags.insert(.pageBreakBefore) }
                    if first?.style?.spaceBefore == true { flags.insert(.spaceBefore) }
                }
                if s == slices - 1 && (keptWithNext[r] || lastBlock?.keepsWithNext == true) { flags.insert(.keepsWithNext) }
                let rows = min(perPage, height - s * perPage)
                lines.append(TypesetLine(start: Int32(startScalar + s), end: Int32(endScalar),
                                         width: tableLayouts.geometries[index]?.width ?? 0, flags: flags,
                                         rows: UInt8(max(1, rows))))
            }
            firstRow = false
        }
        let after = table.end
        return TextPosition(byte: after, scalar: text.scalarOffset(ofByte: after))
    }

    /// The row a table row's line (or slice) shows: its table, the cells of the row (indices
    /// into its `cells`) and which slice of the row the line is.
    func tableRow(of line: TypesetLine) -> (index: Int, table: DocumentStructure.Table, cells: ClosedRange<Int>, slice: Int)? {
        let byte = text.byteOffset(ofScalar: Int(line.start))
        guard let structure, let (index, table) = structure.table(holding: byte), let k = table.cellIndex(holding: byte)
        else { return nil }
        let row = table.cells[k].row
        var first = k, last = k
        while first > 0 && table.cells[first - 1].row == row { first -= 1 }
        while last + 1 < table.cells.count && table.cells[last + 1].row == row { last += 1 }
        let textStart = (first...last).first { table.cells[$0].start < table.cells[$0].end }.map { table.cells[$0].start } ?? byte
        return (index, table, first...last, max(0, Int(line.start) - text.scalarOffset(ofByte: textStart)))
    }

    /// The lines of the cells of a table row's `line` (whose baseline is `baseline`), each with
    /// its baseline: from the top of the slice the line is; a cell spanning rows goes on below
    /// it as far as the page's text box reaches.
    mutating func cellLines(ofRow line: TypesetLine, baseline: Float) -> [(line: TypesetLine, baseline: Float)] {
        guard let row = tableRow(of: line) else { return [] }
        _ = tableGeometry(row.index, row.table)
        let lineHeight = settings.lineHeight
        let top = baseline - advances.ascent - Float(Int(line.rows) - 1) * lineHeight
        let skip = row.slice * rowsOnPage
        let bottom = settings.margin + settings.contentHeight + 0.5
        var placed: [(line: TypesetLine, baseline: Float)] = []
        for k in row.cells {
            let cell = row.table.cells[k]
            guard cell.start < cell.end else { continue }
            for (cellLine, r) in cellLines(cell).lines where r >= skip && (cell.rowSpan > 1 || r < skip + Int(line.rows)) {
                let lineTop = top + Float(r - skip) * lineHeight
                guard lineTop + Float(cellLine.rows) * lineHeight <= bottom || r < skip + Int(line.rows) else { continue }
                placed.append((cellLine, lineTop + Float(Int(cellLine.rows) - 1) * lineHeight + advances.ascent))
            }
        }
        return placed
    }

    /// The rules a page's table rows draw (`PageRule`): around and between the cells of a
    /// table with a grid, around a framed table, and above or below a cell with a border
    /// there. A rule lies halfway through the leading between two rows.
    public mutating func placeRules<C: Collection<TypesetLine>>(_ lines: C) -> [PageRule] {
        guard let structure, !structure.tables.isEmpty, lines.contains(where: { $0.flags.contains(.tableRow) }) else { return [] }
        var rules: [PageRule] = []
        let lineHeight = settings.lineHeight
        let thickness = max(1, (settings.fontSize / 16).rounded())
        let halfLeading = max(0, lineHeight - advances.lineHeight) / 2
        for (line, baseline) in zip(lines, baselines(of: lines)) where line.flags.contains(.tableRow) {
            guard let row = tableRow(of: line) else { continue }
            let geometry = tableGeometry(row.index, row.table)
            let table = row.table
            let rowNumber = table.cells[row.cells.lowerBound].row
            let top = baseline - advances.ascent - Float(Int(line.rows) - 1) * lineHeight - halfLeading
            let bottom = top + Float(line.rows) * lineHeight
            let x0 = settings.textLeft + geometry.left, x1 = x0 + geometry.width
            func horizontal(_ y: Float, _ left: Float, _ right: Float) {
                if right > left { rules.append(PageRule(x: left, y: y - thickness / 2, width: right - left, height: thickness)) }
            }
            func vertical(_ x: Float) {
                rules.append(PageRule(x: x - thickness / 2, y: top - thickness / 2, width: thickness, height: bottom - top + thickness))
            }
            // The cells that take this row: its own, and those from above spanning into it.
            let above = geometry.spanningCells.filter { table.cells[$0].row < rowNumber && table.cells[$0].row + table.cells[$0].rowSpan > rowNumber }
            let here = Array(row.cells) + above
            if table.rules != .none {
                vertical(x0)
                vertical(x1)
            }
            if table.rules == .grid {
                for b in 1..<max(1, table.columnCount) where !here.contains(where: {
                    table.cells[$0].column < b && table.cells[$0].column + table.cells[$0].columnSpan > b }) {
                    let x = geometry.columnLefts[b] + (table.rightToLeft ? geometry.columnWidths[b] + geometry.gap / 2 : -geometry.gap / 2)
                    vertical(settings.textLeft + x)
                }
                // The rules above and below the row, each broken where a cell goes on through it.
                func across(_ y: Float, brokenBy cells: [Int]) {
                    var spans: [(Float, Float)] = []
                    for k in cells {
                        let box = geometry.box(column: table.cells[k].column, span: table.cells[k].columnSpan)
                        let left: Float = settings.textLeft + box.left - geometry.gap / 2
                        spans.append((left, left + box.width + geometry.gap))
                    }
                    spans.sort { $0.0 < $1.0 }
                    var x = x0
                    for (lo, hi) in spans {
                        horizontal(y, x, lo)
                        x = max(x, hi)
                    }
                    horizontal(y, x, x1)
                }
                if row.slice == 0 { across(top, brokenBy: above) }
                across(bottom, brokenBy: here.filter { table.cells[$0].row + table.cells[$0].rowSpan > rowNumber + 1 })
            } else if table.rules == .frame {
                if rowNumber == 0 && row.slice == 0 { horizontal(top, x0, x1) }
                if line.end >= Int32(text.scalarOffset(ofByte: table.end)) - 1 { horizontal(bottom, x0, x1) }
            }
            for k in row.cells {
                let cell = table.cells[k]
                let box = geometry.box(column: cell.column, span: cell.columnSpan)
                let left = settings.textLeft + box.left, right = left + box.width
                if cell.ruledAbove && row.slice == 0 { horizontal(top, left, right) }
                if cell.ruledBelow && cell.rowSpan == 1 { horizontal(bottom, left, right) }
            }
        }
        return rules
    }
}
