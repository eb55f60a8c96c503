import PageTurner
import Pagination

/// What a tap meets on placed lines: a page's, a note's.
extension Collection<PositionedLine> {
    /// The character (scalar offset) whose glyph is under `p` among the lines (placed at
    /// `fontSize`): on the line whose baseline is within an em (of its largest run) below it,
    /// the rightmost glyph starting at or before `p.x`, within an em of its run's size.
    func cluster(at p: Point, fontSize: Double) -> Int? {
        for line in self {
            let baseline = Double(line.baseline)
            let lineEm = fontSize * Double(line.runs.map(\.scale).max() ?? 1)
            guard p.y >= baseline - lineEm, p.y <= baseline + lineEm * 0.35 else { continue }
            var hit: PositionedGlyph?
            for run in line.runs {
                let runEm = fontSize * Double(run.scale)
                for glyph in run.glyphs where Double(glyph.x) <= p.x && Double(glyph.x) > p.x - runEm {
                    if hit.map({ glyph.x >= $0.x }) ?? true { hit = glyph }
                }
            }
            if let glyph = hit { return Int(glyph.cluster) }
        }
        return nil
    }
}
