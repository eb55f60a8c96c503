@preconcurrency internal import CFontconfig
import Pagination

/// Faces chosen for the characters a book's faces lack, and what no installed face has.
public struct FallbackChoice: Sendable {
    /// The faces to add, in the order they were chosen (each covers at least one character
    /// the faces before it lacked).
    public let faces: [FontLocation]
    /// The distinct characters no installed face covers, and how often they occur.
    public let uncovered: [UInt32]
    public var uncoveredOccurrences: Int
}

/// A face and its place in the fallback order for a language (`FontLocator.fallbackFaces`:
/// the script book faces, then `FcFontSort`'s order): the first face in that order that
/// covers a character is the one fallback gives it.
public struct RankedFace: Sendable, Hashable {
    public let rank: Int
    public let location: FontLocation

    public init(rank: Int, location: FontLocation) {
        self.rank = rank
        self.location = location
    }
}

extension FallbackChoice {
    /// The choice Pango's fallback makes from each of `missing`'s first covering face
    /// (`firstCovering`, nil where no face has it): the faces in rank order, at most `limit`;
    /// a character whose face did not make the cut, or that no face has, is uncovered.
    /// `uncoveredOccurrences` is left 0 for the caller to count.
    public init(missing: [UInt32], firstCovering: [RankedFace?], limit: Int = 8) {
        let ranked = Set(firstCovering.compactMap { $0 }).sorted { $0.rank < $1.rank }.prefix(limit)
        let chosen = Set(ranked.map(\.rank))
        faces = ranked.map(\.location)
        uncovered = zip(missing, firstCovering).compactMap { c, face in face.map { chosen.contains($0.rank) } == true ? nil : c }
        uncoveredOccurrences = 0
    }
}

extension FontLocator {
    /// Fallback by coverage, as Pango does it: the script book faces (`BookFaces.scriptFamilies`)
    /// first, then fontconfig's faces sorted by how well they match `language` (the book's:
    /// fontconfig ranks faces made for that language's script first) and serif, each missing
    /// character given to the first face in that order whose character set has it. At most
    /// `limit` faces are added.
    ///
    /// `missing` are the characters the book's own faces lack (`TextCoverage` less coverage);
    /// `uncoveredOccurrences` is left 0 for the caller to count.
    public func fallbackFaces(for missing: [UInt32], language: String?, limit: Int = 8) -> FallbackChoice {
        FallbackChoice(missing: missing, firstCovering: firstCoveringFaces(for: missing, language: language), limit: limit)
    }

    /// For each of `missing`, the first face in the fallback order for `language` (see
    /// `fallbackFaces`) that covers it, or nil when no installed face does.
    public func firstCoveringFaces(for missing: [UInt32], language: String?) -> [RankedFace?] {
        guard !missing.isEmpty else { return [] }
        var found = [RankedFace?](repeating: nil, count: missing.count)
        var left = missing.count
        for (rank, candidate) in fallbackOrder(language: language).enumerated() where left > 0 {
            for (k, c) in missing.enumerated() where found[k] == nil && candidate.covers(c) {
                found[k] = RankedFace(rank: rank, location: candidate.location)
                left -= 1
            }
        }
        return found
    }

    /// A face fontconfig offered and its character set.
    struct Candidate: @unchecked Sendable {
        let location: FontLocation
        let charset: OpaquePointer
        let owner: SortedFaces
        func covers(_ c: UInt32) -> Bool { pageturn_FcCharSetHasChar(charset, c) == FcBool(FcTrue) }
    }

    /// The pattern list `FcFontSort` returns, destroyed when the last candidate goes.
    final class SortedFaces: @unchecked Sendable {
        let set: UnsafeMutablePointer<FcFontSet>
        init(_ set: UnsafeMutablePointer<FcFontSet>) { self.set = set }
        deinit { pageturn_FcFontSetDestroy(set) }
    }

    /// `sortedFaces(language:)` with the faces of `BookFaces.scriptFamilies(for:)` moved to the
    /// front, in that list's order.
    func fallbackOrder(language: String?) -> [Candidate] {
        let sorted = sortedFaces(language: language)
        let preferred = BookFaces.scriptFamilies(for: language.flatMap { ContentLanguage(tag: $0) })
        var firstOf: [String: Int] = [:]
        for (k, family) in preferred.enumerated() {
            let key = Self.familyKey(family)
            if firstOf[key] == nil { firstOf[key] = k }
        }
        let place = sorted.map { firstOf[Self.familyKey($0.location.family)] }
        let front = sorted.indices.compactMap { k in place[k].map { (place: $0, order: k) } }
            .sorted { ($0.place, $0.order) < ($1.place, $1.order) }.map { sorted[$0.order] }
        return front + sorted.indices.filter { place[$0] == nil }.map { sorted[$0] }
    }

    /// Every scalable face, best match for serif in `language` first (`FcFontSort`,
    /// untrimmed, so every face that covers something is a candidate).
    func sortedFaces(language: String?) -> [Candidate] {
        withConfig { config -> [Candidate] in
            guard let pattern = pageturn_FcPatternCreate() else { return [] }
            defer { pageturn_FcPatternDestroy(pattern) }
            pageturn_FcPatternAddString(pattern, FC_FAMILY, "serif")
            if let language, let languages = pageturn_FcLangSetCreate() {
                pageturn_FcLangSetAdd(languages, Array(language.utf8) + [0])
                pageturn_FcPatternAddLangSet(pattern, FC_LANG, languages)
                pageturn_FcLangSetDestroy(languages)
            }
            pageturn_FcPatternAddBool(pattern, FC_SCALABLE, FcBool(FcTrue))
            guard pageturn_FcConfigSubstitute(config, pattern, FcMatchPattern) == FcBool(FcTrue) else { return [] }
            pageturn_FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let set = pageturn_FcFontSort(config, pattern, FcBool(FcFalse), nil, &result) else { return [] }
            let owner = SortedFaces(set)
            var candidates: [Candidate] = []
            for k in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[k] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                var charset: OpaquePointer?
                guard pageturn_FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                      pageturn_FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset
                else { continue }
                var scalable: FcBool = FcBool(FcTrue)
                if pageturn_FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable == FcBool(FcFalse) { continue }
                var index: Int32 = 0
                if pageturn_FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
                var family: UnsafeMutablePointer<FcChar8>?
                let name = pageturn_FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch ? family.map { String(cString: $0) } : nil
                candidates.append(Candidate(
                    location: FontLocation(path: String(cString: file), faceIndex: Int(index) & 0xFFFF, family: name ?? ""),
                    charset: charset, owner: owner))
            }
            return candidates
        }
    }
}
