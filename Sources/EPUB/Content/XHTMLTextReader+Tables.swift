import CSS
import Pagination

/// A document's tables: each box whose `display` is a table part (`ComputedStyle.tablePart`)
/// tells the builder where a table, its rows and its cells begin and end
/// (`DocumentBuilder+Tables`); the cells' content is written as blocks, as any block's.
///
/// Rules: HTML's `border` attribute (any value but 0) or `rules="all"` on the table, or a
/// border above and below a cell (CSS `border`), draws a grid; a border of the table's own a
/// frame; a cell's border above or below it alone, a rule there.
extension XHTMLTextReader {
    /// Tells `builder` that the table part `node` (styled `style`, its box inset `insets` ems
    /// from the text block's left and right) begins: before its block does.
    static func beginTablePart(_ node: XMLNode, style: ComputedStyle, insets: (start: Double, end: Double),
                               builder: inout DocumentBuilder) {
        switch style.tablePart {
        case .table:
            let border = node.attribute("border").map { $0.trimmingCharacters(in: " \t\r\n") }
            let grid = (border.map { $0 != "0" } ?? false) || node.attribute("rules")?.lowercased() == "all"
            let rules: DocumentStructure.Table.Rules = grid ? .grid : style.borderTop && style.borderBottom ? .frame : .none
            var width = style.size.width
            if width == nil, let w = node.attribute("width").flatMap(attributeLength) { width = w }
            builder.beginTable(rules: rules, leftInset: Float(insets.start), rightInset: Float(insets.end),
                               width: width.map(tableWidth), rightToLeft: style.direction == .rtl)
        case .row:
            builder.beginRow()
        case .cell:
            builder.beginCell(columnSpan: span(node.attribute("colspan"), zero: 1),
                              rowSpan: span(node.attribute("rowspan"), zero: 0),
                              ruledAbove: style.borderTop, ruledBelow: style.borderBottom)
        case .none, .rowGroup, .caption:
            break
        }
    }

    /// Tells `builder` that the table part styled `style` ended (after its block did).
    static func endTablePart(style: ComputedStyle, builder: inout DocumentBuilder) {
        switch style.tablePart {
        case .table: builder.endTable()
        case .rowGroup: builder.endRowGroup()
        case .row: builder.endRow()
        case .cell: builder.endCell()
        case .none, .caption: break
        }
    }

    /// A `colspan` or `rowspan` attribute's number (HTML's rules for parsing non-negative
    /// integers: leading digits after white space; none is 1), with 0 read as `zero`
    /// (`rowspan="0"` spans the rest of the table, `colspan="0"` is 1).
    private static func span(_ value: String?, zero: Int) -> Int {
        guard let value else { return 1 }
        let digits = value.trimmingCharacters(in: " \t\r\n").prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let n = Int(digits.prefix(6)) else { return 1 }
        return n == 0 ? zero : n
    }

    private static func tableWidth(_ length: CSSLength) -> PictureLength {
        switch length {
        case .em(let n): .ems(Float(n))
        case .percent(let p): .percent(Float(p))
        }
    }
}
