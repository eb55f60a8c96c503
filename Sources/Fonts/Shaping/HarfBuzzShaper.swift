internal import CHarfBuzz
import Pagination

/// Shapes text with HarfBuzz over a `FontSet`'s faces at one pixel size: Pagination's
/// `GlyphShaper`, so that what a page measures is what it draws.
///
/// A segment is first cut into runs of one face by coverage, as Pango itemizes by font: each
/// character goes to the first face that maps it, the primary face first; a character with no
/// ink of its own (a space, a joiner, a variation selector) stays in the face of the character
/// before it (for the segment's first, `faceBefore`), and so does a combining mark when that
/// face has it. Each run is shaped with the whole segment as context (Arabic joining across a
/// change of face), its positions scaled from font units to pixels exactly (unhinted, as
/// `hb-shape` gives them). A character no face maps is shaped by the primary face as its
/// `.notdef` glyph, the box fonts draw for a missing character.
public struct HarfBuzzShaper: GlyphShaper {
    public let pixelSize: Float
    let fonts: HarfBuzzFonts
    private let opened: [HarfBuzzFonts.Font]
    public let shapingIdentity: UInt64

    /// A shaper for `fonts` at `pixelSize`, or nil when HarfBuzz cannot be loaded or cannot
    /// read one of the faces.
    init?(fonts: HarfBuzzFonts, pixelSize: Float, fingerprint: UInt64) {
        guard let opened = fonts.all(), !opened.isEmpty else { return nil }
        self.fonts = fonts
        self.opened = opened
        self.pixelSize = pixelSize
        var hasher = StableHasher()
        hasher.combine("HarfBuzz")
        hasher.combine(HarfBuzzFonts.version)
        hasher.combine(fingerprint)
        hasher.combine(UInt64(pixelSize.bitPattern))
        shapingIdentity = hasher.value
    }

    public func shape(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool, language: ContentLanguage?,
                      faceBefore: UInt16, into glyphs: inout [ShapedGlyph]) {
        guard !segment.isEmpty, let base = segment.baseAddress else { return }
        let runs = faceRuns(segment, faceBefore: Int(faceBefore) < opened.count ? Int(faceBefore) : 0)
        guard let buffer = fonts.takeBuffer() else { return }
        defer { fonts.giveBack(buffer) }
        let hbLanguage = language.map { fonts.language($0) } ?? nil
        let direction = rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        for run in rightToLeft ? runs.reversed() : runs {
            let font = opened[run.face]
            pageturn_hb_buffer_fill(buffer, base, Int32(segment.count), UInt32(run.range.lowerBound),
                                    Int32(run.range.count), direction, hbLanguage)
            var infos: UnsafeMutablePointer<hb_glyph_info_t>?
            var positions: UnsafeMutablePointer<hb_glyph_position_t>?
            let count = Int(pageturn_hb_shape(font.font, buffer, &infos, &positions))
            guard let infos, let positions else { continue }
            let scale = pixelSize / font.unitsPerEM
            for k in 0..<count {
                let info = infos[k], position = positions[k]
                glyphs.append(ShapedGlyph(
                    id: info.codepoint, font: UInt16(run.face), cluster: UInt16(truncatingIfNeeded: info.cluster),
                    advance: Float(position.x_advance) * scale, xOffset: Float(position.x_offset) * scale,
                    yOffset: Float(position.y_offset) * scale))
            }
        }
    }

    /// The segment cut into runs of one face, in logical order (see the type's comment).
    func faceRuns(_ segment: UnsafeBufferPointer<UInt32>, faceBefore: Int) -> [(face: Int, range: Range<Int>)] {
        func covers(_ face: Int, _ scalar: UInt32) -> Bool { pageturn_hb_font_nominal_glyph(opened[face].font, scalar) != 0 }
        // Most segments are the primary face's alone.
        if faceBefore == 0 && segment.allSatisfy({ covers(0, $0) }) { return [(0, 0..<segment.count)] }
        var runs: [(face: Int, range: Range<Int>)] = []
        var previous = faceBefore
        for (k, scalar) in segment.enumerated() {
            var face: Int
            if (Self.hasNoInk(scalar) || isCombiningMark(scalar)) && covers(previous, scalar) {
                face = previous
            } else {
                face = opened.indices.first { covers($0, scalar) } ?? (Self.hasNoInk(scalar) ? previous : 0)
            }
            if let last = runs.indices.last, runs[last].face == face {
                runs[last].range = runs[last].range.lowerBound..<(k + 1)
            } else {
                runs.append((face, k..<(k + 1)))
            }
            previous = face
        }
        return runs
    }

    /// Characters that take the face of the text before them (Pango keeps its current font
    /// for what `g_unichar_isgraph` refuses): spaces, controls, format characters, and the
    /// joiners and variation selectors that belong to the character before.
    static func hasNoInk(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0...0x20, 0x7F...0xA0, 0x1680, 0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F, 0x3000, 0xFEFF,
             0xFE00...0xFE0F, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }
}

extension FontSet {
    /// A HarfBuzz shaper for the set's faces at `pixelSize`, or nil when HarfBuzz cannot be
    /// loaded or cannot read a face (the layout then measures with the advance table).
    public func shaper(pixelSize: Float) -> HarfBuzzShaper? {
        HarfBuzzShaper(fonts: harfBuzz, pixelSize: pixelSize, fingerprint: fingerprint)
    }
}
