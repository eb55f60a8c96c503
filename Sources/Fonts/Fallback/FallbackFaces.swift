@preconcurrency internal import CFontconfig

/// Faces chosen for the characters a book's faces lack, and what no installed face has.
public struct FallbackChoice: Sendable {
    /// The faces to add, in the order they were chosen (each covers at least one character
    /// the faces before it lacked).
    public let faces: [FontLocation]
    /// The distinct characters no installed face covers, and how often they occur.
    public let uncovered: [UInt32]
    public var uncoveredOccurrences: Int
}

extension FontLocator {
    /// Fallback by coverage, as Pango does it: fontconfig's faces sorted by how well they
    /// match `language` (the book's: fontconfig ranks faces made for that language's script
    /// first) and sans-serif, each missing character given to the first face in that order
    /// whose character set has it. At most `limit` faces are added.
    ///
    /// `missing` are the characters the book's own faces lack (`TextCoverage` less coverage);
    /// `uncoveredOccurrences` is left 0 for the caller to count.
    public func fallbackFaces(for missing: [UInt32], language: String?, limit: Int = 8) -> FallbackChoice {
        guard !missing.isEmpty else { return FallbackChoice(faces: [], uncovered: [], uncoveredOccurrences: 0) }
        let candidates = sortedFaces(language: language)
        var chosen: [FontLocation] = []
        var uncovered: [UInt32] = []
        var assigned = [Bool](repeating: false, count: missing.count)
        for candidate in candidates where chosen.count < limit {
            var useful = false
            for (k, c) in missing.enumerated() where !assigned[k] && candidate.covers(c) {
                assigned[k] = true
                useful = true
            }
            if useful { chosen.append(candidate.location) }
            if !assigned.contains(false) { break }
        }
        for (k, c) in missing.enumerated() where !assigned[k] { uncovered.append(c) }
        return FallbackChoice(faces: chosen, uncovered: uncovered, uncoveredOccurrences: 0)
    }

    /// A face fontconfig offered and its character set.
    struct Candidate: @unchecked Sendable {
        let location: FontLocation
        let charset: OpaquePointer
        let owner: SortedFaces
        func covers(_ c: UInt32) -> Bool { FcCharSetHasChar(charset, c) == FcBool(FcTrue) }
    }

    /// The pattern list `FcFontSort` returns, destroyed when the last candidate goes.
    final class SortedFaces: @unchecked Sendable {
        let set: UnsafeMutablePointer<FcFontSet>
        init(_ set: UnsafeMutablePointer<FcFontSet>) { self.set = set }
        deinit { FcFontSetDestroy(set) }
    }

    /// Every scalable face, best match for sans-serif in `language` first (`FcFontSort`,
    /// untrimmed, so every face that covers something is a candidate).
    func sortedFaces(language: String?) -> [Candidate] {
        withConfig { config -> [Candidate] in
            guard let pattern = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, "sans-serif")
            if let language, let languages = FcLangSetCreate() {
                FcLangSetAdd(languages, Array(language.utf8) + [0])
                FcPatternAddLangSet(pattern, FC_LANG, languages)
                FcLangSetDestroy(languages)
            }
            FcPatternAddBool(pattern, FC_SCALABLE, FcBool(FcTrue))
            guard FcConfigSubstitute(config, pattern, FcMatchPattern) == FcBool(FcTrue) else { return [] }
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let set = FcFontSort(config, pattern, FcBool(FcFalse), nil, &result) else { return [] }
            let owner = SortedFaces(set)
            var candidates: [Candidate] = []
            for k in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[k] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                var charset: OpaquePointer?
                guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                      FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset
                else { continue }
                var scalable: FcBool = FcBool(FcTrue)
                if FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable == FcBool(FcFalse) { continue }
                var index: Int32 = 0
                if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
                var family: UnsafeMutablePointer<FcChar8>?
                let name = FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch ? family.map { String(cString: $0) } : nil
                candidates.append(Candidate(
                    location: FontLocation(path: String(cString: file), faceIndex: Int(index) & 0xFFFF, family: name ?? ""),
                    charset: charset, owner: owner))
            }
            return candidates
        }
    }
}
