import Pagination

extension FontSet {
    /// The set with a fallback face for every character of `text` that its faces lack
    /// (`FontLocator.fallbackFaces`: fontconfig's choice by coverage, ranked for `language`),
    /// and what was chosen, including the characters no installed face has. fontconfig is
    /// loaded (`locator`) only when something is missing and `cache` (when given) does not
    /// know the answer.
    public func addingFallbacks(for text: BookText, language: ContentLanguage?, cache: FallbackCache? = nil,
                                locator: () -> FontLocator?) -> (set: FontSet, choice: FallbackChoice) {
        addingFallbacks(for: TextCoverage(text), language: language, cache: cache, locator: locator)
    }

    /// `addingFallbacks(for:language:cache:locator:)` for a text whose characters are known.
    public func addingFallbacks(for coverage: TextCoverage, language: ContentLanguage?, cache: FallbackCache? = nil,
                                locator: () -> FontLocator?) -> (set: FontSet, choice: FallbackChoice) {
        let faces = chain
        var missing: [UInt32] = []
        // `TextCoverage` leaves ASCII out, as every text face has it; a face chosen without
        // it (a script's own face, such as Noto Sans Bengali) gets a fallback for it too.
        for c in UInt32(0x21)...0x7E where !faces.contains(where: { $0.hasGlyph(for: Unicode.Scalar(UInt8(c))) }) {
            missing.append(c)
        }
        for c in coverage.scalars {
            guard let scalar = Unicode.Scalar(c) else { continue }
            if !faces.contains(where: { $0.hasGlyph(for: scalar) }) { missing.append(c) }
        }
        let none = FallbackChoice(faces: [], uncovered: [], uncoveredOccurrences: 0)
        guard !missing.isEmpty else { return (self, none) }
        let asked: FallbackChoice?
        if let cache {
            asked = cache.choice(for: missing, language: language?.tag) { unknown in
                locator()?.firstCoveringFaces(for: unknown, language: language?.tag)
            }
        } else {
            asked = locator()?.fallbackFaces(for: missing, language: language?.tag)
        }
        guard var choice = asked else {
            let counts = coverage.occurrences(of: missing)
            return (self, FallbackChoice(faces: [], uncovered: missing, uncoveredOccurrences: counts.reduce(0, +)))
        }
        if !choice.uncovered.isEmpty {
            choice.uncoveredOccurrences = coverage.occurrences(of: choice.uncovered).reduce(0, +)
        }
        var added = others
        for location in choice.faces
        where !faces.contains(where: { $0.path == location.path && $0.faceIndex == location.faceIndex }) {
            if let face = try? FontFace(path: location.path, faceIndex: location.faceIndex) { added.append(face) }
        }
        var set = FontSet(primary: primary, cjk: cjk, others: added, styled: styled, typefaces: typefaces)
        set.advanceCache = advanceCache
        return (set, choice)
    }
}
