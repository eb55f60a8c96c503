internal import CHarfBuzz
import Pagination

/// Every character of a font set that HarfBuzz, shaping it alone, sets as its nominal glyph
/// with the face's own advance and no offset, and the face it comes from (the first face that
/// maps it, as the advance table and `HarfBuzzShaper` choose). The advance table carries the
/// answer (`AdvanceTable.setAlone`), so a CJK character, a segment of its own, is measured by
/// one look-up without HarfBuzz. One shape per character, once per font set in a process
/// (some 30,000 for DejaVu Sans and WenQuanYi Micro Hei, a few tens of milliseconds); the
/// table is then cached on disk with the rest.
struct SingleShapes: Sendable {
    /// (scalar, face index) for every such character.
    var characters: [(scalar: UInt32, face: Int)] = []

    /// Shapes each face's characters that no earlier face maps, or nil when HarfBuzz cannot
    /// be loaded.
    init?(fonts: HarfBuzzFonts) {
        guard let opened = fonts.all(), let buffer = pageturn_hb_buffer_create() else { return nil }
        defer { pageturn_hb_buffer_destroy(buffer) }
        var covered = Set<UInt32>()
        for (k, face) in fonts.faces.enumerated() where k < min(opened.count, fonts.chainCount) {
            let map = face.characterAdvances()
            for (i, scalar) in map.scalars.enumerated() where !covered.contains(scalar) {
                covered.insert(scalar)
                var text = scalar
                pageturn_hb_buffer_fill(buffer, &text, 1, 0, 1, HB_DIRECTION_LTR, nil)
                var infos: UnsafeMutablePointer<hb_glyph_info_t>?
                var positions: UnsafeMutablePointer<hb_glyph_position_t>?
                let count = pageturn_hb_shape(opened[k].font, buffer, &infos, &positions)
                guard count == 1, let infos, let positions else { continue }
                let p = positions[0]
                if infos[0].codepoint == map.glyphs[i], p.x_advance == map.advances[i], p.x_offset == 0, p.y_offset == 0,
                   p.y_advance == 0 {
                    characters.append((scalar, k))
                }
            }
        }
    }
}
