/// A short text set on one line and never broken (a running head, a folio, a toolbar's
/// title, a row of a panel) by the steps that set a page's lines: its bidi levels resolved as
/// one paragraph (UAX #9, its direction from its first strong character, P2–P3), cut into
/// segments at spaces and at changes of level, each shaped in its own direction with
/// fallback by coverage (`ShapeCache.placedSegments`), and ordered for display by rule L2.
/// When it must fit a width it is cut after a whole character, logically, and ends in "…".
///
/// Lengths are pixels of the shaper's size times `scale`, from the line's left end and its
/// baseline (y grows downwards, as on a page).
public struct TextLine: Sendable, Equatable {
    /// The text as set: the given text, or the part of it that fits and "…".
    public var text: String
    /// The glyphs, left to right; each glyph's `cluster` is the scalar of `text` it starts at.
    public var runs: [GlyphRun]
    /// The advance of the whole line.
    public var width: Float
    /// The paragraph's direction: a right-to-left line's logical start is at its right.
    public var rightToLeft: Bool

    /// An empty line.
    public init() {
        text = ""
        runs = []
        width = 0
        rightToLeft = false
    }

    /// `text` set with `shapes` (its shaper, size and language), drawn `scale` times that
    /// size. `rightToLeftByDefault` gives the direction of a text with no strong character (a
    /// folio in a Hebrew book); control characters are set as spaces. With `maxWidth`, text
    /// wider than it is cut and ends in "…" (nothing is left when not even that fits).
    public init(_ text: String, shapes: ShapeCache, scale: Float = 1, rightToLeftByDefault: Bool = false,
                maxWidth: Float = .infinity) {
        let bidi = BidiLevels()
        self = Self.set(text, shapes: shapes, bidi: bidi, scale: scale, rightToLeftByDefault: rightToLeftByDefault)
        guard width > maxWidth else { return }
        // The most whole characters that fit with the ellipsis (the widths grow with the count,
        // but for a mark that joins or a kern, closely enough for a binary search).
        let characters = Array(text)
        var low = 0, high = characters.count - 1
        var best = Self.set("…", shapes: shapes, bidi: bidi, scale: scale, rightToLeftByDefault: rightToLeftByDefault)
        guard best.width <= maxWidth else {
            self = TextLine()
            return
        }
        while low <= high {
            let middle = (low + high + 1) / 2
            var kept = String(characters[..<middle])
            while kept.last?.isWhitespace == true { kept.removeLast() }
            let candidate = Self.set(kept + "…", shapes: shapes, bidi: bidi, scale: scale,
                                     rightToLeftByDefault: rightToLeftByDefault)
            if candidate.width <= maxWidth {
                best = candidate
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        self = best
    }

    /// `text` set whole.
    private static func set(_ text: String, shapes: ShapeCache, bidi: BidiLevels, scale: Float,
                            rightToLeftByDefault: Bool) -> TextLine {
        let scalars = text.unicodeScalars.map { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) ? 0x20 : $0.value }
        var levels = [UInt8](repeating: 0, count: scalars.count)
        var line = TextLine()
        line.text = text
        let segments = scalars.withUnsafeBufferPointer { s in
            let (paragraph, mixed) = levels.withUnsafeMutableBufferPointer {
                bidi.resolve(s, paragraphLevel: nil, rightToLeftByDefault: rightToLeftByDefault, into: $0)
            }
            line.rightToLeft = paragraph == 1
            return levels.withUnsafeBufferPointer {
                shapes.placedSegments(of: s, levels: mixed ? $0 : nil, paragraphLevel: paragraph)
            }
        }
        var pen: Float = 0
        for k in BidiLevels.visualOrder(of: segments.map(\.level)) {
            let segment = segments[k]
            for g in segment.glyphs {
                let placed = PositionedGlyph(id: g.id, x: (pen + g.xOffset) * scale, y: -g.yOffset * scale,
                                             cluster: Int32(segment.start + Int(g.cluster)))
                if let last = line.runs.last, last.font == g.font {
                    line.runs[line.runs.count - 1].glyphs.append(placed)
                } else {
                    line.runs.append(GlyphRun(font: g.font, glyphs: [placed], scale: scale))
                }
                pen += g.advance
            }
        }
        line.width = pen * scale
        return line
    }

    /// The line moved by (`dx`, `dy`): its glyphs where a box puts it.
    public func runs(movedBy dx: Float, _ dy: Float) -> [GlyphRun] {
        runs.map { run in
            var moved = run
            for k in moved.glyphs.indices {
                moved.glyphs[k].x += dx
                moved.glyphs[k].y += dy
            }
            return moved
        }
    }
}
