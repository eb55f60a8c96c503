/// Finds the two-glyph Latin ligatures of a face's GSUB 'liga'/'clig' features, so their
/// change in width can stand in as a pair adjustment.
///
/// HarfBuzz replaces "ff" in DejaVu Sans by one glyph 31 units narrower than two f's; a
/// line measured glyph by glyph would be too wide by that much per ligature. Recording
/// `advance(ligature) − advance(first) − advance(second)` as the kerning of the pair
/// reproduces the shaped width exactly for two-glyph ligatures, and for longer ones whose
/// width is made of their two-glyph parts (DejaVu's "ffi" = "ff" + "i").
///
/// What a pair table cannot express: kerning after a ligature uses the ligature glyph's
/// own pairs, not those of its last component (DejaVu kerns "f." by −149 units but not
/// "ff."), so "off." still measures about 1.3 px wide of HarfBuzz at 18 px.
enum LigatureReader {
    static let features = [openTypeTag("liga"), openTypeTag("clig")]

    /// The two-glyph ligatures whose components are both in `glyphs`, as
    /// (first, second, ligature glyph). When several lookups or subtables define the same
    /// pair, the first in lookup order wins, as it would when shaping.
    static func twoGlyphLigatures(_ gsub: FontBytes, glyphs: [Int]) -> [(first: Int, second: Int, ligature: Int)] {
        guard let layout = LayoutTable(gsub) else { return [] }
        let wanted = Set(glyphs)
        var lookups = Set<Int>()
        for feature in features {
            lookups.formUnion(layout.lookupIndexes(feature: feature, scripts: KerningReader.scripts))
        }
        var found: [(first: Int, second: Int, ligature: Int)] = []
        var seen = Set<Int>()
        var budget = LayoutTable.subtableBudget
        for lookup in lookups.sorted() {
            // GSUB lookup type 4 is ligature substitution; type 7 wraps others (Extension).
            for (type, offset) in layout.subtables(ofLookup: lookup, extensionType: 7) where type == 4 {
                budget -= 1
                guard budget >= 0 else { return found }
                guard gsub.u16(offset) == 1 else { continue }
                let coverage = offset + gsub.u16(offset + 2)
                let setCount = gsub.u16(offset + 4)
                guard gsub.fits(offset + 6, 2 * setCount) else { continue }
                for first in glyphs {
                    guard let covered = layout.coverageIndex(first, coverage: coverage), covered < setCount
                    else { continue }
                    let set = offset + gsub.u16(offset + 6 + 2 * covered)
                    let count = gsub.u16(set)
                    guard gsub.fits(set + 2, 2 * count) else { continue }
                    for k in 0..<count {
                        let ligature = set + gsub.u16(set + 2 + 2 * k)
                        guard gsub.u16(ligature + 2) == 2 else { continue }
                        let second = gsub.u16(ligature + 4)
                        let key = first << 16 | second
                        guard wanted.contains(second), !seen.contains(key) else { continue }
                        seen.insert(key)
                        found.append((first, second, gsub.u16(ligature)))
                    }
                }
            }
        }
        return found
    }
}
