@preconcurrency internal import CFreeType

/// Every character a face's Unicode cmap maps, with its glyph's unhinted advance in font
/// units, in ascending scalar order. Size-independent, so it is read once per face and
/// scaled for each advance table.
struct CharacterAdvances: Sendable {
    var scalars: [UInt32] = []
    var glyphs: [UInt32] = []
    var advances: [Int32] = []

    /// Walks the selected (Unicode) cmap with `FT_Get_First_Char` / `FT_Get_Next_Char`.
    /// Glyph 0 (`.notdef`) ends the walk, so unmapped characters never appear.
    init(face: FT_Face) {
        let glyphCount = max(0, Int(face.pointee.num_glyphs))
        // Many characters can share a glyph; fetch each glyph's advance once.
        var advanceOfGlyph = [Int32](repeating: -1, count: glyphCount)
        var glyph: FT_UInt = 0
        var code = FT_Get_First_Char(face, &glyph)
        while glyph != 0 {
            // Cmaps may map values beyond Unicode or surrogates; keep only scalars.
            if code < 0x110000, !(0xD800...0xDFFF).contains(code) {
                let index = Int(glyph)
                var advance: Int32
                if index < glyphCount, advanceOfGlyph[index] >= 0 {
                    advance = advanceOfGlyph[index]
                } else {
                    advance = Int32(clamping: FontFace.unscaledAdvance(face, glyph: glyph))
                    if index < glyphCount { advanceOfGlyph[index] = max(0, advance) }
                }
                scalars.append(UInt32(code))
                glyphs.append(UInt32(glyph))
                advances.append(max(0, advance))
            }
            code = FT_Get_Next_Char(face, code, &glyph)
        }
    }
}

extension FontFace {
    /// The face's characters and advances, read on first use and then kept.
    func characterAdvances() -> CharacterAdvances {
        withState { state in
            if let cached = state.characterAdvances { return cached }
            let read = CharacterAdvances(face: state.face)
            state.characterAdvances = read
            return read
        }
    }
}
