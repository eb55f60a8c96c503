@preconcurrency internal import CFreeType
import Pagination

/// Where a face's kerning pairs were read from.
public enum KerningSource: Sendable, Equatable {
    /// Pair positioning (lookup type 2) of the GPOS 'kern' feature, which is what HarfBuzz
    /// applies whenever a font has it.
    case gpos
    /// The legacy TrueType 'kern' table through `FT_Get_Kerning`, used only when GPOS has
    /// no 'kern' feature (HarfBuzz does the same).
    case legacyKernTable
    /// The face has neither.
    case none
}

/// Kerning between characters of one face, in font units, for a bounded set of glyphs.
struct KerningPairs: Sendable {
    var source: KerningSource = .none
    /// Character pairs with a non-zero adjustment; the adjustment changes the distance from
    /// the left character's origin to the right one's.
    var pairs: [(left: UInt32, right: UInt32, units: Int32)] = []
    /// How many two-glyph ligatures were folded into `pairs`.
    var ligatures = 0
    /// Character pairs that form a two-glyph ligature (their entry in `pairs` is the
    /// ligature's width change).
    var ligaturePairs: [(left: UInt32, right: UInt32)] = []
}

/// Reads pair kerning as HarfBuzz would apply it between two adjacent glyphs.
///
/// GPOS is read directly (FreeType's `FT_Get_Kerning` only knows the legacy 'kern' table):
/// the lookups of the 'kern' feature for the Latin script (else DFLT), default language,
/// in lookup order. Within one lookup the first subtable that applies to a pair wins: a
/// format 1 subtable applies when the pair is listed; a format 2 (class) subtable applies
/// whenever the left glyph is covered, even when the classes give zero. Adjustments of
/// separate lookups add up. Only x-advance changes are kept (placements do not change a
/// line's width); device tables are ignored, as HarfBuzz does at ppem 0 (unhinted).
///
/// Not modelled: glyphs skipped by a lookup's flags (marks), and a pair whose value
/// moves the second glyph's advance keeping that glyph from starting the next pair.
enum KerningReader {
    static let kernFeature = openTypeTag("kern")
    static let scripts = [openTypeTag("latn"), openTypeTag("DFLT"), openTypeTag("dflt")]

    /// Adjustments between every ordered pair of `glyphs` from GPOS, as a square matrix
    /// (`matrix[i * n + j]` for left `glyphs[i]`, right `glyphs[j]`), or nil when GPOS has no
    /// 'kern' lookups for Latin.
    static func gposMatrix(_ gpos: FontBytes, glyphs: [Int]) -> [Int32]? {
        guard let layout = LayoutTable(gpos) else { return nil }
        let lookups = layout.lookupIndexes(feature: kernFeature, scripts: scripts)
        guard !lookups.isEmpty else { return nil }
        let n = glyphs.count
        var total = [Int32](repeating: 0, count: n * n)
        var decided = [Bool](repeating: false, count: n * n)
        // Local index of each glyph of interest, for format 1 pair records.
        var localIndex: [Int: Int] = [:]
        for (i, glyph) in glyphs.enumerated() { localIndex[glyph] = i }

        var budget = LayoutTable.subtableBudget
        for lookup in lookups {
            for i in decided.indices { decided[i] = false }
            for (type, offset) in layout.subtables(ofLookup: lookup, extensionType: 9) where type == 2 {
                budget -= 1
                guard budget >= 0 else { return total }
                switch gpos.u16(offset) {
                case 1:
                    pairPosFormat1(layout, offset, glyphs, localIndex, &total, &decided)
                case 2:
                    pairPosFormat2(layout, offset, glyphs, &total, &decided)
                default:
                    continue
                }
            }
        }
        return total
    }

    /// Format 1: for each covered left glyph, a sorted list of (right glyph, values).
    private static func pairPosFormat1(
        _ layout: LayoutTable, _ offset: Int, _ glyphs: [Int], _ localIndex: [Int: Int],
        _ total: inout [Int32], _ decided: inout [Bool]
    ) {
        let data = layout.data
        let coverage = offset + data.u16(offset + 2)
        let format1 = data.u16(offset + 4), format2 = data.u16(offset + 6)
        let setCount = data.u16(offset + 8)
        guard data.fits(offset + 10, 2 * setCount) else { return }
        let length1 = valueRecordLength(format1), length2 = valueRecordLength(format2)
        let recordLength = 2 + length1 + length2
        let n = glyphs.count
        for (i, left) in glyphs.enumerated() {
            guard let covered = layout.coverageIndex(left, coverage: coverage), covered < setCount
            else { continue }
            let pairSet = offset + data.u16(offset + 10 + 2 * covered)
            let count = data.u16(pairSet)
            guard data.fits(pairSet + 2, count * recordLength) else { continue }
            for k in 0..<count {
                let record = pairSet + 2 + k * recordLength
                guard let j = localIndex[data.u16(record)], !decided[i * n + j] else { continue }
                decided[i * n + j] = true
                total[i * n + j] &+= Int32(
                    xAdvance(data, record + 2, format1) + xAdvance(data, record + 2 + length1, format2))
            }
        }
    }

    /// Format 2: a class for the left glyph (ClassDef 1, limited by Coverage), a class for
    /// the right glyph (ClassDef 2) and a class1 × class2 matrix of values.
    private static func pairPosFormat2(
        _ layout: LayoutTable, _ offset: Int, _ glyphs: [Int],
        _ total: inout [Int32], _ decided: inout [Bool]
    ) {
        let data = layout.data
        let coverage = offset + data.u16(offset + 2)
        let format1 = data.u16(offset + 4), format2 = data.u16(offset + 6)
        let classDef1 = offset + data.u16(offset + 8), classDef2 = offset + data.u16(offset + 10)
        let class1Count = data.u16(offset + 12), class2Count = data.u16(offset + 14)
        let length1 = valueRecordLength(format1), length2 = valueRecordLength(format2)
        let recordLength = length1 + length2
        let values = offset + 16
        guard data.fits(values, class1Count * class2Count * recordLength) else { return }
        let n = glyphs.count
        let rightClasses = glyphs.map { layout.glyphClass($0, classDef: classDef2) }
        for (i, left) in glyphs.enumerated() {
            guard layout.coverageIndex(left, coverage: coverage) != nil else { continue }
            let class1 = layout.glyphClass(left, classDef: classDef1)
            guard class1 < class1Count else { continue }
            for j in 0..<n where !decided[i * n + j] {
                let class2 = rightClasses[j]
                guard class2 < class2Count else { continue }
                decided[i * n + j] = true
                guard recordLength > 0 else { continue }
                let record = values + (class1 * class2Count + class2) * recordLength
                total[i * n + j] &+= Int32(
                    xAdvance(data, record, format1) + xAdvance(data, record + length1, format2))
            }
        }
    }

    /// Bytes in a ValueRecord of `format`: two per flag among the eight defined ones.
    private static func valueRecordLength(_ format: Int) -> Int { 2 * (format & 0xFF).nonzeroBitCount }

    /// The XAdvance field of the ValueRecord at `offset`, or 0 when the format lacks one.
    /// XPlacement and YPlacement (bits 0 and 1) come before it.
    private static func xAdvance(_ data: FontBytes, _ offset: Int, _ format: Int) -> Int {
        guard format & 0x4 != 0 else { return 0 }
        return data.i16(offset + 2 * (format & 0x3).nonzeroBitCount)
    }

    /// Adjustments between every ordered pair of `glyphs` from the legacy 'kern' table, as
    /// `FT_Get_Kerning` reports them unscaled (font units), in the same layout as
    /// `gposMatrix`.
    static func legacyMatrix(_ face: FT_Face, glyphs: [Int]) -> [Int32] {
        let n = glyphs.count
        var total = [Int32](repeating: 0, count: n * n)
        for (i, left) in glyphs.enumerated() {
            for (j, right) in glyphs.enumerated() {
                var delta = FT_Vector()
                let error = FT_Get_Kerning(
                    face, FT_UInt(left), FT_UInt(right), FT_UInt(FT_KERNING_UNSCALED.rawValue), &delta)
                if error == 0 { total[i * n + j] = Int32(clamping: delta.x) }
            }
        }
        return total
    }
}

extension FontFace {
    /// True when FreeType found a legacy 'kern' table (`FT_HAS_KERNING`).
    public var hasLegacyKernTable: Bool {
        withFace { $0.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 }
    }

    /// The distinct glyphs of the characters below `limit`, ascending, with the
    /// characters that map to each.
    func glyphsOfCharacters(below limit: UInt32) -> (glyphs: [Int], characters: [[UInt32]]) {
        let characters = characterAdvances()
        var byGlyph: [Int: [UInt32]] = [:]
        for (k, scalar) in characters.scalars.enumerated() where scalar < limit {
            byGlyph[Int(characters.glyphs[k]), default: []].append(scalar)
        }
        let glyphs = byGlyph.keys.sorted()
        return (glyphs, glyphs.map { byGlyph[$0]! })
    }

    /// Kerning between characters below `AdvanceTable.kerningLimit` as HarfBuzz would apply
    /// it: GPOS 'kern' if present, else the legacy 'kern' table; then the width change of
    /// two-glyph ligatures (`LigatureReader`) replaces the kerning of their pairs, since a
    /// shaper never kerns inside a ligature. Read on first use, then kept.
    func kerningPairs() -> KerningPairs {
        if let cached = withState({ $0.kerning }) { return cached }
        let (glyphs, characters) = glyphsOfCharacters(below: AdvanceTable.kerningLimit)
        let n = glyphs.count
        var result = KerningPairs()
        var matrix = [Int32](repeating: 0, count: n * n)
        if let gpos = sfntTable(openTypeTag("GPOS")), let read = KerningReader.gposMatrix(gpos, glyphs: glyphs) {
            matrix = read
            result.source = .gpos
        } else if hasLegacyKernTable {
            matrix = withFace { KerningReader.legacyMatrix($0, glyphs: glyphs) }
            result.source = .legacyKernTable
        }
        if let gsub = sfntTable(openTypeTag("GSUB")) {
            let ligatures = LigatureReader.twoGlyphLigatures(gsub, glyphs: glyphs)
            var localIndex: [Int: Int] = [:]
            for (i, glyph) in glyphs.enumerated() { localIndex[glyph] = i }
            withFace { face in
                for ligature in ligatures {
                    guard let i = localIndex[ligature.first], let j = localIndex[ligature.second] else { continue }
                    let whole = Self.unscaledAdvance(face, glyph: FT_UInt(ligature.ligature))
                    let parts = Self.unscaledAdvance(face, glyph: FT_UInt(ligature.first))
                        + Self.unscaledAdvance(face, glyph: FT_UInt(ligature.second))
                    matrix[i * n + j] = Int32(clamping: whole - parts)
                    for left in characters[i] {
                        for right in characters[j] { result.ligaturePairs.append((left, right)) }
                    }
                }
            }
            result.ligatures = ligatures.count
        }
        for i in 0..<n {
            for j in 0..<n where matrix[i * n + j] != 0 {
                for left in characters[i] {
                    for right in characters[j] {
                        result.pairs.append((left, right, matrix[i * n + j]))
                    }
                }
            }
        }
        withState { $0.kerning = result }
        return result
    }
}
