import EPUB
import Foundation
import FuzzTargets
import Pagination
import Testing

/// A book's tables as the EPUB reader writes them: the grid of HTML's table model, the rules
/// its attributes and borders ask for, and what is not a grid left as blocks.
@Suite("EPUB tables")
struct TableEPUBTests {
    func book(_ body: String, head: String = "<title>t</title>") throws -> EPUBBook {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml(body, head: head)]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        return try EPUBBook.open(path: try epub.write())
    }

    func text(of book: EPUBBook, _ range: Range<Int>) -> String {
        String(decoding: book.text.utf8[range], as: UTF8.self)
    }

    @Test("rows and cells take the grid's slots; a caption goes before the table, not in it")
    func grid() throws {
        let book = try book("""
            <table><caption>Planets</caption>
            <thead><tr><th>Name</th><th>Mass</th><th>Moons</th></tr></thead>
            <tbody><tr><td rowspan="2">Inner</td><td>0.06</td><td>0</td></tr>
            <tr><td colspan="2">0.82, none</td></tr></tbody></table>
            <p>After.</p>
            """)
        let structure = book.structure
        let table = try #require(structure.tables.first)
        #expect(table.columnCount == 3 && table.rowCount == 3)
        #expect(table.cells.map { [$0.row, $0.column, $0.rowSpan, $0.columnSpan] }
                == [[0, 0, 1, 1], [0, 1, 1, 1], [0, 2, 1, 1], [1, 0, 2, 1], [1, 1, 1, 1], [1, 2, 1, 1], [2, 1, 1, 2]])
        #expect(table.cells.map { text(of: book, $0.start..<$0.end) }
                == ["Name\n", "Mass\n", "Moons\n", "Inner\n", "0.06\n", "0\n", "0.82, none\n"])
        #expect(text(of: book, 0..<table.start) == "Planets\n", "the caption is a block before the grid")
        #expect(text(of: book, table.end..<book.text.utf8.count) == "After.\n")
        #expect(structure.bold.contains { text(of: book, $0) == "Name" }, "a header cell is bold")
        #expect(table.rules == DocumentStructure.Table.Rules.none)
    }

    @Test("HTML's border attribute or a border round the cells draws a grid; the table's own border a frame; a cell's bottom border a rule")
    func rules() throws {
        let attribute = try book("<table border=\"1\"><tr><td>a</td></tr></table>")
        #expect(attribute.structure.tables.first?.rules == .grid)
        let unruled = try book("<table border=\"0\"><tr><td>a</td></tr></table>")
        #expect(unruled.structure.tables.first?.rules == DocumentStructure.Table.Rules.none)
        let styled = try book("<table><tr><td>a</td></tr></table>", head: "<style>td { border: 1px solid black }</style>")
        #expect(styled.structure.tables.first?.rules == .grid)
        let framed = try book("<table style=\"border: thin solid\"><tr><td>a</td></tr></table>")
        #expect(framed.structure.tables.first?.rules == .frame)
        let underlined = try book("<table><tr><th style=\"border-bottom: 1px solid\">a</th></tr><tr><td>b</td></tr></table>")
        let cells = try #require(underlined.structure.tables.first).cells
        #expect(cells.map(\.ruledBelow) == [true, false] && cells.allSatisfy { !$0.ruledAbove })
    }

    @Test("a table inside a cell is written as that cell's blocks; text between rows takes a row of its own")
    func nestedAndStray() throws {
        let book = try book("""
            <table><tr><td>outer<table><tr><td>inner one</td><td>inner two</td></tr></table></td><td>right</td></tr>
            <tr><td>x</td></tr>stray words<tr><td>y</td></tr></table>
            """)
        let tables = book.structure.tables
        #expect(tables.count == 1)
        let cells = tables[0].cells
        #expect(cells.map { text(of: book, $0.start..<$0.end) }
                == ["outer\ninner one\ninner two\n", "right\n", "x\n", "stray words\n", "y\n"])
        #expect(cells[3].row == 2 && cells[3].columnSpan == 2, "a row of its own, as wide as the table")
        #expect(cells[4].row == 3)
    }

    @Test("a table of 10,000 columns is not set as a grid: its cells are blocks, every one kept")
    func tooManyColumns() throws {
        let row = (0..<10_000).map { "<td>c\($0)</td>" }.joined()
        let book = try book("<table><tr>\(row)</tr></table><p>After.</p>")
        #expect(book.structure.tables.isEmpty == true)
        let all = book.text.string(0..<book.text.scalarCount)
        #expect(all.hasPrefix("c0\nc1\n") && all.contains("c9999\nAfter.\n"))
    }

    @Test("display: table on other elements makes a grid; display: block on a table's parts does not")
    func byDisplay() throws {
        let grid = try book("<div style=\"display: table\"><div style=\"display: table-row\"><span style=\"display: table-cell\">a</span><span style=\"display: table-cell\">b</span></div></div>")
        #expect(grid.structure.tables.first?.columnCount == 2)
        let blocks = try book("<table><tr><td>a</td><td>b</td></tr></table>", head: "<style>table, tr, td { display: block }</style>")
        #expect(blocks.structure.tables.isEmpty == true)
        #expect(blocks.text.string(0..<blocks.text.scalarCount) == "a\nb\n")
    }

    @Test("tables survive the book cache")
    func cached() throws {
        let book = try book("<table border=\"1\" style=\"width: 50%\"><tr><td rowspan=\"0\">a</td><td>b</td></tr><tr><td>c</td></tr></table>")
        let table = try #require(book.structure.tables.first)
        #expect(table.cells[0].rowSpan == 2, "rowspan 0 reaches the table's last row")
        #expect(table.width == PictureLength.percent(50))
        let kept = try #require(EPUBCache.book(fromFileBytes: EPUBCache.fileBytes(of: book, key: 9), key: 9))
        #expect(kept.structure == book.structure)
    }

    @Test("a blank line between rows takes no slot; text before a row's first cell takes the row's first slot")
    func blankAndStrayInRows() throws {
        let book = try book("""
            <table><tr><td rowspan="3">A</td><td>b</td></tr>&#x3000;<tr><td>c</td></tr><tr><td>d</td></tr></table>
            <table><tr>xyz<td>c</td><td>d</td></tr></table>
            """)
        let tables = book.structure.tables
        #expect(tables.count == 2)
        #expect(tables[0].cells.map { [$0.row, $0.column] } == [[0, 0], [0, 1], [1, 1], [2, 1]], "d beside A's third row")
        #expect(tables[1].cells.map { [$0.row, $0.column] } == [[0, 0], [0, 1], [0, 2]])
        #expect(tables[1].cells.map { text(of: book, $0.start..<$0.end) } == ["xyz\n", "c\n", "d\n"])
    }

    @Test("a row span stops at its row group's end; columns no cell starts in are dropped")
    func groupsAndWideSpans() throws {
        let book = try book("""
            <table><thead><tr><th rowspan="0">h</th><th>i</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>
            <table><tr><td colspan="100">Whole width</td></tr><tr><td>a</td><td>b</td></tr></table>
            """)
        let tables = book.structure.tables
        #expect(tables.count == 2)
        #expect(tables[0].cells.map { [$0.row, $0.column, $0.rowSpan] } == [[0, 0, 1], [0, 1, 1], [1, 0, 1], [1, 1, 1]])
        #expect(tables[1].columnCount == 2 && tables[1].cells[0].columnSpan == 2, "the table is kept, two columns wide")
    }
}
