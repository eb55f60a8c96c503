internal import CHarfBuzz
internal import Synchronization
import Pagination

/// HarfBuzz's fonts for the faces of a `FontSet`, made on first use and kept for the set's
/// life: one `hb_font_t` per face at its own units per em, so one font serves every size
/// (positions are scaled to pixels by the shaper).
///
/// HarfBuzz's fonts are immutable once made and safe to shape with from several threads;
/// only their making is behind a lock.
public final class HarfBuzzFonts: Sendable {
    /// The faces, in the set's order of fallback (the primary face first).
    public let faces: [FontFace]
    private let fonts: Mutex<[Font?]>
    /// All the fonts once they are opened (or `failed`), so that shaping reads them without
    /// building the list again.
    private let ready = Mutex<(fonts: [Font]?, failed: Bool)>((nil, false))
    private let pairKerning = Mutex<PairKerning??>(nil)
    private let singleShapes = Mutex<SingleShapes??>(nil)
    /// Buffers no shaping call is using, kept for the next (making one costs as much as
    /// shaping a short word).
    private let spareBuffers = Mutex<[Buffer]>([])
    /// HarfBuzz's language of each content language asked for.
    private let languages = Mutex<[ContentLanguage: Language]>([:])

    struct Buffer: @unchecked Sendable { let pointer: OpaquePointer }
    struct Language: @unchecked Sendable { let pointer: OpaquePointer? }

    struct Font: @unchecked Sendable {
        let face: OpaquePointer
        let font: OpaquePointer
        /// Font units per em (HarfBuzz's, which scales its positions).
        let unitsPerEM: Float
    }

    init(faces: [FontFace]) {
        self.faces = faces
        fonts = Mutex([Font?](repeating: nil, count: faces.count))
    }

    deinit {
        spareBuffers.withLock { buffers in
            for buffer in buffers { pageturn_hb_buffer_destroy(buffer.pointer) }
        }
        fonts.withLock { fonts in
            for case let font? in fonts {
                pageturn_hb_font_destroy(font.font)
                pageturn_hb_face_destroy(font.face)
            }
        }
    }

    /// The primary face's pair-kerned characters and their kerning (`PairKerning`), worked
    /// out on first use and kept; nil when HarfBuzz cannot be loaded.
    func pairKerningOfPrimary() -> PairKerning? {
        pairKerning.withLock { known in
            if let known { return known }
            let made = PairKerning(fonts: self)
            known = .some(made)
            return made
        }
    }

    /// The characters HarfBuzz sets alone as the table measures them (`SingleShapes`),
    /// worked out on first use and kept; nil when HarfBuzz cannot be loaded.
    func singleShapesOfAllFaces() -> SingleShapes? {
        singleShapes.withLock { known in
            if let known { return known }
            let made = SingleShapes(fonts: self)
            known = .some(made)
            return made
        }
    }

    /// A buffer to shape with: a spare one, or a new one (nil when HarfBuzz cannot make one).
    func takeBuffer() -> OpaquePointer? {
        if let spare = spareBuffers.withLock({ $0.popLast() }) { return spare.pointer }
        return pageturn_hb_buffer_create()
    }

    /// Returns a buffer `takeBuffer` gave (a few are kept; the rest destroyed).
    func giveBack(_ buffer: OpaquePointer) {
        let kept = spareBuffers.withLock { buffers -> Bool in
            guard buffers.count < 4 else { return false }
            buffers.append(Buffer(pointer: buffer))
            return true
        }
        if !kept { pageturn_hb_buffer_destroy(buffer) }
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

    /// Whether HarfBuzz can be loaded on this machine.
    public static var isAvailable: Bool { pageturn_hb_available() != 0 }

    /// The version of the HarfBuzz headers PageTurn was built with (Debian's package, the
    /// library's version on the same system), without loading the library.
    public static let headerVersion = HB_VERSION_STRING

    /// HarfBuzz's version, e.g. "6.0.0" (empty when it cannot be loaded).
    public static var version: String { String(cString: pageturn_hb_version_string()) }

    /// The HarfBuzz fonts of every face, opened now if they are not yet; nil when HarfBuzz
    /// cannot be loaded or a face's file cannot be read by it.
    func all() -> [Font]? {
        let known = ready.withLock { $0 }
        if let made = known.fonts { return made }
        if known.failed { return nil }
        let made = fonts.withLock { fonts -> [Font]? in
            if let made = Self.complete(fonts) { return made }
            guard Self.isAvailable else { return nil }
            for (k, face) in faces.enumerated() where fonts[k] == nil {
                guard let hbFace = pageturn_hb_face_create_from_file(face.path, UInt32(face.faceIndex)) else { return nil }
                let upem = pageturn_hb_face_get_upem(hbFace)
                // A face HarfBuzz could not read is empty (no glyphs): not a face to shape with.
                guard upem > 0, pageturn_hb_face_get_glyph_count(hbFace) > 0, let hbFont = pageturn_hb_font_create(hbFace) else {
                    pageturn_hb_face_destroy(hbFace)
                    return nil
                }
                pageturn_hb_make_immutable(hbFace, hbFont)
                fonts[k] = Font(face: hbFace, font: hbFont, unitsPerEM: Float(upem))
            }
            return Self.complete(fonts)
        }
        ready.withLock { $0 = (made, made == nil) }
        return made
    }

    private static func complete(_ fonts: [Font?]) -> [Font]? {
        var result: [Font] = []
        result.reserveCapacity(fonts.count)
        for font in fonts {
            guard let font else { return nil }
            result.append(font)
        }
        return result
    }
}
