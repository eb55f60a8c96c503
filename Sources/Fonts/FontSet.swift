import Pagination

/// The faces a book is set in: a primary (Latin) face, an optional CJK fallback face for the
/// characters the primary face lacks, and fallbacks chosen by coverage for the other
/// characters the book uses (`addingFallbacks(for:language:cache:locator:)`), tried in that order.
///
/// `advanceTable(pixelSize:)` turns the set into the plain `AdvanceTable` value the
/// pagination core measures with; `fingerprint` identifies the set for cache keys.
public struct FontSet: Sendable {
    /// The face tried first for every character; it also sets line height and ascent.
    public let primary: FontFace
    /// The face used for characters the primary face has no glyph for.
    public let cjk: FontFace?
    /// Where `advanceTable(pixelSize:)` looks first and keeps what it builds; nil: nowhere
    /// (tables are built every time, as tests want).
    public var advanceCache: AdvanceTableCache?
    /// Faces for the characters neither the primary nor the CJK face has, tried in order.
    public let others: [FontFace]
    /// The primary face's italic, bold and bold italic (text set in emphasis, a structured
    /// book's styled runs), those the book uses and the family has (`FontFace.styledFace`).
    /// They are no fallbacks: they come last in `faces`, in that order.
    public let styled: StyledFaces
    /// The primary face's italic, if the set has one.
    public var italic: FontFace? { styled.italic }
    /// The faces of the book's own typefaces (`BookTypefaces`), by typeface number less one
    /// (nil: that typeface is set in the reader's faces). They come after the styled faces.
    public let typefaces: [TypefaceFaces?]
    /// HarfBuzz's fonts for `primary`, the `fallbacks`, the `styled` faces and the
    /// `typefaces`' faces, in that order (`shaper(pixelSize:)`).
    public let harfBuzz: HarfBuzzFonts

    /// The primary face's faces of other styles, and the monospaced face (each nil where
    /// there is none or the book sets no text in it).
    public struct StyledFaces: Sendable {
        public var italic: FontFace?
        public var bold: FontFace?
        public var boldItalic: FontFace?
        /// The reader's monospaced face, for text a book sets in `monospace` (`FaceStyle.monospace`).
        public var monospace: FontFace?

        /// The faces given; none by default (styled text is then set in the primary face).
        public init(italic: FontFace? = nil, bold: FontFace? = nil, boldItalic: FontFace? = nil, monospace: FontFace? = nil) {
            self.italic = italic
            self.bold = bold
            self.boldItalic = boldItalic
            self.monospace = monospace
        }

        /// Whether there is any.
        public var isEmpty: Bool { italic == nil && bold == nil && boldItalic == nil && monospace == nil }

        /// The faces in `faces` order, each with the face style it sets.
        var all: [(style: FaceStyle, face: FontFace)] {
            [(FaceStyle.italic, italic), (FaceStyle.bold, bold), (FaceStyle([.bold, .italic]), boldItalic),
             (FaceStyle.monospace, monospace)].compactMap { style, face in face.map { (style, $0) } }
        }
    }

    /// Bumped whenever the way tables are built changes, so cached pages keyed by an old
    /// fingerprint are not reused.
    public static let builderVersion = 11

    /// A set of already opened faces.
    public init(primary: FontFace, cjk: FontFace? = nil, others: [FontFace] = [], styled: StyledFaces = StyledFaces(),
                typefaces: [TypefaceFaces?] = []) {
        let styles = styled.all
        // Every face must fit the glyph atlas's face numbers (`ScalarSlotTable.faceLimit`): the
        // book's typefaces take at most `TypefaceFaces.faceBudget`, and the last fallbacks go
        // before a style does.
        let typefaces = TypefaceFaces.withinBudget(typefaces)
        let typefaceFaces = typefaces.flatMap { $0?.faces ?? [] }
        let room = ScalarSlotTable.faceLimit - 1 - (cjk == nil ? 0 : 1) - styles.count - typefaceFaces.count
        self.primary = primary
        self.cjk = cjk
        self.others = Array(others.prefix(max(0, room)))
        self.styled = styled
        self.typefaces = typefaces
        let chain = [primary] + (cjk.map { [$0] } ?? []) + self.others
        self.harfBuzz = HarfBuzzFonts(faces: chain + styles.map(\.face) + typefaceFaces, chainCount: chain.count,
                                      styles: styles.map(\.style), typefaces: typefaces)
    }

    /// Opens the faces at the given locations (for example from `FontLocator`).
    public init(primary: FontLocation, cjk: FontLocation? = nil) throws(FontError) {
        self.primary = try FontFace(path: primary.path, faceIndex: primary.faceIndex)
        if let cjk {
            self.cjk = try FontFace(path: cjk.path, faceIndex: cjk.faceIndex)
        } else {
            self.cjk = nil
        }
        self.others = []
        self.styled = StyledFaces()
        self.typefaces = []
        let chain = [self.primary] + (self.cjk.map { [$0] } ?? [])
        self.harfBuzz = HarfBuzzFonts(faces: chain, chainCount: chain.count, styles: [], typefaces: [])
    }

    /// Every face in the order glyph runs name them (`GlyphRun.font`): the primary face,
    /// then the fallbacks, then the styled faces.
    public var faces: [FontFace] { harfBuzz.faces }

    /// The faces a character is looked for in, in order: the primary face, then the fallbacks.
    public var chain: [FontFace] { [primary] + fallbacks }

    /// The same faces with `styled` for styled text.
    public func withStyled(_ styled: StyledFaces) -> FontSet {
        var set = FontSet(primary: primary, cjk: cjk, others: others, styled: styled, typefaces: typefaces)
        set.advanceCache = advanceCache
        return set
    }

    /// The same faces with `typefaces` for the text set in the book's own typefaces.
    public func withTypefaces(_ typefaces: [TypefaceFaces?]) -> FontSet {
        var set = FontSet(primary: primary, cjk: cjk, others: others, styled: styled, typefaces: typefaces)
        set.advanceCache = advanceCache
        return set
    }

    /// The fallback faces in the order they are tried: the CJK face, then the others.
    public var fallbacks: [FontFace] { (cjk.map { [$0] } ?? []) + others }

    /// A digest of what the tables depend on: each face's path, face index, file size and
    /// modification time (as of opening), plus `builderVersion` and HarfBuzz's version. The
    /// same in every process; it changes when a font file is replaced, a face is swapped, or
    /// the builder or HarfBuzz changes.
    public var fingerprint: UInt64 {
        var hasher = StableHasher()
        hasher.combine("PageTurn.FontSet")
        hasher.combine(Self.builderVersion)
        hasher.combine(HarfBuzzFonts.headerVersion)  // its kerning and shaped pairs are HarfBuzz's
        let styledFaces = [styled.italic, styled.bold, styled.boldItalic, styled.monospace].flatMap { $0.map { [$0, nil] } ?? [nil] }
        let typefaceFaces = typefaces.flatMap { $0.map { [nil] + $0.styles.map { $0 } } ?? [nil] }
        for face in [primary, cjk] + others.map(Optional.some) + [nil] + styledFaces + typefaceFaces {
            guard let face else {
                hasher.combine("none")
                continue
            }
            hasher.combine(face.path)
            hasher.combine(face.faceIndex)
            hasher.combine(UInt64(bitPattern: face.fileStamp.size))
            hasher.combine(UInt64(bitPattern: face.fileStamp.modificationSeconds))
            hasher.combine(UInt64(bitPattern: face.fileStamp.modificationNanoseconds))
        }
        return hasher.value
    }

    /// The advance of every character at `pixelSize` (pixels per em), with fallback resolved.
    ///
    /// - Advances are unhinted and exact: advance in font units × `pixelSize` / units per em,
    ///   what HarfBuzz measures without hinting.
    /// - Every character the primary face maps takes the primary face's advance; the CJK
    ///   face, then each of the others, fills in the characters the faces before it lack.
    /// - A character neither face has is one em wide when it is East Asian wide
    ///   (`EastAsianWideRanges.common`), otherwise half an em (the table's default).
    /// - Kerning between the primary face's pair-kerned characters of running Latin text
    ///   (`AdvanceTable.kerningIndex`), as HarfBuzz shapes each pair (`PairKerning`), which
    ///   characters those are and which pairs HarfBuzz does more with: the layout's fast path
    ///   for plain Latin words; and the face of every character HarfBuzz sets alone as the
    ///   table measures it (`SingleShapes`): a CJK character is measured by one look-up.
    ///   Everything else is measured by shaping (`shaper(pixelSize:)`).
    /// - `lineHeight` and `ascent` come from the primary face.
    ///
    /// The first call reads each face's character map (a few milliseconds);
    /// later calls, at any size, only scale what was read. With an `advanceCache`, a table
    /// built once for these font files at this size is read back from disk instead.
    public func advanceTable(pixelSize: Float) -> AdvanceTable {
        precondition(pixelSize > 0 && pixelSize.isFinite, "pixel size must be positive: \(pixelSize)")
        guard let advanceCache else { return buildAdvanceTable(pixelSize: pixelSize) }
        if let cached = advanceCache.load(self, pixelSize: pixelSize) { return cached }
        let table = buildAdvanceTable(pixelSize: pixelSize)
        advanceCache.store(table, for: self, pixelSize: pixelSize)
        return table
    }

    /// Whether advance tables are kept on disk (`advanceCache`).
    public var keepsAdvanceTables: Bool { advanceCache != nil }

    /// The advance table at `pixelSize` as the cache on disk keeps it, or nil (nothing is
    /// built) when it has none or there is no cache.
    public func cachedAdvanceTable(pixelSize: Float) -> AdvanceTable? {
        guard pixelSize > 0 && pixelSize.isFinite else { return nil }
        return advanceCache?.load(self, pixelSize: pixelSize)
    }

    /// The advance table without the primary face's pair kerning (`PairKerning`: some 100 ms
    /// of shaping, once per face): every word is then measured by shaping, which the kerning
    /// only spares, so the lines are the same. For the first page of a first start, while
    /// the whole table is made elsewhere (`advanceTable(pixelSize:)`); not kept.
    public func advanceTableWithoutPairKerning(pixelSize: Float) -> AdvanceTable {
        precondition(pixelSize > 0 && pixelSize.isFinite, "pixel size must be positive: \(pixelSize)")
        return buildAdvanceTable(pixelSize: pixelSize, pairKerning: false)
    }

    /// Each character's advance and the metrics alone, with none of the shaping shortcuts
    /// (no pair kerning, no shaped-alone characters): what a glyph atlas needs, read from the
    /// faces' character maps in a millisecond or two, never from HarfBuzz.
    public func characterAdvanceTable(pixelSize: Float) -> AdvanceTable {
        precondition(pixelSize > 0 && pixelSize.isFinite, "pixel size must be positive: \(pixelSize)")
        return buildAdvanceTable(pixelSize: pixelSize, pairKerning: false, singleShapes: false)
    }

    /// The table built from the faces (what `advanceTable(pixelSize:)` describes), with or
    /// without the shortcuts for shaped text.
    func buildAdvanceTable(pixelSize: Float, pairKerning: Bool = true, singleShapes: Bool = true) -> AdvanceTable {
        let metrics = primary.metrics(pixelSize: pixelSize)
        var table = AdvanceTable(
            pixelSize: pixelSize, defaultAdvance: pixelSize / 2,
            lineHeight: metrics.lineHeight, ascent: metrics.ascender)

        // Fallback for wide characters neither face has; faces overwrite what they map.
        for range in EastAsianWideRanges.common { table.fill(range, with: pixelSize) }

        var coveredByPrimary = ScalarSet()  // and, as the fallbacks go, by the faces before

        let primaryCharacters = primary.characterAdvances()
        for (k, scalar) in primaryCharacters.scalars.enumerated() {
            let units = Int(primaryCharacters.advances[k])
            table.setAdvance(primary.pixels(fromUnits: units, pixelSize: pixelSize), for: scalar)
            coveredByPrimary.insert(scalar)
        }

        for face in fallbacks {
            let characters = face.characterAdvances()
            for (k, scalar) in characters.scalars.enumerated() where !coveredByPrimary.contains(scalar) {
                let units = Int(characters.advances[k])
                table.setAdvance(face.pixels(fromUnits: units, pixelSize: pixelSize), for: scalar)
                coveredByPrimary.insert(scalar)
            }
        }
        if singleShapes, let singles = harfBuzz.singleShapesOfAllFaces() {
            for character in singles.characters { table.setAlone(character.scalar, face: character.face) }
        }
        if pairKerning, let pairs = harfBuzz.pairKerningOfPrimary() {
            for scalar in pairs.scalars { table.setPairKerned(scalar) }
            for pair in pairs.shapedPairs { table.setPairShaped(pair.left, pair.right) }
            for pair in pairs.pairs {
                table.setKerning(primary.pixels(fromUnits: Int(pair.units), pixelSize: pixelSize), between: pair.left, and: pair.right)
            }
        }
        return table
    }
}

/// A set of Unicode scalars as a bit per code point (136 KiB), for membership tests in
/// the table builder's loops.
struct ScalarSet {
    private var words = [UInt64](repeating: 0, count: 0x110000 / 64)

    mutating func insert(_ scalar: UInt32) {
        words[Int(scalar >> 6)] |= 1 << UInt64(scalar & 63)
    }

    func contains(_ scalar: UInt32) -> Bool {
        words[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0
    }
}
