/// Where text lies on a laid-out page, for selecting it: which character is nearest a point,
/// and which rectangles cover a range of the text as its glyphs are drawn.
///
/// A glyph covers the line's band (from 0.8 em above its baseline to 0.3 em below, the em of
/// the line's largest run) from its origin to the next glyph's origin on the line, the last
/// one to the line's `end`. Selection works by logical offsets, so in a line mixing
/// directions a range falls in as many pieces as the bidi runs cut it into (UAX #9: a range
/// of logical text is not one visual span).
extension PageLayout {
    /// The share of a line's em its band reaches above the baseline and below it.
    static let bandAbove: Float = 0.8
    static let bandBelow: Float = 0.3

    /// The scalar offset of the character nearest `(x, y)`: on the line whose band is nearest
    /// `y` (of lines sharing a band, a table's cells, the one nearest `x`), the glyph whose
    /// span holds `x`, or the line's first or last glyph beyond its ends. Nil for a page
    /// without glyphs.
    public func nearestOffset(x: Float, y: Float) -> Int? {
        var best: (spans: [(cluster: Int, x0: Float, x1: Float)], dy: Float, dx: Float)?
        for line in lines {
            let spans = Self.spans(of: line)
            guard let first = spans.first, let last = spans.last else { continue }
            let band = band(of: line)
            let dy = y < band.top ? band.top - y : (y > band.bottom ? y - band.bottom : 0)
            let dx = x < first.x0 ? first.x0 - x : (x > last.x1 ? x - last.x1 : 0)
            if let b = best, (b.dy, b.dx) <= (dy, dx) { continue }
            best = (spans, dy, dx)
        }
        guard let spans = best?.spans else { return nil }
        if let hit = spans.first(where: { x >= $0.x0 && x < $0.x1 }) { return hit.cluster }
        return x < spans[0].x0 ? spans[0].cluster : spans[spans.count - 1].cluster
    }

    /// The rectangles that cover the glyphs of `range` on the page, left to right on each line,
    /// lines in reading order: one per run of neighbouring glyphs in the range.
    public func rects(covering range: Range<Int>) -> [PageRect] {
        guard !range.isEmpty else { return [] }
        var rects: [PageRect] = []
        for line in lines where line.range.overlaps(range) {
            let band = band(of: line)
            var open: (x0: Float, x1: Float)?
            func close() {
                if let o = open, o.x1 > o.x0 {
                    rects.append(PageRect(x: o.x0, y: band.top, width: o.x1 - o.x0, height: band.bottom - band.top))
                }
                open = nil
            }
            for span in Self.spans(of: line) {
                if range.contains(span.cluster) {
                    if let o = open { open = (o.x0, max(o.x1, span.x1)) } else { open = (span.x0, span.x1) }
                } else {
                    close()
                }
            }
            close()
        }
        return rects
    }

    /// A line's band: its em from the largest of its runs.
    private func band(of line: PositionedLine) -> (top: Float, bottom: Float) {
        let em = fontSize * (line.runs.map(\.scale).max() ?? 1)
        return (line.baseline - Self.bandAbove * em, line.baseline + Self.bandBelow * em)
    }

    /// Each glyph of `line` with the span it covers, left to right; the glyphs of one cluster
    /// (a base and its marks, a ligature) share one span.
    static func spans(of line: PositionedLine) -> [(cluster: Int, x0: Float, x1: Float)] {
        var glyphs: [(cluster: Int, x: Float)] = []
        for run in line.runs {
            for g in run.glyphs { glyphs.append((Int(g.cluster), g.x)) }
        }
        guard !glyphs.isEmpty else { return [] }
        glyphs.sort { $0.x < $1.x }
        var spans: [(cluster: Int, x0: Float, x1: Float)] = []
        spans.reserveCapacity(glyphs.count)
        for (k, g) in glyphs.enumerated() {
            if let last = spans.last, last.cluster == g.cluster { continue }
            // A span ends where the next glyph of another cluster starts.
            var next = k + 1
            while next < glyphs.count && glyphs[next].cluster == g.cluster { next += 1 }
            // The last glyph ends at the line's end; a line made without one (0) is given the
            // line's mean glyph spacing.
            let mean = glyphs.count > 1 ? (glyphs[glyphs.count - 1].x - glyphs[0].x) / Float(glyphs.count - 1) : 8
            let x1 = next < glyphs.count ? glyphs[next].x : (line.end > g.x ? line.end : g.x + mean)
            spans.append((g.cluster, g.x, max(x1, g.x)))
        }
        return spans
    }
}
