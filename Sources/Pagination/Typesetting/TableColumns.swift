/// A table's column widths by CSS 2.1 §17.5.2.2's automatic table layout, as browsers
/// resolve what the spec leaves open:
///
/// 1. Each column's minimum and maximum widths are the largest minimum (min-content: its
///    widest unbreakable word) and maximum (max-content: its longest paragraph on one line)
///    of the cells that span it alone.
/// 2. A cell spanning several columns widens them when they are narrower than it together,
///    the excess shared in proportion to their maximum widths (evenly when those are zero),
///    narrower spans first.
/// 3. The table is as wide as its maximum widths when they fit (or the width the book asks
///    for, the extra shared in proportion to the maximum widths); else each column gets its
///    minimum and a share of what is left in proportion to how much more it would take
///    (`max - min`); when even the minimums do not fit, they are scaled down together, and
///    the cells' words broken where they must be.
///
/// Widths exclude the gaps between columns: `available` and `specified` are what is left for
/// the columns themselves.
public enum TableColumns {
    /// One cell's demands: the columns it spans and its minimum and maximum widths, px.
    public struct Demand: Sendable, Equatable {
        public var column: Int
        public var span: Int
        public var minimum: Float
        public var maximum: Float

        public init(column: Int, span: Int, minimum: Float, maximum: Float) {
            self.column = column
            self.span = span
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    /// The widths of `columnCount` columns given the cells' demands, `available` px for all of
    /// them, and the width the book asks for (nil: as wide as the content, within `available`).
    /// `gap` is the room between two columns, which a spanning cell takes too.
    public static func widths(of demands: [Demand], columnCount: Int, available: Float, specified: Float? = nil,
                              gap: Float = 0) -> [Float] {
        guard columnCount > 0 else { return [] }
        var minimum = [Float](repeating: 0, count: columnCount)
        var maximum = [Float](repeating: 0, count: columnCount)
        func sane(_ x: Float) -> Float { x.isFinite ? max(0, x) : 0 }
        for d in demands where d.span == 1 && d.column >= 0 && d.column < columnCount {
            minimum[d.column] = max(minimum[d.column], sane(d.minimum))
            maximum[d.column] = max(maximum[d.column], sane(d.maximum))
        }
        let spanning = demands.filter { $0.span > 1 && $0.column >= 0 && $0.column < columnCount }.sorted { $0.span < $1.span }
        for d in spanning {
            let columns = d.column..<min(columnCount, d.column + d.span)
            let gaps = gap * Float(columns.count - 1)
            widen(&minimum, columns, to: sane(d.minimum) - gaps, weights: maximum)
            widen(&maximum, columns, to: sane(d.maximum) - gaps, weights: maximum)
        }
        for c in 0..<columnCount { maximum[c] = max(maximum[c], minimum[c]) }
        let least = minimum.reduce(0, +), most = maximum.reduce(0, +)
        let room = max(0, sane(available))
        let target = specified.map { min(room, max(sane($0), least)) } ?? room
        if most <= target {
            guard specified != nil, target > most else { return maximum }
            // A table as wide as the book asks: the extra shared by the maximum widths.
            var widths = maximum
            widen(&widths, 0..<columnCount, to: target, weights: maximum)
            return widths
        }
        if least >= target {
            let scale = least > 0 ? target / least : 0
            return least > 0 ? minimum.map { $0 * scale } : [Float](repeating: target / Float(columnCount), count: columnCount)
        }
        let share = (target - least) / (most - least)
        return (0..<columnCount).map { minimum[$0] + (maximum[$0] - minimum[$0]) * share }
    }

    /// Widens `widths[columns]` so that they add up to at least `total`, the excess shared in
    /// proportion to `weights` (evenly when those are all zero).
    private static func widen(_ widths: inout [Float], _ columns: Range<Int>, to total: Float, weights: [Float]) {
        let now = columns.reduce(Float(0)) { $0 + widths[$1] }
        let excess = total - now
        guard excess > 0, !columns.isEmpty else { return }
        let weight = columns.reduce(Float(0)) { $0 + weights[$1] }
        for c in columns {
            widths[c] += weight > 0 ? excess * weights[c] / weight : excess / Float(columns.count)
        }
    }
}
