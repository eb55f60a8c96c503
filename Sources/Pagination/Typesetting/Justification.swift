/// A glyph's place on its line: the scalar, its pen position from the left of the text box,
/// and its advance.
public struct PlacedGlyph: Sendable, Equatable {
    public var scalar: UInt32
    /// Scalar offset in the book.
    public var offset: Int32
    public var x: Float
    public var advance: Float
}

extension LayoutSettings {
    /// The first-line indent of a paragraph in pixels: 2 em for CJK (`cjkIndent`), 1.5 em
    /// for others in `book`, none in `plain`; never more than leaves room for two characters.
    func firstLineIndent(cjk: Bool) -> Float {
        guard preset == .book else { return 0 }
        return min((cjk ? cjkIndent : latinIndent) * fontSize, max(0, contentWidth - 2 * fontSize))
    }
}

extension Typesetter {
    /// Where every glyph of `line` goes, justified as the `book` preset sets text: lines
    /// that end a paragraph (or were broken inside a word) stay left aligned; other Latin
    /// lines stretch their inter-word spaces and CJK lines the gaps between characters, so
    /// the ink ends exactly at the right edge of the text box. A hanging mark sits past it.
    /// The paragraph's own leading spaces in `book` and soft line feeds get no ink.
    public mutating func placeGlyphs(of line: TypesetLine) -> [PlacedGlyph] {
        let start = text.byteOffset(ofScalar: Int(line.start))
        let end = text.byteOffset(ofScalar: Int(line.end))
        let count = decodeScalars(bytes: start..<end)
        var glyphs: [PlacedGlyph] = []
        glyphs.reserveCapacity(count)
        let book = settings.preset == .book
        let cjk = line.flags.contains(.cjk)
        var x: Float = line.flags.contains(.paragraphStart) ? settings.firstLineIndent(cjk: cjk) : 0
        var prev: UInt32 = 0
        var afterLigature = false
        var leading = book && line.flags.contains(.paragraphStart)
        for i in 0..<count {
            let c = scalars[i]
            if leading && isTypesetSpace(c) {
                glyphs.append(PlacedGlyph(scalar: c, offset: line.start + Int32(i), x: x, advance: 0))
                continue
            }
            leading = false
            let w = advances.advance(of: c) + advances.pairAdjustment(prev, c, afterLigature: &afterLigature)
            glyphs.append(PlacedGlyph(scalar: c, offset: line.start + Int32(i), x: x, advance: w))
            x += w
            prev = c
        }
        let justify = book && line.flags.isDisjoint(with: [.paragraphEnd, .emergencyBreak, .forcedBreak])
        let extra = settings.contentWidth - line.width
        guard justify, extra > 0, !glyphs.isEmpty else { return glyphs }

        // The stretchable part: from the first ink glyph to the last one that is not a
        // trailing space or a hanging mark.
        var last = glyphs.count - 1
        while last >= 0 && isTypesetSpace(glyphs[last].scalar) { last -= 1 }
        if line.flags.contains(.hangingPunctuation) && last >= 0 { last -= 1 }
        var first = 0
        while first < glyphs.count && glyphs[first].advance == 0 { first += 1 }
        guard first < last else { return glyphs }
        var gaps = 0
        for i in first..<last where cjk || isTypesetSpace(glyphs[i].scalar) { gaps += 1 }
        guard gaps > 0 else { return glyphs }
        let share = extra / Float(gaps)
        var shift: Float = 0
        for i in first..<glyphs.count {
            glyphs[i].x += shift
            if i < last && (cjk || isTypesetSpace(glyphs[i].scalar)) { shift += share }
        }
        return glyphs
    }
}
