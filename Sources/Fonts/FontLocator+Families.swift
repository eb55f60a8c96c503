@preconcurrency internal import CFontconfig
import Pagination

extension FontLocator {
    /// The regular face of the installed family `family` (fontconfig's spelling rules: case
    /// and spaces do not matter), or nil when no such family is installed.
    public func face(family: String) -> FontLocation? {
        match(family: family, language: "en", requireFamily: true)
    }

    /// The face of the installed family `family` in `style` (italic, bold, bold italic), or nil
    /// when it has none (fontconfig may answer with another face: the caller checks
    /// `FontFace.isItalic` and `isBold`).
    public func styledFace(family: String, style: FaceStyle) -> FontLocation? {
        match(family: family, language: "en", requireFamily: true, italic: style.contains(.italic),
              bold: style.contains(.bold))
    }

    /// The face fontconfig gives for its `monospace` alias (DejaVu Sans Mono, Noto Sans Mono,
    /// Liberation Mono…), or nil when it gives none.
    public func monospaceFace() -> FontLocation? {
        match(family: "monospace", language: "en", requireFamily: false)
    }

    /// Every scalable family fontconfig knows, sorted, each once.
    public func familyNames() -> [String] { installedFamilies().map(\.name) }

    /// Every scalable family fontconfig knows, sorted by name (case ignored), each once with
    /// its regular face: of the family's faces, the upright one whose weight is nearest
    /// fontconfig's regular (80) and width nearest normal (100), a plain face before a
    /// variable font's named instance. A family is known by the first name fontconfig gives
    /// it (its English name). The font panel lists these.
    public func installedFamilies() -> [FontFamily] {
        withConfig { config -> [FontFamily] in
            guard let pattern = pageturn_FcPatternCreate(), let objects = pageturn_FcObjectSetCreate() else { return [] }
            defer {
                pageturn_FcPatternDestroy(pattern)
                pageturn_FcObjectSetDestroy(objects)
            }
            pageturn_FcPatternAddBool(pattern, FC_SCALABLE, FcBool(FcTrue))
            for object in [FC_FAMILY, FC_FILE, FC_INDEX, FC_SLANT, FC_WEIGHT, FC_WIDTH] { pageturn_FcObjectSetAdd(objects, object) }
            guard let list = pageturn_FcFontList(config, pattern, objects) else { return [] }
            defer { pageturn_FcFontSetDestroy(list) }
            var best: [String: (location: FontLocation, distance: Int)] = [:]
            for k in 0..<Int(list.pointee.nfont) {
                guard let font = list.pointee.fonts[k], let family = Self.strings(font, FC_FAMILY).first,
                      let path = Self.strings(font, FC_FILE).first else { continue }
                func integer(_ object: String, _ fallback: Int32) -> Int {
                    var value: Int32 = 0
                    return Int(pageturn_FcPatternGetInteger(font, object, 0, &value) == FcResultMatch ? value : fallback)
                }
                let index = integer(FC_INDEX, 0)
                let slant = integer(FC_SLANT, Int32(FC_SLANT_ROMAN))
                let distance = (slant == Int(FC_SLANT_ROMAN) ? 0 : 10_000) + abs(integer(FC_WEIGHT, Int32(FC_WEIGHT_REGULAR)) - Int(FC_WEIGHT_REGULAR)) * 10
                    + abs(integer(FC_WIDTH, Int32(FC_WIDTH_NORMAL)) - Int(FC_WIDTH_NORMAL)) + (index > 0xFFFF ? 1 : 0)
                if let known = best[family], known.distance <= distance { continue }
                best[family] = (FontLocation(path: path, faceIndex: index & 0xFFFF, family: family), distance)
            }
            return best.values.map { FontFamily(name: $0.location.family, regular: $0.location) }
                .sorted { $0.name.lowercased() != $1.name.lowercased() ? $0.name.lowercased() < $1.name.lowercased() : $0.name < $1.name }
        }
    }

    /// Up to `count` installed families whose names are closest to `name`: those that contain
    /// it or that it contains first, then by edit distance, ignoring case and spaces.
    public func familiesClose(to name: String, count: Int = 3) -> [String] {
        func key(_ s: String) -> [Character] { Array(s.lowercased().filter { $0 != " " }) }
        let wanted = key(name)
        let ranked = familyNames().map { family -> (String, Int) in
            let k = key(family)
            let contains = String(k).contains(String(wanted)) || String(wanted).contains(String(k))
            return (family, contains ? 0 : 1 + Self.editDistance(wanted, k))
        }
        return ranked.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(count).map(\.0)
    }

    /// Levenshtein distance between two character arrays.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var diagonal = row[0]
            row[0] = i + 1
            for (j, y) in b.enumerated() {
                let above = row[j + 1]
                row[j + 1] = min(above + 1, row[j] + 1, diagonal + (x == y ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
