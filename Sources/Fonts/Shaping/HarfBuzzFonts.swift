internal import CHarfBuzz
internal import Synchronization
import Pagination

/// HarfBuzz's fonts for the faces of a `FontSet`, made on first use and kept for the set's
/// life: one `hb_font_t` per face at its own units per em, so one font serves every size
/// (positions are scaled to pixels by the shaper).
///
/// HarfBuzz's fonts are immutable once made and safe to shape with from several threads;
/// only their making is behind a lock, and once made they are read without one (a shape
/// cache's shaper has a buffer of its own, `ShapingSession`; others take one of the shim's
/// lock-free spares, `pageturn_hb_take_buffer`).
public final class HarfBuzzFonts: Sendable {
    /// The faces, in the set's order of fallback (the primary face first), then the primary's
    /// styled faces (italic, bold, bold italic).
    public let faces: [FontFace]
    /// How many of `faces` a character is looked for in (the rest are styles of the primary).
    public let chainCount: Int
    /// The index in `faces` of the face for each face style (`FaceStyle.face`'s raw value: 1
    /// italic, 2 bold, 3 bold italic), or nil where the set has none.
    private let styleFaces: [Int?]
    /// The index in `faces` of the monospaced face, if the set has one.
    private let monospaceFace: Int?
    /// The italic's index in `faces`, if the set has one.
    public var italicFace: Int? { face(for: .italic) }

    /// The index in `faces` of each of the book's typefaces' faces, by typeface number less
    /// one and `TypefaceFaces` slot.
    private let typefaceFaces: [[Int?]]
    private let typefaces: [TypefaceFaces?]
    /// Bit `n` for each typeface `n` with a face (`GlyphShaper.typefaceMask`).
    let typefaceMask: UInt8

    /// The face that sets text in `style`'s face style: in one of the book's typefaces, that
    /// typeface's face for it (`TypefaceFaces.slot(for:)`); else its own, or for bold italic
    /// without one, the bold, else the italic; the monospaced face for monospaced text in any
    /// style; nil for plain text or a style the set has no face for.
    public func face(for style: FaceStyle) -> Int? {
        let typeface = style.typeface
        if typeface > 0, typeface <= typefaces.count, let slot = typefaces[typeface - 1]?.slot(for: style) {
            return typefaceFaces[typeface - 1][slot]
        }
        if style.contains(.monospace) { return monospaceFace }
        let raw = Int(style.face.withoutTypeface.rawValue)
        guard raw != 0 else { return nil }
        if let own = styleFaces[raw] { return own }
        return raw == 3 ? styleFaces[2] ?? styleFaces[1] : nil
    }
    /// Whether opening the fonts was tried: their making is behind this lock, and a failure
    /// is kept.
    private let opening = Mutex<Bool>(false)
    /// The fonts of all the faces, published once made (`ready` 1) and then read without a
    /// lock or a reference count (two threads shaping would otherwise contend for the count).
    nonisolated(unsafe) private var readyFonts = UnsafeMutableBufferPointer<Font>(start: nil, count: 0)
    private let ready = Atomic<Int>(0)
    private let pairKerning = Mutex<PairKerning??>(nil)
    private let singleShapes = Mutex<SingleShapes??>(nil)
    /// HarfBuzz's language of each content language asked for.
    private let languages = Mutex<[ContentLanguage: Language]>([:])

    struct Language: @unchecked Sendable { let pointer: OpaquePointer? }

    struct Font: @unchecked Sendable {
        let face: OpaquePointer
        let font: OpaquePointer
        /// Font units per em (HarfBuzz's, which scales its positions).
        let unitsPerEM: Float
        /// For the primary face, a bit per BMP character its character map lists (most words
        /// are checked against it before shaping); nil for the others.
        let coverageOfBMP: UnsafeMutablePointer<UInt64>?

        /// Whether the face has a glyph for `scalar`. A set bit answers at once; otherwise
        /// HarfBuzz is asked, as its character map function also maps characters a table does
        /// not list (a symbol font's, for one).
        @inline(__always)
        func covers(_ scalar: UInt32) -> Bool {
            if scalar < 0x10000, let coverageOfBMP, coverageOfBMP[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0 {
                return true
            }
            return pageturn_hb_font_nominal_glyph(font, scalar) != 0
        }
    }

    init(faces: [FontFace], chainCount: Int, styles: [FaceStyle], typefaces: [TypefaceFaces?]) {
        self.faces = faces
        self.chainCount = chainCount
        self.typefaces = typefaces
        typefaceMask = typefaces.enumerated().reduce(0) { mask, entry in entry.element == nil ? mask : mask | 1 << UInt8(entry.offset + 1) }
        var next = chainCount + styles.count
        typefaceFaces = typefaces.map { typeface in
            (typeface?.styles ?? [nil, nil, nil, nil]).map { face in
                guard face != nil else { return nil }
                next += 1
                return next - 1
            }
        }
        var styleFaces = [Int?](repeating: nil, count: 4)
        var monospaceFace: Int?
        for (k, style) in styles.enumerated() {
            if style.contains(.monospace) {
                monospaceFace = chainCount + k
            } else {
                styleFaces[Int(style.face.rawValue) & 3] = chainCount + k
            }
        }
        self.styleFaces = styleFaces
        self.monospaceFace = monospaceFace
    }

    deinit {
        Self.destroy(Array(readyFonts))
        readyFonts.deallocate()
    }

    private static func destroy(_ fonts: [Font]) {
        for font in fonts {
            pageturn_hb_font_destroy(font.font)
            pageturn_hb_face_destroy(font.face)
            font.coverageOfBMP?.deallocate()
        }
    }

    /// `slot`'s value, made by `make` on first use and kept (a nil result too).
    private func remembered<T: Sendable>(_ slot: borrowing Mutex<T??>, _ make: () -> T?) -> T? {
        slot.withLock { known in
            if let known { return known }
            let made = make()
            known = .some(made)
            return made
        }
    }

    /// The primary face's pair-kerned characters and their kerning (`PairKerning`), worked
    /// out on first use and kept; nil when HarfBuzz cannot be loaded.
    func pairKerningOfPrimary() -> PairKerning? {
        remembered(pairKerning) { PairKerning(fonts: self) }
    }

    /// The characters HarfBuzz sets alone as the table measures them (`SingleShapes`),
    /// worked out on first use and kept; nil when HarfBuzz cannot be loaded.
    func singleShapesOfAllFaces() -> SingleShapes? {
        remembered(singleShapes) { SingleShapes(fonts: self) }
    }

    /// HarfBuzz's language for `language`, looked up once.
    func language(_ language: ContentLanguage) -> OpaquePointer? {
        languages.withLock { known in
            if let found = known[language] { return found.pointer }
            let made = pageturn_hb_language(language.tag)
            known[language] = Language(pointer: made)
            return made
        }
    }

    /// Whether HarfBuzz can be loaded on this machine (the first call loads it).
    public static var isAvailable: Bool { pageturn_hb_available() != 0 }

    /// Loads HarfBuzz and opens the fonts now, as the first shaping would (nothing to do when
    /// they are open): for a caller that can do it on a core that would otherwise wait.
    public func open() {
        _ = all()
    }

    /// The version of the HarfBuzz headers PageTurn was built with (Debian's package, the
    /// library's version on the same system), without loading the library.
    public static let headerVersion = HB_VERSION_STRING

    /// The HarfBuzz fonts of every face, opened on the first call; nil when HarfBuzz cannot be
    /// loaded or cannot read a face (asked once: a failure is kept).
    func all() -> UnsafeBufferPointer<Font>? {
        if ready.load(ordering: .acquiring) == 1 { return UnsafeBufferPointer(readyFonts) }
        return opening.withLock { tried -> UnsafeBufferPointer<Font>? in
            if ready.load(ordering: .acquiring) == 1 { return UnsafeBufferPointer(readyFonts) }
            if tried { return nil }
            tried = true
            guard let made = Self.open(faces) else { return nil }
            let kept = UnsafeMutableBufferPointer<Font>.allocate(capacity: made.count)
            _ = kept.initialize(from: made)
            readyFonts = kept
            ready.store(1, ordering: .releasing)
            return UnsafeBufferPointer(kept)
        }
    }

    /// Whether HarfBuzz reads `face` as a face to shape with (units per em and glyphs), or
    /// HarfBuzz cannot be loaded (the set is then shaped without it anyway): a book's font is
    /// checked so before it joins a set, since one unreadable face stops the whole set's shaping.
    static func canShape(_ face: FontFace) -> Bool {
        guard isAvailable else { return true }
        guard let hbFace = makeFace(face) else { return false }
        defer { pageturn_hb_face_destroy(hbFace) }
        return pageturn_hb_face_get_upem(hbFace) > 0 && pageturn_hb_face_get_glyph_count(hbFace) > 0
    }

    /// HarfBuzz's face of `face`: over its bytes in memory (a book's font), else its file.
    private static func makeFace(_ face: FontFace) -> OpaquePointer? {
        if let bytes = face.bytes { return pageturn_hb_face_create_from_bytes(bytes.pointer, UInt32(clamping: bytes.count)) }
        return pageturn_hb_face_create_from_file(face.path, UInt32(face.faceIndex))
    }

    private static func open(_ faces: [FontFace]) -> [Font]? {
        guard isAvailable else { return nil }
        var fonts: [Font] = []
        for face in faces {
            let hbFace = makeFace(face)
            let upem = hbFace.map(pageturn_hb_face_get_upem) ?? 0
            // A face HarfBuzz could not read is empty (no glyphs): not a face to shape with.
            guard let hbFace, upem > 0, pageturn_hb_face_get_glyph_count(hbFace) > 0,
                  let hbFont = pageturn_hb_font_create(hbFace)
            else {
                if let hbFace { pageturn_hb_face_destroy(hbFace) }
                destroy(fonts)
                return nil
            }
            pageturn_hb_make_immutable(hbFace, hbFont)
            var coverage: UnsafeMutablePointer<UInt64>?
            if fonts.isEmpty {
                let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: 1024)
                bits.initialize(repeating: 0, count: 1024)
                if pageturn_hb_font_bmp_coverage(hbFace, hbFont, bits) != 0 { coverage = bits } else { bits.deallocate() }
            }
            fonts.append(Font(face: hbFace, font: hbFont, unitsPerEM: Float(upem), coverageOfBMP: coverage))
        }
        return fonts
    }
}
