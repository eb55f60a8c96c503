import Testing
@testable import Pagination

/// Tables on pages: columns as CSS 2.1's automatic layout gives them, cells side by side in
/// their columns, a row never cut across pages unless it is taller than a page, the text
/// after a table in register, rules where the table asks for them.
@Suite("Tables")
struct TableLayoutTests {
    /// Every character 8 px wide (16 px wide ones in CJK), 16 px to the em.
    static let advances = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)
    static let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)

    typealias Demand = TableColumns.Demand

    // MARK: Column widths (CSS 2.1 §17.5.2.2)

    @Test("columns that fit take their maximum widths, and no more without a width asked for")
    func fittingColumns() {
        let widths = TableColumns.widths(of: [Demand(column: 0, span: 1, minimum: 30, maximum: 100),
                                              Demand(column: 1, span: 1, minimum: 20, maximum: 50)],
                                         columnCount: 2, available: 400)
        #expect(widths == [100, 50])
    }

    @Test("columns that do not fit get their minimum and a share of the rest by how much more they would take")
    func squeezedColumns() {
        let widths = TableColumns.widths(of: [Demand(column: 0, span: 1, minimum: 50, maximum: 350),
                                              Demand(column: 1, span: 1, minimum: 50, maximum: 150)],
                                         columnCount: 2, available: 300)
        // 200 px left over the minimums, wanted 300 and 100: shared 3 to 1.
        #expect(widths == [200, 100])
    }

    @Test("minimums wider than the page are scaled down together")
    func scaledDown() {
        let widths = TableColumns.widths(of: [Demand(column: 0, span: 1, minimum: 300, maximum: 400),
                                              Demand(column: 1, span: 1, minimum: 100, maximum: 100)],
                                         columnCount: 2, available: 200)
        #expect(widths == [150, 50])
    }

    @Test("a cell spanning columns widens them by their maximum widths, the gap between them counted")
    func spanningCell() {
        let widths = TableColumns.widths(of: [Demand(column: 0, span: 1, minimum: 10, maximum: 30),
                                              Demand(column: 1, span: 1, minimum: 10, maximum: 10),
                                              Demand(column: 0, span: 2, minimum: 10, maximum: 90)],
                                         columnCount: 2, available: 500, gap: 10)
        // 80 px for both columns besides the gap: 40 more, shared 3 to 1.
        #expect(widths == [60, 20])
    }

    @Test("a width asked for stretches the columns by their maximum widths, never past the page")
    func specifiedWidth() {
        let demands = [Demand(column: 0, span: 1, minimum: 10, maximum: 30), Demand(column: 1, span: 1, minimum: 10, maximum: 10)]
        #expect(TableColumns.widths(of: demands, columnCount: 2, available: 500, specified: 80) == [60, 20])
        #expect(TableColumns.widths(of: demands, columnCount: 2, available: 100, specified: 1000).reduce(0, +) == 100)
    }

    // MARK: Tables on pages

    /// A paragraph, a table of `rows` (each a list of cells: text, column span, row span),
    /// and a paragraph.
    static func book(_ rows: [[(String, Int, Int)]], rules: DocumentStructure.Table.Rules = .none,
                     rightToLeft: Bool = false) -> (text: BookText, structure: DocumentStructure) {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.append("Before the table.")
        builder.beginTable(rules: rules, leftInset: 0, rightInset: 0, width: nil, rightToLeft: rightToLeft)
        for row in rows {
            builder.beginRow()
            for (text, columns, spannedRows) in row {
                builder.beginCell(columnSpan: columns, rowSpan: spannedRows)
                builder.beginBlock(.paragraph, style: DocumentStructure.Style())
                builder.append(text)
                builder.endCell()
            }
            builder.endRow()
        }
        builder.endTable()
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.append("After the table.")
        return builder.finish()
    }

    func laidOut(_ book: (text: BookText, structure: DocumentStructure), settings: LayoutSettings = settings)
        -> (map: PageMap, pages: [[PositionedLine]], rules: [[PageRule]]) {
        let paginator = Paginator(text: book.text, settings: settings, advances: Self.advances, structure: book.structure)
        let map = paginator.paginate()
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        var pages: [[PositionedLine]] = [], rules: [[PageRule]] = []
        for page in 0..<map.pageCount {
            pages.append(typesetter.position(map.lines(onPage: page)))
            rules.append(typesetter.placeRules(map.lines(onPage: page)))
        }
        return (map, pages, rules)
    }

    /// The text a positioned line shows.
    func text(_ line: PositionedLine, in text: BookText) -> String { text.string(line.range) }

    @Test("cells are written into the grid's slots: a cell spanning rows pushes the cells below it right")
    func slots() throws {
        let (_, structure) = Self.book([[("a", 1, 2), ("b", 1, 1)], [("c", 1, 1)]])
        let table = try #require(structure.tables.first)
        #expect(table.columnCount == 2 && table.rowCount == 2)
        #expect(table.cells.map { [$0.row, $0.column, $0.rowSpan] } == [[0, 0, 2], [0, 1, 1], [1, 1, 1]])
    }

    @Test("a row is one line of the flow, its cells side by side, the next column right of the widest text before it")
    func cellsSideBySide() throws {
        let book = Self.book([[("Name", 1, 1), ("Year", 1, 1)], [("A rather longer name", 1, 1), ("1901", 1, 1)]])
        let (map, pages, _) = laidOut(book)
        #expect(map.lines.filter { $0.flags.contains(.tableRow) }.count == 2)
        let lines = pages[0]
        let name = try #require(lines.first { text($0, in: book.text) == "A rather longer name" })
        let year = try #require(lines.first { text($0, in: book.text) == "1901" })
        #expect(name.baseline == year.baseline, "one row, one baseline")
        let nameRight = try #require(name.glyphs.last).x + 8
        #expect(try #require(year.glyphs.first).x >= nameRight + 16 - 0.01, "a gap of an em at least between the columns")
        let header = try #require(lines.first { text($0, in: book.text) == "Year" })
        #expect(header.glyphs.first?.x == year.glyphs.first?.x, "a column's cells start at one x")
    }

    @Test("the text after a table stays on the page's grid of lines")
    func register() throws {
        let book = Self.book([[("One two three four five six seven eight nine ten eleven twelve", 1, 1), ("x", 1, 1)]])
        let (_, pages, _) = laidOut(book)
        let after = try #require(pages[0].first { text($0, in: book.text) == "After the table." })
        let first = try #require(pages[0].first)
        let rows = (after.baseline - first.baseline) / Self.settings.lineHeight
        #expect(abs(rows - rows.rounded()) < 0.001, "\(rows) rows below the first line")
    }

    @Test("a page breaks between rows, never inside one that fits on a page")
    func rowsKeptWhole() throws {
        let cell = "Words enough to take several lines in a narrow column of a table, again and again and again."
        let book = Self.book((0..<12).map { _ in [(cell, 1, 1), (cell, 1, 1)] })
        let (map, pages, _) = laidOut(book)
        #expect(map.pageCount > 2)
        for (p, page) in pages.enumerated() {
            // Each row on the page shows both its cells whole: its first character and its last.
            for row in map.lines(onPage: p) where row.flags.contains(.tableRow) {
                let drawn = page.filter { $0.range.lowerBound >= Int(row.start) && $0.range.upperBound <= Int(row.end) + 1 }
                #expect(drawn.contains { $0.range.lowerBound == Int(row.start) }, "page \(p): the row's first cell begins here")
                #expect(drawn.contains { $0.range.upperBound == Int(row.end) }, "page \(p): the row's last cell ends here")
                #expect(drawn.allSatisfy { $0.baseline <= Self.settings.pageHeight - Self.settings.margin })
            }
        }
        // Every character of the table is drawn once.
        var seen = Set<Int32>()
        for page in pages { for line in page { for g in line.glyphs { #expect(seen.insert(g.cluster).inserted, "cluster \(g.cluster) drawn twice") } } }
        let table = try #require(book.structure.tables.first)
        let start = book.text.scalarOffset(ofByte: table.start), end = book.text.scalarOffset(ofByte: table.end)
        let ink = (start..<end).filter { k in !book.text.string(k..<k + 1).allSatisfy { $0 == " " || $0 == "\n" } }
        #expect(ink.allSatisfy { seen.contains(Int32($0)) }, "no character of the table lost")
    }

    @Test("a row taller than a page is cut into slices a page each, nothing drawn twice or lost")
    func tallRow() throws {
        let long = Array(repeating: "word", count: 400).joined(separator: " ")
        let book = Self.book([[(long, 1, 1), ("short", 1, 1)]])
        let (map, pages, _) = laidOut(book)
        let slices = map.lines.filter { $0.flags.contains(.tableRow) }
        #expect(slices.count > 1)
        #expect(zip(slices, slices.dropFirst()).allSatisfy { $0.start < $1.start }, "slices in text order")
        try expectEveryCharacterDrawnOnce(book, pages)
        for (p, page) in pages.enumerated() {
            for line in page {
                #expect(line.baseline <= Self.settings.pageHeight - Self.settings.margin, "inside the text box")
                // A place inside the long cell is on the page that shows it (a link, a bookmark, a
                // search; the short cell beside it, after it in the text, is shown on the first).
                let longCell = try #require(book.structure.tables.first?.cells.first)
                let longEnd = book.text.scalarOffset(ofByte: longCell.end)
                for g in line.glyphs where Int(g.cluster) < longEnd {
                    #expect(map.page(containing: Int(g.cluster)) == p, "scalar \(g.cluster) drawn on page \(p)")
                }
            }
        }
    }

    /// Every character of the book but spaces and line feeds is drawn once on `pages`.
    func expectEveryCharacterDrawnOnce(_ book: (text: BookText, structure: DocumentStructure), _ pages: [[PositionedLine]],
                                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        var seen: [Int32: Int] = [:]
        for page in pages { for line in page { for g in line.glyphs { seen[g.cluster, default: 0] += 1 } } }
        let ink = (0..<book.text.scalarCount).filter { k in !book.text.string(k..<k + 1).allSatisfy { $0 == " " || $0 == "\n" } }
        #expect(ink.filter { seen[Int32($0)] != 1 }.isEmpty, "characters not drawn once", sourceLocation: sourceLocation)
    }

    @Test("a cell spanning rows goes on below its row, onto the next page when the rows below are there")
    func spanningAcrossPages() throws {
        let long = (0..<300).map { "w\($0)" }.joined(separator: " ")
        let book = Self.book([[(long, 1, 2), ("b", 1, 1)], [("c", 1, 1)], [("after", 2, 1)]])
        let (map, pages, _) = laidOut(book)
        #expect(map.pageCount > 1)
        try expectEveryCharacterDrawnOnce(book, pages)
    }

    @Test("a row taller than a page is cut between lines: a line two rows high never straddles a page's foot")
    func slicesCutBetweenLines() throws {
        var builder = DocumentBuilder()
        builder.beginTable(rules: .none, leftInset: 0, rightInset: 0, width: nil, rightToLeft: false)
        builder.beginCell(columnSpan: 1, rowSpan: 1)
        for k in 0..<60 {
            builder.beginBlock(.paragraph, style: DocumentStructure.Style(fontScale: k % 3 == 0 ? 2 : 1))
            builder.append("Line \(k) of the cell")
        }
        builder.endTable()
        let book = builder.finish()
        let (map, pages, _) = laidOut(book)
        #expect(map.lines.filter { $0.flags.contains(.tableRow) }.count > 1)
        for page in pages { for line in page { #expect(line.baseline <= Self.settings.pageHeight - Self.settings.margin) } }
        try expectEveryCharacterDrawnOnce(book, pages)
    }

    @Test("a grid draws a rule around and between cells, broken where a cell spans rows or columns")
    func gridRules() throws {
        let book = Self.book([[("a", 1, 2), ("b", 1, 1), ("c", 1, 1)], [("d", 2, 1)], [("e", 1, 1), ("f", 1, 1), ("g", 1, 1)]],
                             rules: .grid)
        let (_, pages, rules) = laidOut(book)
        let page = rules[0]
        #expect(!page.isEmpty)
        let b = try #require(pages[0].first { text($0, in: book.text) == "b" }).glyphs[0]
        let c = try #require(pages[0].first { text($0, in: book.text) == "c" }).glyphs[0]
        let d = try #require(pages[0].first { text($0, in: book.text) == "d" })
        // A vertical rule between b and c in the first row, none across d's row there.
        let between = page.filter { $0.height > $0.width && $0.x > b.x && $0.x < c.x }
        #expect(between.contains { $0.y < b.y && $0.y + $0.height > b.y })
        #expect(!between.contains { $0.y < d.baseline - 4 && $0.y + $0.height > d.baseline - 4 })
        // No horizontal rule through a's column between its two rows.
        let a = try #require(pages[0].first { text($0, in: book.text) == "a" }).glyphs[0]
        let between1And2 = (b.y + d.baseline) / 2
        #expect(!page.contains { $0.width > $0.height && abs($0.y - between1And2) < 6 && $0.x <= a.x && $0.x + $0.width > a.x })
        #expect(page.contains { $0.width > $0.height && abs($0.y - between1And2) < 6 && $0.x <= b.x && $0.x + $0.width > b.x })
    }

    @Test("a right-to-left table puts its first column at the right")
    func rightToLeft() throws {
        let book = Self.book([[("first", 1, 1), ("second", 1, 1)]], rightToLeft: true)
        let (_, pages, _) = laidOut(book)
        let first = try #require(pages[0].first { text($0, in: book.text) == "first" })
        let second = try #require(pages[0].first { text($0, in: book.text) == "second" })
        #expect(try #require(first.glyphs.first).x > (try #require(second.glyphs.last)).x)
    }

    @Test("a table survives the structure's archive; a damaged table is refused")
    func archive() throws {
        let (text, structure) = Self.book([[("a", 1, 2), ("b", 1, 1)], [("c", 1, 1)]], rules: .grid)
        #expect(structure.roundTripped(text: text) == structure)
        var damaged = structure
        damaged.tables[0].cells[0].rowSpan = 9
        #expect(damaged.roundTripped(text: text) == nil, "a cell spanning past the table's rows")
        var reordered = structure
        reordered.tables[0].cells[2].row = 0
        reordered.tables[0].cells[2].column = 0
        #expect(reordered.roundTripped(text: text) == nil, "cells out of the grid's order")
        var offLine = structure
        offLine.tables[0].cells[1].start += 1
        #expect(offLine.roundTripped(text: text) == nil, "a cell starting inside a line")
    }

    @Test("a note's passage laid out with a table is as tall as its lowest line")
    func passageHeight() throws {
        let long = Array(repeating: "word", count: 120).joined(separator: " ")
        let book = Self.book([[(long, 1, 1), ("x", 1, 1)]])
        let paginator = Paginator(text: book.text, settings: Self.settings, advances: Self.advances, structure: book.structure)
        let passage = paginator.passage(0..<book.text.scalarCount)
        let lowest = try #require(passage.lines.map(\.baseline).max())
        #expect(passage.height >= lowest + Self.settings.margin)
    }

    @Test("a picture in a table's cell is never made a page-filling cover")
    func noCoverInCells() {
        var builder = DocumentBuilder()
        builder.beginTable(rules: .none, leftInset: 0, rightInset: 0, width: nil, rightToLeft: false)
        builder.beginCell(columnSpan: 1, rowSpan: 1)
        builder.appendPicture(DocumentStructure.Picture(start: 0, source: "cover.png", pixelWidth: 60, pixelHeight: 90), style: nil)
        builder.beginCell(columnSpan: 1, rowSpan: 1)
        builder.beginBlock(.paragraph)
        builder.append("Title")
        builder.endTable()
        let filled = builder.letPicturesFillPage(source: "cover.png")
        #expect(!filled)
    }
}
