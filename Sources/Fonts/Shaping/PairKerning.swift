internal import CHarfBuzz
import Pagination

/// What HarfBuzz does with the primary face's characters below `AdvanceTable.kerningLimit`,
/// found by shaping each one alone and each pair of them: the characters it sets as their
/// nominal glyph with a plain advance ("pair-kerned"), the adjustments HarfBuzz makes
/// between two of them, in font units, and the pairs it does more with than kern (a
/// ligature such as DejaVu Sans's "fi", a contextual form, an offset).
///
/// The advance table carries both (`AdvanceTable.setPairKerned`), so the pagination core
/// measures a word made only of such characters from the table, as HarfBuzz would set it,
/// without shaping it: most Latin words. About 36,000 pair shapes, a few tens of
/// milliseconds once per face; the table is then cached on disk with the rest.
struct PairKerning: Sendable {
    /// The pair-kerned characters.
    var scalars: [UInt32] = []
    /// (left, right, adjustment in font units) for every pair of them HarfBuzz kerns.
    var pairs: [(left: UInt32, right: UInt32, units: Int32)] = []
    /// The pairs of them HarfBuzz does more with than kern.
    var shapedPairs: [(left: UInt32, right: UInt32)] = []
    /// General Punctuation (U+2000–U+207F) that HarfBuzz sets as its nominal glyph and
    /// advance before and after every pair-kerned character, with no adjustment.
    var unkerned: [UInt32] = []

    /// Shapes the primary font's characters and pairs (language and script unset, left to
    /// right, default features), or nil when HarfBuzz cannot be loaded.
    init?(fonts: HarfBuzzFonts) {
        guard let primary = fonts.all()?.first, let buffer = pageturn_hb_buffer_create() else { return nil }
        defer { pageturn_hb_buffer_destroy(buffer) }
        let limit = AdvanceTable.kerningLimit
        var nominal = [UInt32](repeating: 0, count: Int(limit))
        var advance = [Int32](repeating: 0, count: Int(limit))
        var candidates: [UInt32] = []
        func shape(_ text: [UInt32]) -> [(id: UInt32, cluster: UInt32, ax: Int32, clean: Bool)] {
            text.withUnsafeBufferPointer { t in
                pageturn_hb_buffer_fill(buffer, t.baseAddress, Int32(t.count), 0, Int32(t.count), HB_DIRECTION_LTR, nil)
            }
            var infos: UnsafeMutablePointer<hb_glyph_info_t>?
            var positions: UnsafeMutablePointer<hb_glyph_position_t>?
            let count = Int(pageturn_hb_shape(primary.font, buffer, &infos, &positions))
            guard let infos, let positions else { return [] }
            return (0..<count).map { k in
                let p = positions[k]
                return (infos[k].codepoint, infos[k].cluster, p.x_advance, p.x_offset == 0 && p.y_offset == 0 && p.y_advance == 0)
            }
        }
        for c in UInt32(0x20)..<limit where !(0x7F...0xA0).contains(c) && c != 0xAD {
            let glyph = pageturn_hb_font_nominal_glyph(primary.font, c)
            guard glyph != 0 else { continue }
            let alone = shape([c])
            guard alone.count == 1, alone[0].id == glyph, alone[0].clean else { continue }
            nominal[Int(c)] = glyph
            advance[Int(c)] = alone[0].ax
            candidates.append(c)
        }
        var found: [(UInt32, UInt32, Int32)] = []
        for a in candidates {
            for b in candidates {
                let pair = shape([a, b])
                guard pair.count == 2, pair[0].id == nominal[Int(a)], pair[1].id == nominal[Int(b)],
                      pair[0].cluster == 0, pair[1].cluster == 1, pair[0].clean, pair[1].clean,
                      pair[1].ax == advance[Int(b)]
                else {
                    shapedPairs.append((a, b))
                    continue
                }
                let units = pair[0].ax - advance[Int(a)]
                if units != 0 { found.append((a, b, units)) }
            }
        }
        scalars = candidates
        pairs = found
        let neighbours = candidates.filter { $0 != 0x20 }
        for p in UInt32(0x2010)..<0x2080 where !(0x2028...0x202F).contains(p) && !(0x2060...0x206F).contains(p) {
            let glyph = pageturn_hb_font_nominal_glyph(primary.font, p)
            guard glyph != 0 else { continue }
            let alone = shape([p])
            guard alone.count == 1, alone[0].id == glyph, alone[0].clean else { continue }
            let clean = neighbours.allSatisfy { c in
                let before = shape([c, p]), after = shape([p, c])
                return before.count == 2 && after.count == 2 && before[1].id == glyph && after[0].id == glyph
                    && before[0].id == nominal[Int(c)] && after[1].id == nominal[Int(c)]
                    && before.allSatisfy(\.clean) && after.allSatisfy(\.clean)
                    && before[0].ax == advance[Int(c)] && before[1].ax == alone[0].ax
                    && after[0].ax == alone[0].ax && after[1].ax == advance[Int(c)]
            }
            if clean { unkerned.append(p) }
        }
    }
}
