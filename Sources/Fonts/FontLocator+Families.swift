@preconcurrency internal import CFontconfig

extension FontLocator {
    /// The regular face of the installed family `family` (fontconfig's spelling rules: case
    /// and spaces do not matter), or nil when no such family is installed.
    public func face(family: String) -> FontLocation? {
        match(family: family, language: "en", requireFamily: true)
    }

    /// The italic face of the installed family `family`, or nil when it has none (fontconfig
    /// may answer with the regular face: the caller checks `FontFace.isItalic`).
    public func italicFace(family: String) -> FontLocation? {
        match(family: family, language: "en", requireFamily: true, italic: true)
    }

    /// Every scalable family fontconfig knows, sorted, each once.
    public func familyNames() -> [String] {
        withConfig { config -> [String] in
            guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return [] }
            defer {
                FcPatternDestroy(pattern)
                FcObjectSetDestroy(objects)
            }
            FcPatternAddBool(pattern, FC_SCALABLE, FcBool(FcTrue))
            FcObjectSetAdd(objects, FC_FAMILY)
            guard let list = FcFontList(config, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(list) }
            var names = Set<String>()
            for k in 0..<Int(list.pointee.nfont) {
                guard let font = list.pointee.fonts[k] else { continue }
                var value: UnsafeMutablePointer<FcChar8>?
                if FcPatternGetString(font, FC_FAMILY, 0, &value) == FcResultMatch, let value {
                    names.insert(String(cString: value))
                }
            }
            return names.sorted()
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
