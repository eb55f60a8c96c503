/// CSS `letter-spacing` in a structured book: room after every character (every grapheme
/// cluster as shaped: a base and its marks take it once), measured with the paragraph and
/// drawn with the line, so that the two agree.
extension Typesetter {
    /// The letter-spaced runs of the text at bytes `range` (decoded in `count` scalars), as
    /// scalar ranges with their room in the block's own pixels (`BlockGeometry`: a block set
    /// larger measures in larger pixels).
    func letterSpacedRuns(bytes range: Range<Int>, count: Int) -> [(scalars: Range<Int>, room: Float)] {
        guard let structure, !structure.letterSpacing.isEmpty else { return [] }
        let spaced = structure.letterSpacing
        let first = spaced.partitioningIndex { $0.range.upperBound > range.lowerBound }
        var meeting: [DocumentStructure.LetterSpacing] = []
        for run in spaced[first...] {
            guard run.range.lowerBound < range.upperBound else { break }
            meeting.append(run)
        }
        guard !meeting.isEmpty else { return [] }
        let scale = structure.block(holding: range.lowerBound)?.style?.fontScale ?? 1
        let scalars = scalarRanges(of: meeting.lazy.map(\.range), in: range, count: count)
        return zip(scalars, meeting).compactMap { scalars, run in
            scalars.isEmpty ? nil : (scalars, run.ems * settings.fontSize / scale)
        }
    }

    /// Adds the letter spacing of the paragraph at bytes `range` to `widths` (each cluster's
    /// advance is on its first scalar: the room goes there).
    mutating func addLetterSpacing(bytes range: Range<Int>, count: Int) {
        for (scalars, room) in letterSpacedRuns(bytes: range, count: count) {
            for k in scalars where widths[k] != 0 { widths[k] += room }
        }
    }

    /// Adds the letter spacing of the line at bytes `range` (decoded in `count` scalars) to
    /// its shaped `segments`: after each cluster, on its last glyph.
    func addLetterSpacing(to segments: inout [PlacedSegment], bytes range: Range<Int>, count: Int) {
        let runs = letterSpacedRuns(bytes: range, count: count)
        guard !runs.isEmpty else { return }
        for s in segments.indices {
            let glyphs = segments[s].glyphs
            for g in glyphs.indices where g == glyphs.count - 1 || glyphs[g + 1].cluster != glyphs[g].cluster {
                let scalar = segments[s].start + Int(glyphs[g].cluster)
                guard let run = runs.first(where: { $0.scalars.contains(scalar) }) else { continue }
                segments[s].glyphs[g].advance += run.room
                segments[s].width += run.room
            }
        }
    }
}
