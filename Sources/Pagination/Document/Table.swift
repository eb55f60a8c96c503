extension DocumentStructure {
    /// A table (HTML's table model, CSS 2.1 §17): a grid of cells, each holding whole blocks of
    /// the text, set side by side by the typesetter (`Typesetter+Tables`). The cells' blocks are
    /// the table's text, in the order the book wrote them: row by row, each row's cells in turn.
    ///
    /// A table the layout cannot set as a grid (more than `columnLimit` columns) is not kept:
    /// its cells are laid out as the blocks they are, one after another.
    public struct Table: Sendable, Hashable {
        /// Its cells' bytes: from the first cell's first block to the byte after its last
        /// cell's LF (line starts both).
        public var start: Int
        public var end: Int
        public var columnCount: Int
        public var rowCount: Int
        /// The cells in text order (by row, then by column in the row's writing order).
        public var cells: [Cell]
        /// Rules drawn between all cells and around the table (HTML's `border` attribute, or
        /// a border on every side of a cell), or only around it (a border of the table's own).
        public var rules: Rules
        /// The table's left and right insets from the text block, in ems (its margins and those
        /// of the blocks around it): its cells' blocks' insets count from them.
        public var leftInset: Float
        public var rightInset: Float
        /// The width the book asks for (CSS `width` on the table), or nil: as wide as its
        /// content, never wider than the text block.
        public var width: PictureLength?
        /// Its columns run right to left (CSS `direction: rtl` on the table).
        public var rightToLeft: Bool

        public enum Rules: UInt8, Sendable, Hashable { case none, frame, grid }

        /// The most columns a table is set with: more is not a table a page can show.
        public static let columnLimit = 64
        /// The most rows one cell spans (HTML's own limit is 65,534).
        public static let rowSpanLimit: Int32 = 65_534

        public init(start: Int, end: Int, columnCount: Int, rowCount: Int, cells: [Cell], rules: Rules = .none,
                    leftInset: Float = 0, rightInset: Float = 0, width: PictureLength? = nil, rightToLeft: Bool = false) {
            self.start = start
            self.end = end
            self.columnCount = columnCount
            self.rowCount = rowCount
            self.cells = cells
            self.rules = rules
            self.leftInset = leftInset
            self.rightInset = rightInset
            self.width = width
            self.rightToLeft = rightToLeft
        }

        /// The index of the cell that holds byte `byte` (the last that starts at or before it),
        /// or nil before the first.
        public func cellIndex(holding byte: Int) -> Int? {
            let after = cells.partitioningIndex { $0.start > byte }
            return after > 0 ? after - 1 : nil
        }
    }

    /// A cell of a table: the blocks it holds (`start..<end`: empty for an empty cell) and the
    /// slots of the grid it takes.
    public struct Cell: Sendable, Hashable {
        public var start: Int
        public var end: Int
        public var row: Int32
        public var column: Int32
        public var rowSpan: Int32
        public var columnSpan: Int32
        /// A rule above or below the cell (a border of its own on that side).
        public var ruledAbove: Bool
        public var ruledBelow: Bool

        public init(start: Int, end: Int, row: Int32, column: Int32, rowSpan: Int32 = 1, columnSpan: Int32 = 1,
                    ruledAbove: Bool = false, ruledBelow: Bool = false) {
            self.start = start
            self.end = end
            self.row = row
            self.column = column
            self.rowSpan = rowSpan
            self.columnSpan = columnSpan
            self.ruledAbove = ruledAbove
            self.ruledBelow = ruledBelow
        }
    }

    /// The table whose text holds byte `byte`, and its index in `tables`, or nil.
    public func table(holding byte: Int) -> (index: Int, table: Table)? {
        let after = tables.partitioningIndex { $0.start > byte }
        guard after > 0, byte < tables[after - 1].end else { return nil }
        return (after - 1, tables[after - 1])
    }
}
