internal import CHarfBuzz
import Pagination

/// Shapes text with HarfBuzz over a `FontSet`'s faces at one pixel size: Pagination's
/// `GlyphShaper`, so that what a page measures is what it draws.
///
/// A segment is first cut into runs of one face by coverage, as Pango itemizes by font: each
/// character goes to the first face that maps it, the primary face first; a character with no
/// ink of its own (a space, a joiner, a variation selector) stays in the face of the character
/// before it (for the segment's first, `faceBefore`), and so does a combining mark when that
/// face has it (see `faceRuns` for a mark it lacks). Each run is shaped with the whole segment as context (Arabic joining across a
/// change of face), its positions scaled from font units to pixels exactly (unhinted, as
/// `hb-shape` gives them). A character no face maps is shaped by the primary face as its
/// `.notdef` glyph, the box fonts draw for a missing character.
public struct HarfBuzzShaper: GlyphShaper {
    public let pixelSize: Float
    let fonts: HarfBuzzFonts
    public let shapingIdentity: UInt64
    /// What `prepared(for:)` readied for one shape cache; nil for a shaper any thread may use.
    private var session: ShapingSession?

    /// A shaper for `fonts` at `pixelSize`. HarfBuzz is loaded and the faces opened when it
    /// first shapes; where HarfBuzz cannot be loaded, it sets each character as its nominal
    /// glyph (`shapeWithoutHarfBuzz`).
    init(fonts: HarfBuzzFonts, pixelSize: Float, fingerprint: UInt64) {
        self.fonts = fonts
        self.pixelSize = pixelSize
        var hasher = StableHasher()
        hasher.combine("HarfBuzz")
        hasher.combine(HarfBuzzFonts.headerVersion)
        hasher.combine(fingerprint)
        hasher.combine(UInt64(pixelSize.bitPattern))
        shapingIdentity = hasher.value
    }

    /// The shaper with a `ShapingSession` of its own for text in `language`: for one
    /// `ShapeCache`, which uses it from one thread at a time.
    public var typefaceMask: UInt8 { fonts.typefaceMask }

    public func prepared(for language: ContentLanguage?) -> HarfBuzzShaper {
        var ready = self
        ready.session = ShapingSession(language: language)
        return ready
    }

    public func shape(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool, language: ContentLanguage?,
                      faceBefore: UInt16, into glyphs: inout [ShapedGlyph]) {
        shape(segment, rightToLeft: rightToLeft, language: language, faceBefore: faceBefore, style: [], into: &glyphs)
    }

    /// Styled text is set in the set's face of its style (`FontSet.styled`: its italic, bold
    /// or bold italic) wherever it has the characters, then in the faces a character is looked
    /// for in; in the regular face when the set has none for the style. Small capitals are the
    /// face's own (`smcp`); a face without them sets lowercase letters as they are.
    public func shape(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool, language: ContentLanguage?,
                      faceBefore: UInt16, style: FaceStyle, into glyphs: inout [ShapedGlyph]) {
        guard !segment.isEmpty else { return }
        // Controls are no glyphs: a tab is set as a space, a form feed, a line or paragraph
        // separator and the C1 controls as an invisible zero-width space (HarfBuzz draws
        // nothing for it), never as a face's missing-glyph box.
        if segment.contains(where: Self.isControl) {
            let clean = segment.map { Self.isControl($0) ? ($0 == 0x09 ? 0x20 : 0x200B) : $0 }
            clean.withUnsafeBufferPointer { shapeClean($0, rightToLeft: rightToLeft, language: language, faceBefore: faceBefore,
                                                       style: style, into: &glyphs) }
        } else {
            shapeClean(segment, rightToLeft: rightToLeft, language: language, faceBefore: faceBefore, style: style,
                       into: &glyphs)
        }
    }

    /// Each character as its nominal glyph (a scalar glyph, `ShapedGlyph.scalarFont`) with the
    /// first face's advance that maps it: what a page gets where HarfBuzz cannot be loaded.
    func shapeWithoutHarfBuzz(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool, into glyphs: inout [ShapedGlyph]) {
        let first = glyphs.count
        for (k, c) in segment.enumerated() {
            let advance = Unicode.Scalar(c).flatMap { scalar in
                fonts.faces.prefix(fonts.chainCount).lazy.compactMap { $0.advance(of: scalar, pixelSize: pixelSize) }.first
            } ?? pixelSize / 2
            glyphs.append(ShapedGlyph(id: c, font: ShapedGlyph.scalarFont, cluster: UInt16(k), advance: advance))
        }
        if rightToLeft { glyphs[first...].reverse() }
    }

    /// C0 and C1 controls and the line and paragraph separators.
    static func isControl(_ c: UInt32) -> Bool {
        c < 0x20 || (0x7F...0x9F).contains(c) || c == 0x2028 || c == 0x2029
    }

    private func shapeClean(_ segment: UnsafeBufferPointer<UInt32>, rightToLeft: Bool, language: ContentLanguage?,
                            faceBefore: UInt16, style: FaceStyle, into glyphs: inout [ShapedGlyph]) {
        guard let base = segment.baseAddress else { return }
        guard let opened = fonts.all() else {
            shapeWithoutHarfBuzz(segment, rightToLeft: rightToLeft, into: &glyphs)
            return
        }
        let session = self.session.flatMap { $0.language == language ? $0 : nil }
        let ownBuffer = session?.shapingBuffer()
        guard let buffer = ownBuffer ?? pageturn_hb_take_buffer() else { return }
        defer { if ownBuffer == nil { pageturn_hb_give_back_buffer(buffer) } }
        let hbLanguage: OpaquePointer? = if let session { session.languagePointer() } else { language.flatMap { fonts.language($0) } }
        let direction = rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        let smallCaps: Int32 = style.contains(.smallCaps) ? 1 : 0

        func shapeRun(face: Int, range: Range<Int>) {
            let font = opened[face]
            pageturn_hb_buffer_fill(buffer, base, Int32(segment.count), UInt32(range.lowerBound), Int32(range.count),
                                    direction, hbLanguage)
            var infos: UnsafeMutablePointer<hb_glyph_info_t>?
            var positions: UnsafeMutablePointer<hb_glyph_position_t>?
            let count = Int(pageturn_hb_shape_features(font.font, buffer, smallCaps, &infos, &positions))
            guard let infos, let positions else { return }
            let scale = pixelSize / font.unitsPerEM
            for k in 0..<count {
                let info = infos[k], position = positions[k]
                glyphs.append(ShapedGlyph(
                    id: info.codepoint, font: UInt16(face), cluster: UInt16(truncatingIfNeeded: info.cluster),
                    advance: Float(position.x_advance) * scale, xOffset: Float(position.x_offset) * scale,
                    yOffset: Float(position.y_offset) * scale))
            }
        }

        let chain = UnsafeBufferPointer(rebasing: opened[0..<min(opened.count, fonts.chainCount)])
        if let styledFace = fonts.face(for: style), styledFace < opened.count {
            // The style's face first, then the faces a character is looked for in.
            let order = [styledFace] + Array(chain.indices)
            if segment.allSatisfy({ opened[styledFace].covers($0) }) {
                shapeRun(face: styledFace, range: 0..<segment.count)
                return
            }
            let runs = faceRuns(segment, faceBefore: styledFace, opened: opened, order: order)
            for run in rightToLeft ? runs.reversed() : runs { shapeRun(face: run.face, range: run.range) }
            return
        }
        // Most segments come from one face alone: one run, without cutting (a Persian word
        // from the Naskh face as a Latin one from the text face).
        if faceBefore == 0 {
            if let session, let face = session.soleFace(of: segment, in: chain) {
                shapeRun(face: face, range: 0..<segment.count)
                return
            }
            let primary = opened[0]
            if segment.allSatisfy({ primary.covers($0) }) {
                shapeRun(face: 0, range: 0..<segment.count)
                return
            }
        }
        let runs = faceRuns(segment, faceBefore: Int(faceBefore) < opened.count ? Int(faceBefore) : 0, opened: opened,
                            order: Array(chain.indices))
        for run in rightToLeft ? runs.reversed() : runs { shapeRun(face: run.face, range: run.range) }
    }

    /// The segment cut into runs of one face, in logical order (see the type's comment),
    /// each character going to the first face of `order` that has it.
    ///
    /// A combining mark its base's face lacks would be shaped apart from its base, without
    /// mark attachment (an Indic shaper would even add a dotted circle): then the whole
    /// segment goes to the first face that has all of it, or else the cluster to the first
    /// face that has all of it; only when no face has the cluster does the mark stand alone
    /// in another face, as in Pango.
    func faceRuns(_ segment: UnsafeBufferPointer<UInt32>, faceBefore: Int,
                  opened: UnsafeBufferPointer<HarfBuzzFonts.Font>, order: [Int]) -> [(face: Int, range: Range<Int>)] {
        func covers(_ face: Int, _ scalar: UInt32) -> Bool { opened[face].covers(scalar) }
        var faceOf = [Int](repeating: 0, count: segment.count)
        var previous = faceBefore
        var clusterStart = 0
        var splitClusters: [Range<Int>] = []
        for (k, scalar) in segment.enumerated() {
            var face: Int
            if k > 0 && Self.joinsCluster(scalar) {
                face = previous  // a joiner or a selector never leaves its base
            } else if (Self.hasNoInk(scalar) || isCombiningMark(scalar)) && covers(previous, scalar) {
                face = previous
            } else {
                face = order.first { covers($0, scalar) } ?? (Self.hasNoInk(scalar) ? previous : order[0])
                if k > clusterStart && isCombiningMark(scalar) && face != faceOf[k - 1] {
                    splitClusters.append(clusterStart..<(k + 1))
                }
            }
            if !(isCombiningMark(scalar) || Self.joinsCluster(scalar)) { clusterStart = k }
            faceOf[k] = face
            previous = face
        }
        if !splitClusters.isEmpty {
            if let whole = order.first(where: { face in segment.allSatisfy { covers(face, $0) } }) {
                return [(whole, 0..<segment.count)]
            }
            for cluster in splitClusters {
                if let face = order.first(where: { f in cluster.allSatisfy { covers(f, segment[$0]) } }) {
                    for k in cluster { faceOf[k] = face }
                }
            }
        }
        var runs: [(face: Int, range: Range<Int>)] = []
        for (k, face) in faceOf.enumerated() {
            if let last = runs.indices.last, runs[last].face == face {
                runs[last].range = runs[last].range.lowerBound..<(k + 1)
            } else {
                runs.append((face, k..<(k + 1)))
            }
        }
        return runs
    }

    /// Joiners and variation selectors: they belong to the character before them.
    static func joinsCluster(_ scalar: UInt32) -> Bool {
        scalar == 0x200C || scalar == 0x200D || (0xFE00...0xFE0F).contains(scalar) || (0xE0100...0xE01EF).contains(scalar)
    }

    /// Characters that take the face of the text before them (Pango keeps its current font
    /// for what `g_unichar_isgraph` refuses): spaces, controls, format characters, and the
    /// joiners and variation selectors that belong to the character before.
    static func hasNoInk(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0...0x20, 0x7F...0xA0, 0x1680, 0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F, 0x3000, 0xFEFF,
             0xFE00...0xFE0F, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }
}

extension FontSet {
    /// A HarfBuzz shaper for the set's faces at `pixelSize` (HarfBuzz is loaded when it first
    /// shapes).
    public func shaper(pixelSize: Float) -> HarfBuzzShaper {
        HarfBuzzShaper(fonts: harfBuzz, pixelSize: pixelSize, fingerprint: fingerprint)
    }
}
