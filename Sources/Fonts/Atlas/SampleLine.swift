import Pagination

/// A short line of text set in one face alone and rasterized as 8-bit coverage: the font
/// panel shows each installed family's name in that family's face, or, for a face without
/// the Latin letters of its name (Noto Sans Bengali, Noto Naskh Arabic), a few of its own
/// letters. Shaped by HarfBuzz (Arabic joins, marks sit on their bases); the face only, no
/// fallback, so what is drawn is what the face itself has.
public struct SampleLine: Sendable {
    /// Width and height of `pixels`, in pixels.
    public let width: Int
    public let height: Int
    /// The baseline's distance from the top row, in pixels.
    public let baseline: Int
    /// Where the pen starts, from the left column, in pixels: the first glyph's ink may
    /// reach left of it (an italic's overhang) or start right of it (a side bearing).
    public let origin: Int
    /// `width * height` coverage values, top row first.
    public let pixels: [UInt8]

    /// `text` in `face` at `pixelSize` pixels per em, cut to the columns that hold ink and
    /// no wider than `maxWidth` pixels (the glyphs past it are left out); nil when nothing of
    /// it has ink. Ink may overhang a glyph's advance (a serif f, an italic), so the line is
    /// set with a quarter em of room on either side before it is cut.
    public static func render(_ text: String, face: FontFace, pixelSize: Float, maxWidth: Int = 2048) -> SampleLine? {
        let scalars = text.unicodeScalars.prefix(ShapeSegments.maximumLength).map(\.value)
        guard !scalars.isEmpty, pixelSize > 0, pixelSize.isFinite, maxWidth > 0 else { return nil }
        let shaper = FontSet(primary: face).shaper(pixelSize: pixelSize)
        var glyphs: [ShapedGlyph] = []
        scalars.withUnsafeBufferPointer {
            shaper.shape($0, rightToLeft: isRightToLeft(scalars), language: nil, faceBefore: 0, into: &glyphs)
        }
        let metrics = face.metrics(pixelSize: pixelSize)
        let room = Int((pixelSize * 0.25).rounded(.up))
        // Room above and below the face's own extent for marks that reach past it.
        let baseline = Int(metrics.ascender.rounded(.up)) + room
        let height = baseline + Int((-metrics.descender).rounded(.up)) + room
        let advance = glyphs.reduce(Float(0)) { $0 + $1.advance }
        let width = Int(advance.rounded(.up)) + 2 * room
        guard width > 0, width * height <= 1 << 24 else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height)
        var bitmap = GlyphBitmap()
        var scale = FaceScale()
        var pen = Float(room)
        var inked = (from: width, to: 0)
        for glyph in glyphs where glyph.font == 0 {
            defer { pen += glyph.advance }
            guard face.rasterize(glyph: glyph.id, pixelSize: pixelSize, hinting: .light, maximumSide: height * 4,
                                 scale: &scale, into: &bitmap) == .rendered, bitmap.width > 0 else { continue }
            let left = Int((pen + glyph.xOffset).rounded()) + bitmap.left
            let top = baseline - Int(glyph.yOffset.rounded()) - bitmap.top
            // A glyph that would take the line past `maxWidth` ends it.
            guard left + bitmap.width - min(inked.from, max(left, 0)) <= maxWidth else { break }
            for row in 0..<bitmap.height where top + row >= 0 && top + row < height {
                for column in 0..<bitmap.width where left + column >= 0 && left + column < width {
                    let value = bitmap.pixels[row * bitmap.width + column]
                    guard value != 0 else { continue }
                    let k = (top + row) * width + left + column
                    pixels[k] = max(pixels[k], value)
                    inked = (min(inked.from, left + column), max(inked.to, left + column + 1))
                }
            }
        }
        guard inked.from < inked.to else { return nil }
        let cut = inked.to - inked.from
        var kept = [UInt8](repeating: 0, count: cut * height)
        for row in 0..<height {
            for column in 0..<cut { kept[row * cut + column] = pixels[row * width + inked.from + column] }
        }
        return SampleLine(width: cut, height: height, baseline: baseline, origin: room - inked.from, pixels: kept)
    }

    /// What to show of a family: its `name` when `face` has every letter of it, else up to
    /// `count` of the face's own letters beyond Latin (its script's, in character-map
    /// order), else up to `count` of its symbols; nil when it has none of those.
    public static func text(for name: String, face: FontFace, count: Int = 6) -> (text: String, isName: Bool)? {
        if name.unicodeScalars.allSatisfy({ $0.value == 0x20 || face.hasGlyph(for: $0) }) { return (name, true) }
        let scalars = face.characterAdvances().scalars.compactMap(Unicode.Scalar.init).filter { $0.value >= 0x250 }
        func firstOf(_ categories: Set<Unicode.GeneralCategory>) -> String? {
            let chosen = scalars.lazy.filter { categories.contains($0.properties.generalCategory) }.prefix(count)
            return chosen.isEmpty ? nil : String(String.UnicodeScalarView(chosen))
        }
        if let letters = firstOf([.otherLetter, .uppercaseLetter, .lowercaseLetter]) { return (letters, false) }
        return firstOf([.otherSymbol, .mathSymbol]).map { ($0, false) }
    }

    /// Whether a sample's first strong letter is of a right-to-left script (Hebrew, Arabic,
    /// Syriac, Thaana, N'Ko and the historic scripts of the SMP's right-to-left blocks).
    static func isRightToLeft(_ scalars: [UInt32]) -> Bool {
        guard let first = scalars.first(where: { $0 > 0x40 }) else { return false }
        return (0x0590...0x08FF).contains(first) || (0xFB1D...0xFDFF).contains(first) || (0xFE70...0xFEFF).contains(first)
            || (0x10800...0x10FFF).contains(first) || (0x1E800...0x1EFFF).contains(first)
    }
}
