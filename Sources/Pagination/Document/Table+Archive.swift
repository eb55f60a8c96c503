extension DocumentStructure.Table {
    /// The table with every byte offset moved `bytes` on (its document appended after others).
    func shifted(by bytes: Int) -> Self {
        var moved = self
        moved.start += bytes
        moved.end += bytes
        for k in moved.cells.indices {
            moved.cells[k].start += bytes
            moved.cells[k].end += bytes
        }
        return moved
    }

    /// Adds the table to a structure's digest.
    func combine(into h: inout StableHasher) {
        h.combine(UInt64(start) << 32 | UInt64(end))
        h.combine(UInt64(columnCount) << 32 | UInt64(rowCount))
        h.combine(UInt64(rules.rawValue) | (rightToLeft ? 0x100 : 0))
        h.combine(UInt64(leftInset.bitPattern) << 32 | UInt64(rightInset.bitPattern))
        DocumentStructure.Picture.combine(width, into: &h)
        for cell in cells {
            h.combine(UInt64(cell.start) << 32 | UInt64(cell.end))
            h.combine(UInt64(UInt32(bitPattern: cell.row)) << 32 | UInt64(UInt32(bitPattern: cell.column)))
            h.combine(UInt64(UInt32(bitPattern: cell.rowSpan)) << 32 | UInt64(UInt32(bitPattern: cell.columnSpan)))
            h.combine(UInt64(cell.ruledAbove ? 1 : 0) | (cell.ruledBelow ? 2 : 0))
        }
    }

    /// Writes the table into a cache file being made (`DocumentStructure.archive(into:)`).
    func archive(into out: inout BinaryWriter) {
        for value in [start, end, columnCount, rowCount] { out.u32(UInt32(value)) }
        out.u32(UInt32(rules.rawValue) | (rightToLeft ? 0x100 : 0))
        out.u32(leftInset.bitPattern)
        out.u32(rightInset.bitPattern)
        DocumentStructure.Picture.archive(width, into: &out)
        out.u32(UInt32(cells.count))
        for cell in cells {
            out.u32(UInt32(cell.start))
            out.u32(UInt32(cell.end))
            for value in [cell.row, cell.column, cell.rowSpan, cell.columnSpan] { out.u32(UInt32(bitPattern: value)) }
            out.u32((cell.ruledAbove ? 1 : 0) | (cell.ruledBelow ? 2 : 0))
        }
    }

    /// A table `archive(into:)` wrote, after byte `previous` and inside `text`; nil when the
    /// bytes do not make one the typesetter can trust: its bounds and its cells' on line
    /// starts, cells in order inside the table, row by row and each row's left to right,
    /// each in the grid.
    static func unarchive(from input: inout BinaryReader, after previous: Int, text: BookText) -> Self? {
        let limit = text.utf8.count
        func isLineStart(_ byte: Int) -> Bool { byte == 0 || byte == limit || (byte <= limit && text.utf8[byte - 1] == 0x0A) }
        guard let start = input.u32().map(Int.init), let end = input.u32().map(Int.init), start >= previous, start < end,
              end <= limit, isLineStart(start), isLineStart(end), let columns = input.u32().map(Int.init), (1...columnLimit).contains(columns),
              let rows = input.u32().map(Int.init), rows >= 1, rows <= limit, let flags = input.u32(), flags & ~0x1FF == 0,
              let rules = Rules(rawValue: UInt8(flags & 0xFF)), let left = input.float(), let right = input.float(),
              abs(left) <= 1000, abs(right) <= 1000, let width = DocumentStructure.Picture.unarchiveLength(from: &input),
              let count = input.count(atMost: limit), count >= 1 else { return nil }
        var cells: [DocumentStructure.Cell] = []
        var cellStart = start
        var last: (row: Int32, column: Int32) = (0, -1)
        for _ in 0..<count {
            guard let lower = input.u32().map(Int.init), let upper = input.u32().map(Int.init), lower >= cellStart,
                  lower <= upper, upper <= end, let row = input.u32().map({ Int32(bitPattern: $0) }),
                  let column = input.u32().map({ Int32(bitPattern: $0) }), let rowSpan = input.u32().map({ Int32(bitPattern: $0) }),
                  let columnSpan = input.u32().map({ Int32(bitPattern: $0) }), let ruled = input.u32(), ruled <= 3,
                  row >= 0, Int(row) < rows, column >= 0, rowSpan >= 1, Int(row) + Int(rowSpan) <= rows, columnSpan >= 1,
                  Int(column) + Int(columnSpan) <= columns, isLineStart(lower), isLineStart(upper),
                  row > last.row || (row == last.row && column > last.column) else { return nil }
            last = (row, column)
            cells.append(DocumentStructure.Cell(start: lower, end: upper, row: row, column: column, rowSpan: rowSpan,
                                                columnSpan: columnSpan, ruledAbove: ruled & 1 != 0, ruledBelow: ruled & 2 != 0))
            cellStart = upper
        }
        return Self(start: start, end: end, columnCount: columns, rowCount: rows, cells: cells, rules: rules, leftInset: left,
                    rightInset: right, width: width, rightToLeft: flags & 0x100 != 0)
    }
}

extension DocumentStructure {
    /// Writes the tables (after the typefaces, `archive(into:)`).
    func archiveTables(into out: inout BinaryWriter) {
        out.u32(UInt32(tables.count))
        for table in tables { table.archive(into: &out) }
    }

    /// Reads the tables `archiveTables` wrote, in order and none overlapping; false when damaged.
    mutating func unarchiveTables(from input: inout BinaryReader, text: BookText) -> Bool {
        guard let count = input.count(atMost: text.utf8.count) else { return false }
        var previous = 0
        for _ in 0..<count {
            guard let table = Table.unarchive(from: &input, after: previous, text: text) else { return false }
            tables.append(table)
            previous = table.end
        }
        return true
    }
}
