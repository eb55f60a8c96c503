/// Tables as the format's reader walks them (HTML's table model, WHATWG HTML §4.9.12's
/// "forming a table", for the parts books use): a table, its rows, and the cells of each row,
/// each cell taking the first free slot of its row, right of the cells above it that span
/// down into it.
///
/// A block written inside a table but outside any cell takes a cell of its own: the next free
/// slot of its row inside a row (text before a row's first cell), else a row of its own as
/// wide as the table (a caption below the rows, text between rows). A row group's end ends
/// the rows its cells span (HTML: a row span stops at its group's end). Columns no cell
/// starts in are dropped (a `colspan="100"` meaning the whole width). A table
/// inside a cell is written as blocks of that cell; a table with more than
/// `Table.columnLimit` columns is not kept (its cells are written as the blocks they are).
extension DocumentBuilder {
    /// A table being written.
    struct OpenTable: Sendable {
        var table: DocumentStructure.Table
        /// For each column, how many rows (the current one included) a cell from above still
        /// takes.
        var spanning: [Int32] = []
        /// The next column a cell of the current row may start at.
        var nextColumn: Int32 = 0
        var rowOpen = false
        /// The cell being written (an index into `table.cells`).
        var cell: Int?
        /// The cell was opened for a block outside any (`enterCellForBlock`), and the rows
        /// still spanned before it when it opened a row of its own (restored if it is taken back).
        var anonymousCell = false
        var spanningBeforeAnonymousRow: [Int32]?
        /// Tables opened inside this one's cells, written as their blocks.
        var nestedDepth = 0
        /// A row was begun: blocks from here on are the grid's (a caption before it is not).
        var gridStarted = false
    }

    /// Begins a table (`rules`, insets and `width` as `Table` keeps them). Inside a table's
    /// cell, it is written as blocks of that cell.
    public mutating func beginTable(rules: DocumentStructure.Table.Rules, leftInset: Float, rightInset: Float,
                                    width: PictureLength?, rightToLeft: Bool) {
        endBlock()
        if openTable != nil {
            openTable?.nestedDepth += 1
            return
        }
        openTable = OpenTable(table: DocumentStructure.Table(
            start: utf8.count, end: utf8.count, columnCount: 0, rowCount: 0, cells: [], rules: rules,
            leftInset: leftInset, rightInset: rightInset, width: width, rightToLeft: rightToLeft))
    }

    /// Begins a row of the table being written (ending the row before).
    public mutating func beginRow() {
        guard openTable?.nestedDepth == 0 else { return }
        endBlock()
        Self.openRow(&openTable!, at: utf8.count)
    }

    /// Begins a cell of the current row (a row is begun when none is), spanning `columnSpan`
    /// columns (0: the rest of the table's) and `rowSpan` rows (0: the rest of the table's),
    /// with a rule above or below it.
    public mutating func beginCell(columnSpan: Int, rowSpan: Int, ruledAbove: Bool = false, ruledBelow: Bool = false) {
        guard openTable?.nestedDepth == 0 else { return }
        endBlock()
        Self.openCell(&openTable!, at: utf8.count, columnSpan: columnSpan, rowSpan: rowSpan, ruledAbove: ruledAbove,
                      ruledBelow: ruledBelow)
    }

    /// Begins a row of `open` at byte `at`.
    private static func openRow(_ open: inout OpenTable, at byte: Int) {
        closeCell(&open, at: byte)
        if open.gridStarted {
            for c in open.spanning.indices { open.spanning[c] = max(0, open.spanning[c] - 1) }
        } else {
            open.table.start = byte
        }
        open.gridStarted = true
        open.rowOpen = true
        open.nextColumn = 0
        open.table.rowCount += 1
    }

    /// Begins a cell of `open` at byte `at` (see `beginCell`).
    private static func openCell(_ open: inout OpenTable, at byte: Int, columnSpan: Int, rowSpan: Int, ruledAbove: Bool,
                                 ruledBelow: Bool) {
        if !open.rowOpen { openRow(&open, at: byte) }
        closeCell(&open, at: byte)
        while Int(open.nextColumn) < open.spanning.count && open.spanning[Int(open.nextColumn)] > 0 { open.nextColumn += 1 }
        let column = open.nextColumn
        // Columns past the limit make the table one not kept: counted, never allocated.
        let span = Int32(min(max(columnSpan, 0), 1000))
        let rows = rowSpan <= 0 ? DocumentStructure.Table.rowSpanLimit : Int32(min(rowSpan, Int(DocumentStructure.Table.rowSpanLimit)))
        let reach = Int(column) + max(Int(span), 1)
        if reach <= DocumentStructure.Table.columnLimit {
            if open.spanning.count < reach { open.spanning += repeatElement(0, count: reach - open.spanning.count) }
            for c in Int(column)..<reach { open.spanning[c] = rows }
        }
        open.table.columnCount = max(open.table.columnCount, reach)
        open.nextColumn = Int32(min(reach, Int(Int32.max)))
        // A cell bordered above and below (a border all round, as books write it) rules the grid.
        let boxed = ruledAbove && ruledBelow
        if boxed { open.table.rules = .grid }
        open.table.cells.append(DocumentStructure.Cell(
            start: byte, end: byte, row: Int32(open.table.rowCount - 1), column: column, rowSpan: rows,
            columnSpan: span, ruledAbove: ruledAbove && !boxed, ruledBelow: ruledBelow && !boxed))
        open.cell = open.table.cells.count - 1
        open.anonymousCell = false
    }

    /// Ends the cell being written.
    public mutating func endCell() {
        guard openTable?.nestedDepth == 0 else { return }
        endBlock()
        Self.closeCell(&openTable!, at: utf8.count)
    }

    /// Ends the row being written.
    public mutating func endRow() {
        guard openTable?.nestedDepth == 0 else { return }
        endBlock()
        Self.closeCell(&openTable!, at: utf8.count)
        openTable?.rowOpen = false
    }

    /// Ends a group of rows (`thead`, `tbody`, `tfoot`): no cell spans rows past it.
    public mutating func endRowGroup() {
        guard var open = openTable, open.nestedDepth == 0 else { return }
        endBlock()
        Self.closeCell(&open, at: utf8.count)
        open.rowOpen = false
        let rows = Int32(open.table.rowCount)
        for k in open.table.cells.indices where open.table.cells[k].row + open.table.cells[k].rowSpan > rows {
            open.table.cells[k].rowSpan = rows - open.table.cells[k].row
        }
        for c in open.spanning.indices { open.spanning[c] = min(open.spanning[c], 1) }
        openTable = open
    }

    /// Ends the table being written: kept in the structure when it has cells and no more
    /// columns than a page can show.
    public mutating func endTable() {
        guard var open = openTable else { return }
        if open.nestedDepth > 0 {
            openTable?.nestedDepth -= 1
            return
        }
        endBlock()
        Self.closeCell(&open, at: utf8.count)
        openTable = nil
        var table = open.table
        table.end = utf8.count
        guard !table.cells.isEmpty, table.start < table.end else { return }
        Self.dropColumnsNoCellStarts(&table)
        guard table.columnCount <= DocumentStructure.Table.columnLimit else { return }
        for k in table.cells.indices {
            let cell = table.cells[k]
            if cell.columnSpan == 0 { table.cells[k].columnSpan = Int32(table.columnCount) - cell.column }
            table.cells[k].rowSpan = min(cell.rowSpan, Int32(table.rowCount) - cell.row)
        }
        structure.tables.append(table)
    }

    /// Opens a cell for a block about to be written inside the table but outside any cell:
    /// a row of its own, as wide as the table. Before the first row (a caption) the block is
    /// not the grid's.
    mutating func enterCellForBlock() {
        guard var open = openTable, open.nestedDepth == 0, open.gridStarted, open.cell == nil else { return }
        // (The block is being begun: the builder's own state is left as it is.)
        if open.rowOpen {
            Self.openCell(&open, at: utf8.count, columnSpan: 1, rowSpan: 1, ruledAbove: false, ruledBelow: false)
            open.anonymousCell = true
            open.spanningBeforeAnonymousRow = nil
        } else {
            let spanning = open.spanning
            Self.openRow(&open, at: utf8.count)
            Self.openCell(&open, at: utf8.count, columnSpan: 0, rowSpan: 1, ruledAbove: false, ruledBelow: false)
            open.anonymousCell = true
            open.spanningBeforeAnonymousRow = spanning
        }
        openTable = open
    }

    /// Ends `open`'s cell at byte `end`; an anonymous cell left empty (its block turned out
    /// blank) is taken back with its row.
    private static func closeCell(_ open: inout OpenTable, at end: Int) {
        guard let k = open.cell else { return }
        open.table.cells[k].end = end
        open.cell = nil
        if open.anonymousCell {
            open.anonymousCell = false
            let ownRow = open.spanningBeforeAnonymousRow
            if ownRow != nil { open.rowOpen = false }
            if open.table.cells[k].start == end {
                // Its block was blank: the cell is taken back (and its row, counts restored).
                open.table.cells.removeLast()
                if let spanning = ownRow {
                    open.table.rowCount -= 1
                    open.spanning = spanning
                }
            }
            open.spanningBeforeAnonymousRow = nil
        }
    }

    /// Drops the columns no cell starts in (they would be as narrow as nothing): the
    /// columns renumbered, each cell spanning the kept columns it spanned.
    private static func dropColumnsNoCellStarts(_ table: inout DocumentStructure.Table) {
        let starts = Array(Set(table.cells.map(\.column))).sorted()
        guard starts.count < table.columnCount else { return }
        for k in table.cells.indices {
            let cell = table.cells[k]
            let first = starts.partitioningIndex { $0 >= cell.column }
            let reach = cell.columnSpan == 0 ? Int(Int32.max) : Int(cell.column) + Int(cell.columnSpan)
            let after = starts.partitioningIndex { Int($0) >= reach }
            table.cells[k].column = Int32(first)
            table.cells[k].columnSpan = cell.columnSpan == 0 ? 0 : Int32(max(1, after - first))
        }
        table.columnCount = starts.count
    }
}
