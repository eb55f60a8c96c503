@preconcurrency internal import CFreeType
internal import Glibc
internal import Synchronization

/// One face of a font file (TTF, OTF, or one member of a TTC/OTC collection), opened with
/// FreeType.
///
/// Everything size-independent is read once at open time (names, units per em, vertical
/// metrics in font units, file identity). Per-character questions go to FreeType.
///
/// Thread safety: each `FontFace` owns a private `FT_Library` and `FT_Face`, and every call
/// into FreeType holds the face's lock, so a face can be shared between tasks (FreeType
/// allows one thread at a time per face). The handles are released when the last reference
/// goes away.
public final class FontFace: Sendable {
    /// The file the face was opened from, as given (for a face opened from memory, the name
    /// it was given: a book's font as `book.epub/EPUB/fonts/a.otf`).
    public let path: String
    /// The index of this face inside the file (0 unless the file is a collection).
    public let faceIndex: Int
    /// How many faces the file holds (1 for a plain TTF/OTF).
    public let faceCount: Int
    /// The family name FreeType reports, e.g. `DejaVu Sans` (empty if the font has none).
    public let familyName: String
    /// The style name FreeType reports, e.g. `Book` or `Regular` (empty if none).
    public let styleName: String
    /// Whether the face is an italic or oblique one (FreeType's style flag, from the font's
    /// own tables).
    public let isItalic: Bool
    /// Whether the face is a bold one (FreeType's style flag).
    public let isBold: Bool
    /// Font design units per em (2048 for DejaVu Sans, 1000 for most CFF fonts).
    public let unitsPerEM: Int
    /// The number of glyphs in the face.
    public let glyphCount: Int
    /// Ascender in font units, positive above the baseline (FreeType's choice of hhea or
    /// OS/2 values).
    public let ascenderUnits: Int
    /// Descender in font units, negative below the baseline.
    public let descenderUnits: Int
    /// Baseline-to-baseline distance in font units (ascender − descender + line gap).
    public let lineHeightUnits: Int
    /// Size and modification time of the file when it was opened, for cache keys (for a face
    /// opened from memory, its size and a digest of its bytes).
    public let fileStamp: FileStamp

    /// The FreeType handles and the data derived lazily from them, behind one lock.
    private let state: Mutex<FaceState>

    /// The font's bytes when it was opened from memory (a book's own font), which FreeType
    /// and HarfBuzz read in place; nil for a face read from its file.
    public let bytes: FontBytes?

    /// Opens face `faceIndex` of the font file at `path`.
    ///
    /// - Throws: `FontError` — `.missingFile`, `.unreadableFile`, `.notAFont` (also for
    ///   empty or truncated files), `.noSuchFace`, `.notScalable`, `.noUnicodeCharmap` or
    ///   `.damaged` (its outlines cannot be read: a file cut short, a table past its end).
    public convenience init(path: String, faceIndex: Int = 0) throws(FontError) {
        let stamp = try FileStamp(path: path)
        // The upper 16 bits of FreeType's face index select named instances of variable
        // fonts; a plain face index must stay below that.
        guard (0..<0x10000).contains(faceIndex) else {
            throw .noSuchFace(path: path, index: faceIndex, faceCount: Self.countFaces(path: path))
        }
        let handles = try Self.open(name: path, faceIndex: faceIndex) { library, face in
            let error = FT_New_Face(library, path, FT_Long(faceIndex), &face)
            return error == FT_Error(FT_Err_Cannot_Open_Resource) ? .unreadableFile(path: path) : error == 0 ? nil : .notAFont(path: path)
        }
        self.init(name: path, faceIndex: faceIndex, handles: handles, stamp: stamp, bytes: nil)
    }

    /// Opens the first face of a font held in memory (`bytes`: OpenType, TrueType, WOFF or
    /// WOFF2), named `name` in messages and in `path`. A WOFF or WOFF2 font is unpacked by
    /// FreeType and written out as the plain OpenType font it holds (`FontBytes.sfnt`), which
    /// HarfBuzz reads.
    public convenience init(bytes: [UInt8], name: String) throws(FontError) {
        var held = FontBytes(bytes)
        if held.isWrapped {
            let wrapped = try Self.open(name: name, faceIndex: 0) { library, face in
                FT_New_Memory_Face(library, held.pointer, FT_Long(held.count), 0, &face) == 0 ? nil : .notAFont(path: name)
            }
            let unwrapped = FontBytes.sfnt(of: wrapped.face)
            FT_Done_Face(wrapped.face)
            FT_Done_FreeType(wrapped.library)
            guard let unwrapped else { throw .damaged(path: name) }
            held = unwrapped
        }
        let source = held
        let handles = try Self.open(name: name, faceIndex: 0) { library, face in
            FT_New_Memory_Face(library, source.pointer, FT_Long(source.count), 0, &face) == 0 ? nil : .notAFont(path: name)
        }
        self.init(name: name, faceIndex: 0, handles: handles, stamp: FileStamp(bytes: source), bytes: source)
    }

    /// A FreeType library and face `load` opens in it, checked as a text face must be: a
    /// scalable face with a Unicode map whose glyphs can be read.
    private static func open(name: String, faceIndex: Int,
                             load: (FT_Library, inout FT_Face?) -> FontError?) throws(FontError) -> OpenedHandles {
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else { throw .freeTypeUnavailable(code: initError) }

        var faceHandle: FT_Face?
        let failure = load(library, &faceHandle)
        guard failure == nil, let face = faceHandle else {
            if let face = faceHandle { FT_Done_Face(face) }
            FT_Done_FreeType(library)
            if case .notAFont = failure, faceIndex != 0 {
                let count = Self.countFaces(path: name)
                if count > 0 { throw .noSuchFace(path: name, index: faceIndex, faceCount: count) }
            }
            throw failure ?? .notAFont(path: name)
        }

        let record = face.pointee
        let isScalable = record.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        func fail(_ error: FontError) -> FontError {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            return error
        }
        guard isScalable, record.units_per_EM > 0 else { throw fail(.notScalable(path: name)) }
        // FreeType already prefers a Unicode map (UCS-4 over BMP-only) when it opens a face;
        // selecting it again fails only when there is none.
        guard FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0 else { throw fail(.noUnicodeCharmap(path: name)) }
        guard Self.drawsGlyphs(face) else { throw fail(.damaged(path: name)) }
        return OpenedHandles(library: library, face: face)
    }

    /// A library and face just opened, not yet anyone's: handed to the face that keeps them.
    private struct OpenedHandles: @unchecked Sendable {
        let library: FT_Library
        let face: FT_Face
    }

    private init(name: String, faceIndex: Int, handles: OpenedHandles, stamp: FileStamp, bytes: FontBytes?) {
        let record = handles.face.pointee
        self.path = name
        self.faceIndex = faceIndex
        self.faceCount = Int(record.num_faces)
        self.familyName = record.family_name.map { String(cString: $0) } ?? ""
        self.styleName = record.style_name.map { String(cString: $0) } ?? ""
        self.isItalic = record.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        self.isBold = record.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
        self.unitsPerEM = Int(record.units_per_EM)
        self.glyphCount = Int(record.num_glyphs)
        self.ascenderUnits = Int(record.ascender)
        self.descenderUnits = Int(record.descender)
        self.lineHeightUnits = Int(record.height)
        self.fileStamp = stamp
        self.bytes = bytes
        self.state = Mutex(FaceState(library: handles.library, face: handles.face))
    }

    /// Letters of the scripts books are written in, one of which a text face maps.
    private static let probeLetters: [UInt32] = [0x61, 0x41, 0x4E00, 0x0627, 0x05D0, 0x0E01, 0x0985, 0x0416, 0x03B1, 0x0915]

    /// Whether the face's outlines can be read: its first mapped probe letter loads with an
    /// outline that has points, and so does its last glyph (a file cut short loses the glyphs
    /// stored last). FreeType checks the tables as it loads them; a face that passes the
    /// header and the character map but not this draws nothing at all.
    private static func drawsGlyphs(_ face: FT_Face) -> Bool {
        let flags = FT_Int32(FT_LOAD_NO_SCALE) | FT_Int32(FT_LOAD_NO_BITMAP)
        if let letter = probeLetters.lazy.map({ FT_Get_Char_Index(face, FT_ULong($0)) }).first(where: { $0 != 0 }) {
            guard FT_Load_Glyph(face, letter, flags) == 0, let slot = face.pointee.glyph,
                  slot.pointee.format != FT_GLYPH_FORMAT_OUTLINE || slot.pointee.outline.n_points > 0 else { return false }
        }
        let last = face.pointee.num_glyphs - 1
        return last < 0 || FT_Load_Glyph(face, FT_UInt(last), flags) == 0
    }

    /// The number of faces in a font file, or 0 when FreeType cannot open it.
    private static func countFaces(path: String) -> Int {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return 0 }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard FT_New_Face(library, path, -1, &face) == 0, let face else { return 0 }
        defer { FT_Done_Face(face) }
        return Int(face.pointee.num_faces)
    }

    // MARK: Metrics

    /// Converts a length in font units to pixels at `pixelSize` (pixels per em), exactly,
    /// without hinting or rounding.
    public func pixels(fromUnits units: Int, pixelSize: Float) -> Float {
        Float(Double(units) * Double(pixelSize) / Double(unitsPerEM))
    }

    /// Vertical metrics scaled to `pixelSize`, unrounded.
    public func metrics(pixelSize: Float) -> FontMetrics {
        let ascender = pixels(fromUnits: ascenderUnits, pixelSize: pixelSize)
        let descender = pixels(fromUnits: descenderUnits, pixelSize: pixelSize)
        let lineHeight = pixels(fromUnits: lineHeightUnits, pixelSize: pixelSize)
        return FontMetrics(
            ascender: ascender, descender: descender,
            lineGap: max(0, lineHeight - (ascender - descender)), lineHeight: lineHeight)
    }

    // MARK: Characters

    /// True when the face maps `scalar` to a real glyph (not `.notdef`).
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        glyphIndex(for: scalar.value) != 0
    }

    /// The unhinted advance of `scalar` in font units, or nil when the face has no glyph.
    public func unscaledAdvance(of scalar: Unicode.Scalar) -> Int? {
        withFace { face -> Int? in
            let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            guard glyph != 0 else { return nil }
            return Self.unscaledAdvance(face, glyph: glyph)
        }
    }

    /// The unhinted advance of `scalar` in pixels at `pixelSize` (what HarfBuzz reports
    /// without hinting), or nil when the face has no glyph for it.
    public func advance(of scalar: Unicode.Scalar, pixelSize: Float) -> Float? {
        unscaledAdvance(of: scalar).map { pixels(fromUnits: $0, pixelSize: pixelSize) }
    }

    /// The glyph index of `scalar`, 0 when the face has none.
    func glyphIndex(for scalar: UInt32) -> UInt32 {
        withFace { UInt32(FT_Get_Char_Index($0, FT_ULong(scalar))) }
    }

    /// The unhinted advance of a glyph in font units (0 if FreeType cannot tell).
    static func unscaledAdvance(_ face: FT_Face, glyph: FT_UInt) -> Int {
        var advance: FT_Fixed = 0
        // With FT_LOAD_NO_SCALE the advance comes back in font units (not 16.16) and
        // FreeType reads it straight from 'hmtx' without loading the outline.
        guard FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 else { return 0 }
        return Int(advance)
    }

    // MARK: Module-internal access

    /// Runs `body` with the FreeType face while holding the face's lock.
    ///
    /// `body` must not call back into this `FontFace` (the lock is not recursive). Other
    /// code in the module (the advance-table builder, later the glyph rasteriser) reaches
    /// FreeType only through here.
    func withFace<R: Sendable, E: Error>(_ body: (FT_Face) throws(E) -> R) throws(E) -> R {
        try state.withLock { state throws(E) -> R in try body(state.face) }
    }

    /// Runs `body` with the lock held and the face's lazily computed caches.
    func withState<R: Sendable>(_ body: (inout FaceState) -> R) -> R {
        state.withLock { body(&$0) }
    }
}

/// The FreeType handles of one `FontFace`, plus data computed from them on first use.
/// Owned by the face's lock; it frees the handles when the face goes away.
struct FaceState: ~Copyable {
    let library: FT_Library
    let face: FT_Face
    /// Every (scalar, unhinted advance in font units) the face's Unicode cmap maps, in
    /// scalar order; filled on the first advance-table build.
    var characterAdvances: CharacterAdvances?

    init(library: FT_Library, face: FT_Face) {
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}

/// Vertical metrics of a face at one pixel size, in pixels, unrounded.
public struct FontMetrics: Sendable, Equatable {
    /// Height above the baseline (positive).
    public var ascender: Float
    /// Depth below the baseline (negative, as in the font).
    public var descender: Float
    /// Extra space the font asks for between lines.
    public var lineGap: Float
    /// Recommended baseline-to-baseline distance: ascender − descender + line gap.
    public var lineHeight: Float
}

/// The identity of a file on disk at one moment: its size and modification time. Two
/// stamps differ when the file was replaced or rewritten (to the filesystem's time
/// resolution).
public struct FileStamp: Sendable, Hashable {
    /// Size in bytes.
    public let size: Int64
    /// Modification time, seconds since the epoch.
    public let modificationSeconds: Int64
    /// Nanoseconds part of the modification time.
    public let modificationNanoseconds: Int64

    /// Reads the stamp of `path`, classifying failures the way `FontFace` reports them.
    init(path: String) throws(FontError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .missingFile(path: path)
            default: throw .unreadableFile(path: path)
            }
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            // Directories, devices and sockets are not fonts, whatever FreeType would say.
            throw (info.st_mode & S_IFMT) == S_IFDIR ? .notAFont(path: path) : .unreadableFile(path: path)
        }
        guard access(path, R_OK) == 0 else { throw .unreadableFile(path: path) }
        size = Int64(info.st_size)
        modificationSeconds = Int64(info.st_mtim.tv_sec)
        modificationNanoseconds = Int64(info.st_mtim.tv_nsec)
    }
}
