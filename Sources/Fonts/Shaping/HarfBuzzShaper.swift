internal import CHarfBuzz
import Pagination

/// Shapes text with HarfBuzz over a `FontSet`'s faces at one pixel size: Pagination's
/// `GlyphShaper`, so that what a page measures is what it draws.
///
/// A segment is first cut into runs of one face by coverage (Pango's itemization by font):
/// each character goes to the first face that maps it, the primary face first; a combining
/// mark, a joiner or a variation selector stays with the character before it when that
/// face has it, so a base and its marks are shaped together. Each run is shaped with the
/// whole segment as context (Arabic joining across a change of face), its positions scaled
/// from font units to pixels exactly (unhinted, as `hb-shape` gives them).
/// A character no face maps is shaped by the primary face as its `.notdef` glyph, the box
/// fonts draw for a missing character.
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
                      into glyphs: inout [ShapedGlyph]) {
        guard !segment.isEmpty, let base = segment.baseAddress else { return }
        let runs = faceRuns(segment)
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

    /// The segment cut into runs of one face, in logical order (see the type's comment). A
    /// mark the face of its base lacks moves the whole cluster to the first face that has
    /// them all, if one does.
    func faceRuns(_ segment: UnsafeBufferPointer<UInt32>) -> [(face: Int, range: Range<Int>)] {
        func covers(_ face: Int, _ scalar: UInt32) -> Bool { pageturn_hb_font_nominal_glyph(opened[face].font, scalar) != 0 }
        // Most segments are the primary face's alone.
        if segment.allSatisfy({ covers(0, $0) }) { return [(0, 0..<segment.count)] }
        var faceOf = [Int](repeating: 0, count: segment.count)
        var clusterStart = 0
        for (k, scalar) in segment.enumerated() {
            guard k > 0 && Self.continuesCluster(scalar) else {
                clusterStart = k
                faceOf[k] = opened.indices.first { covers($0, scalar) } ?? 0
                continue
            }
            let base = faceOf[k - 1]
            if covers(base, scalar) {
                faceOf[k] = base
            } else if let whole = opened.indices.first(where: { face in segment[clusterStart...k].allSatisfy { covers(face, $0) } }) {
                for j in clusterStart...k { faceOf[j] = whole }
            } else {
                faceOf[k] = base
            }
        }
        var runs: [(face: Int, range: Range<Int>)] = []
        for (k, face) in faceOf.enumerated() {
            if let last = runs.indices.last, runs[last].face == face {
                runs[last].range = runs[last].range.lowerBound..<(k + 1)
            } else {
                runs.append((face, k..<(k + 1)))
            }
        }
        return runs
    }

    /// Characters that belong to the one before them for the choice of face: combining
    /// marks, joiners and variation selectors.
    static func continuesCluster(_ scalar: UInt32) -> Bool {
        scalar == 0x200C || scalar == 0x200D || (0xFE00...0xFE0F).contains(scalar)
            || (0xE0100...0xE01EF).contains(scalar) || isCombiningMark(scalar)
    }
}

extension FontSet {
    /// A HarfBuzz shaper for the set's faces at `pixelSize`, or nil when HarfBuzz cannot be
    /// loaded or cannot read a face (the layout then measures with the advance table).
    public func shaper(pixelSize: Float) -> HarfBuzzShaper? {
        HarfBuzzShaper(fonts: harfBuzz, pixelSize: pixelSize, fingerprint: fingerprint)
    }
}
