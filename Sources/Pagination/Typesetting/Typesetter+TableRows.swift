/// A table's rows as lines of the flow, and their cells' lines and rules where a page draws
/// them (see `Typesetter+Tables`).
extension Typesetter {
    /// How a table's rows are set: each cell's lines (with their grid row from the cell's
    /// top), each row's top and height in rows of the grid, and each row's slices.
    struct TablePlan {
        var cellLines: [[(line: TypesetLine, row: Int)]]
        var tops: [Int]
        var heights: [Int]
        /// Each row's slices (none: a row without text), in order.
        var slices: [[RowSlice]]
        /// The row goes on the page of the next (a cell spans into it).
        var keptWithNext: [Bool]
        /// Each row's text: from its first cell's first scalar to its last cell's last (its LF
        /// left out).
        var text: [Range<Int>?]
    }

    /// A slice of a row: its first row of the grid (from the row's top), the rows it takes,
    /// and where its line starts (the first character a cell of the row shows in it).
    struct RowSlice {
        var top: Int
        var rows: Int
        var start: Int
    }

    /// The plan of table `index`, made the first time (its cells set in their columns).
    mutating func tablePlan(_ index: Int, _ table: DocumentStructure.Table) -> TablePlan {
        if let known = tableLayouts.plans[index] { return known }
        let geometry = tableGeometry(index, table)
        var allLines: [[(line: TypesetLine, row: Int)]] = []
        var heights = [Int](repeating: 0, count: table.rowCount)
        var cellRows = [Int](repeating: 0, count: table.cells.count)
        var rowBytes = [(start: Int, end: Int)?](repeating: nil, count: table.rowCount)
        allLines.reserveCapacity(table.cells.count)
        for (k, cell) in table.cells.enumerated() {
            let r = Int(cell.row)
            let set = cellLines(cell)
            allLines.append(set.lines)
            cellRows[k] = set.rows
            if cell.rowSpan == 1 { heights[r] = max(heights[r], set.rows) }
            if cell.start < cell.end { rowBytes[r] = (rowBytes[r]?.start ?? cell.start, cell.end) }
        }
        // A cell spanning rows makes the last of them with text as tall as it needs, and keeps
        // them together.
        var keptWithNext = [Bool](repeating: false, count: table.rowCount)
        for k in geometry.spanningCells {
            let cell = table.cells[k]
            let rows = Int(cell.row)..<min(table.rowCount, Int(cell.row) + Int(cell.rowSpan))
            let short = cellRows[k] - rows.reduce(0) { $0 + heights[$1] }
            let last = rows.last { rowBytes[$0] != nil } ?? rows.lowerBound
            if short > 0 { heights[last] += short }
            for r in rows.dropLast() { keptWithNext[r] = true }
        }
        var tops = [Int](repeating: 0, count: table.rowCount)
        var top = 0
        for r in 0..<table.rowCount {
            tops[r] = top
            if rowBytes[r] != nil { heights[r] = max(1, heights[r]) }
            top += heights[r]
        }
        let text = rowBytes.map { bytes in
            bytes.map { self.text.scalarOffset(ofByte: $0.start)..<max(self.text.scalarOffset(ofByte: $0.start) + 1,
                                                                        self.text.scalarOffset(ofByte: $0.end) - 1) }
        }
        var plan = TablePlan(cellLines: allLines, tops: tops, heights: heights, slices: [], keptWithNext: keptWithNext, text: text)
        plan.slices = (0..<table.rowCount).map { slices(ofRow: $0, plan: plan, table: table, geometry: geometry) }
        tableLayouts.plans[index] = plan
        return plan
    }

    /// The cells drawn in row `r`: its own, and those from above spanning into it.
    func cells(coveringRow r: Int, of table: DocumentStructure.Table, geometry: TableGeometry) -> [Int] {
        let row = Int32(r)
        // The row's own cells are together in text order.
        let own = table.cells.partitioningIndex { $0.row >= row }..<table.cells.partitioningIndex { $0.row > row }
        return Array(own) + geometry.spanningCells.filter { table.cells[$0].row < row && table.cells[$0].row + table.cells[$0].rowSpan > row }
    }

    /// The lines drawn in row `r` (each cell's lines whose top falls in it), with their top row
    /// counted from the row's top and whether their cell is the row's own.
    func linesInRow(_ r: Int, plan: TablePlan, table: DocumentStructure.Table, geometry: TableGeometry)
        -> [(line: TypesetLine, row: Int, own: Bool)] {
        var found: [(line: TypesetLine, row: Int, own: Bool)] = []
        for k in cells(coveringRow: r, of: table, geometry: geometry) {
            let cell = table.cells[k]
            let offset = plan.tops[Int(cell.row)] - plan.tops[r]
            for (line, g) in plan.cellLines[k] where offset + g >= 0 && offset + g < plan.heights[r] {
                found.append((line, offset + g, cell.row == Int32(r)))
            }
        }
        return found
    }

    /// Row `r` cut into slices of at most a page's rows each, between lines (a line that would
    /// straddle a cut goes to the next slice), each starting at the first character its own
    /// cells show in it (later than the slice before's: lines stay in text order).
    func slices(ofRow r: Int, plan: TablePlan, table: DocumentStructure.Table, geometry: TableGeometry) -> [RowSlice] {
        guard let text = plan.text[r] else { return [] }
        let height = plan.heights[r], perPage = rowsOnPage
        guard height > perPage else { return [RowSlice(top: 0, rows: height, start: text.lowerBound)] }
        let lines = linesInRow(r, plan: plan, table: table, geometry: geometry)
        var slices: [RowSlice] = []
        var top = 0
        while top < height {
            var end = min(height, top + perPage)
            for item in lines where item.row > top && item.row < end && item.row + Int(item.line.rows) > end { end = item.row }
            let ownStart = lines.filter { $0.own && $0.row >= top && $0.row < end }.map { Int($0.line.start) }.min()
            let start = slices.isEmpty ? text.lowerBound : max(ownStart ?? 0, slices[slices.count - 1].start + 1)
            if !slices.isEmpty && start >= text.upperBound {
                // No character of its own left to start it: the slice before takes its rows.
                slices[slices.count - 1].rows += end - top
            } else {
                slices.append(RowSlice(top: top, rows: end - top, start: start))
            }
            top = end
        }
        return slices
    }

    /// Sets table `index` (its first byte at `start`) as one line per row (or per slice of a
    /// row taller than a page). Returns the position after the table.
    mutating func typesetTable(_ index: Int, _ table: DocumentStructure.Table, at start: TextPosition,
                               into lines: inout [TypesetLine]) -> TextPosition {
        let plan = tablePlan(index, table)
        let first = structure?.block(holding: table.start)
        let width = tableLayouts.geometries[index]?.width ?? 0
        var firstRow = true
        for r in 0..<table.rowCount {
            guard let text = plan.text[r] else { continue }
            let lastBlock = structure?.block(holding: text.upperBound > 0 ? self.text.byteOffset(ofScalar: text.upperBound) : 0)
            for (s, slice) in plan.slices[r].enumerated() {
                var flags: TypesetLine.Flags = [.paragraphStart, .paragraphEnd, .tableRow, .unindented]
                if firstRow && s == 0 {
                    if first?.breaksPage == true { flags.insert(.pageBreakBefore) }
                    if first?.style?.spaceBefore == true { flags.insert(.spaceBefore) }
                }
                if s == plan.slices[r].count - 1 && (plan.keptWithNext[r] || lastBlock?.keepsWithNext == true) {
                    flags.insert(.keepsWithNext)
                }
                lines.append(TypesetLine(start: Int32(slice.start), end: Int32(text.upperBound), width: width, flags: flags,
                                         rows: UInt8(max(1, min(255, slice.rows)))))
            }
            firstRow = false
        }
        return TextPosition(byte: table.end, scalar: text.scalarOffset(ofByte: table.end))
    }

    /// The row a table row's line (or slice) shows: its table, its row and which of its slices
    /// the line is.
    mutating func tableRow(of line: TypesetLine) -> (index: Int, table: DocumentStructure.Table, row: Int, slice: Int)? {
        let byte = text.byteOffset(ofScalar: Int(line.start))
        guard let structure, let (index, table) = structure.table(holding: byte), let k = table.cellIndex(holding: byte)
        else { return nil }
        let row = Int(table.cells[k].row)
        let slices = tablePlan(index, table).slices[row]
        return (index, table, row, max(0, slices.partitioningIndex { $0.start > Int(line.start) } - 1))
    }

    /// The lines of the cells of a table row's `line` (whose baseline is `baseline`), each with
    /// its baseline: those whose top falls in the slice the line is, a cell spanning from the
    /// rows above included.
    mutating func cellLines(ofRow line: TypesetLine, baseline: Float) -> [(line: TypesetLine, baseline: Float)] {
        guard let row = tableRow(of: line) else { return [] }
        let plan = tablePlan(row.index, row.table)
        guard let geometry = tableLayouts.geometries[row.index], row.slice < plan.slices[row.row].count else { return [] }
        let slice = plan.slices[row.row][row.slice]
        let lineHeight = settings.lineHeight
        let top = baseline - advances.ascent - Float(Int(line.rows) - 1) * lineHeight
        return linesInRow(row.row, plan: plan, table: row.table, geometry: geometry)
            .filter { $0.row >= slice.top && $0.row < slice.top + slice.rows }
            .map { ($0.line, top + Float($0.row - slice.top + Int($0.line.rows) - 1) * lineHeight + advances.ascent) }
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
            let rowNumber = Int32(row.row)
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
            let here = cells(coveringRow: row.row, of: table, geometry: geometry)
            let above = here.filter { table.cells[$0].row < rowNumber }
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
            for k in here where table.cells[k].row == rowNumber {
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
