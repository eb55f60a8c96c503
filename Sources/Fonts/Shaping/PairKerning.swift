internal import CHarfBuzz
import Pagination

/// What HarfBuzz does with the primary face's characters of running Latin text (those with
/// an `AdvanceTable.kerningIndex`), found by shaping each one alone and each pair of them: the
/// characters it sets as their nominal glyph with a plain advance ("pair-kerned"), the
/// adjustments it makes between two of them, in font units, and the pairs it does more with
/// than kern (a ligature such as DejaVu Sans's "fi", a contextual form, an offset).
///
/// The advance table carries all three, so the pagination core measures a word made only of
/// such characters from the table, as HarfBuzz would set it, without shaping it: most Latin
/// words. Up to about 160,000 pair shapes (the pairs are shaped as Latin script, with no
/// language), some 100 ms once per face in a process; the table is then cached on disk with
/// the rest.
struct PairKerning: Sendable {
    /// The pair-kerned characters.
    var scalars: [UInt32] = []
    /// (left, right, adjustment in font units) for every pair of them HarfBuzz kerns.
    var pairs: [(left: UInt32, right: UInt32, units: Int32)] = []
    /// The pairs of them HarfBuzz does more with than kern.
    var shapedPairs: [(left: UInt32, right: UInt32)] = []

    /// Shapes the primary font's characters and pairs (language and script unset, left to
    /// right, default features), or nil when HarfBuzz cannot be loaded.
    init?(fonts: HarfBuzzFonts) {
        guard let primary = fonts.all()?.first, let buffer = pageturn_hb_buffer_create() else { return nil }
        defer { pageturn_hb_buffer_destroy(buffer) }
        var nominal: [UInt32: UInt32] = [:]
        var advance: [UInt32: Int32] = [:]
        var candidates: [UInt32] = []
        func shape(_ text: [UInt32]) -> [(id: UInt32, cluster: UInt32, ax: Int32, clean: Bool)] {
            text.withUnsafeBufferPointer { t in
                pageturn_hb_buffer_fill(buffer, t.baseAddress, Int32(t.count), 0, Int32(t.count), HB_DIRECTION_LTR, nil)
            }
            // As inside a Latin word, where these pairs are measured (a pair of punctuation
            // alone would be shaped as Common script).
            pageturn_hb_buffer_set_script(buffer, HB_SCRIPT_LATIN)
            var infos: UnsafeMutablePointer<hb_glyph_info_t>?
            var positions: UnsafeMutablePointer<hb_glyph_position_t>?
            let count = Int(pageturn_hb_shape(primary.font, buffer, &infos, &positions))
            guard let infos, let positions else { return [] }
            return (0..<count).map { k in
                let p = positions[k]
                return (infos[k].codepoint, infos[k].cluster, p.x_advance, p.x_offset == 0 && p.y_offset == 0 && p.y_advance == 0)
            }
        }
        let latin = (UInt32(0x20)..<AdvanceTable.kerningLimit).filter { !(0x7F...0xA0).contains($0) && $0 != 0xAD }
        let punctuation = AdvanceTable.punctuationKerning.filter { !(0x2028...0x202F).contains($0) && !(0x2060...0x206F).contains($0) }
        for c in latin + punctuation {
            let glyph = pageturn_hb_font_nominal_glyph(primary.font, c)
            guard glyph != 0 else { continue }
            let alone = shape([c])
            guard alone.count == 1, alone[0].id == glyph, alone[0].clean else { continue }
            nominal[c] = glyph
            advance[c] = alone[0].ax
            candidates.append(c)
        }
        for a in candidates {
            for b in candidates {
                let pair = shape([a, b])
                guard pair.count == 2, pair[0].id == nominal[a], pair[1].id == nominal[b],
                      pair[0].cluster == 0, pair[1].cluster == 1, pair[0].clean, pair[1].clean,
                      pair[1].ax == advance[b]
                else {
                    shapedPairs.append((a, b))
                    continue
                }
                let units = pair[0].ax - advance[a]!
                if units != 0 { pairs.append((a, b, units)) }
            }
        }
        scalars = candidates
    }
}
