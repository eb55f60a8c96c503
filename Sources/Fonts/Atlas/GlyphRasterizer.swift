@preconcurrency internal import CFreeType

/// How outlines are fitted to the pixel grid when a glyph is rasterized.
public enum GlyphHinting: Sendable, Equatable {
    /// No hinting: the outline is scaled exactly (`FT_LOAD_NO_HINTING`), matching the
    /// unhinted advances the layout measures with. Fastest, slightly softer.
    case none
    /// FreeType's light hinting (`FT_LOAD_TARGET_LIGHT`): outlines are snapped to the pixel
    /// grid vertically only (by the font driver or the auto-hinter), so horizontal shapes
    /// and spacing stay as unhinted. Crisper horizontal strokes; about three times slower to
    /// rasterize a CJK glyph.
    case light
}

/// One glyph's 8-bit coverage bitmap, tightly packed (`width` bytes per row, top row first),
/// with FreeType's offsets from the pen position. A scratch value: the atlas reuses one.
struct GlyphBitmap {
    var width = 0
    var height = 0
    /// Pen to the bitmap's left edge, in pixels (FreeType's `bitmap_left`).
    var left = 0
    /// Baseline up to the bitmap's top edge, in pixels (FreeType's `bitmap_top`).
    var top = 0
    /// `width * height` coverage values, 0 (none) to 255 (full). May hold more bytes than
    /// that (the buffer is reused); only the first `width * height` count.
    var pixels: [UInt8] = []

    /// Resizes to `width` × `height`, keeping the buffer's capacity; the contents are
    /// unspecified until written.
    mutating func reset(width: Int, height: Int, left: Int, top: Int) {
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        let count = width * height
        if pixels.count < count { pixels.append(contentsOf: repeatElement(0, count: count - pixels.count)) }
    }

    /// True when at least one pixel has some coverage.
    var hasInk: Bool {
        let count = width * height
        guard count > 0 else { return false }
        return pixels.withUnsafeBufferPointer { buffer in
            var any: UInt8 = 0
            for i in 0..<count { any |= buffer[i] }
            return any != 0
        }
    }
}

/// What rasterizing one character with one face gave.
enum RasterOutcome: Sendable, Equatable {
    /// The bitmap was written (it may still be blank, e.g. for a space).
    case rendered
    /// The face has no glyph for the character.
    case missing
    /// The glyph would be wider or taller than the allowed maximum; nothing was rendered.
    case tooLarge
    /// FreeType failed to set the size, load or render the glyph.
    case failed
}

/// The scale FreeType last set on a face for one atlas, so that the size is set again only
/// when something else (another atlas at another size) changed it in between.
struct FaceScale: Sendable, Equatable {
    var xScale: Int = 0
    var yScale: Int = 0
}

extension FontFace {
    /// Rasterizes the glyph the face maps `scalar` to, at `pixelSize` pixels per em, into
    /// `bitmap` as 8-bit coverage.
    ///
    /// Faces are shared (several atlases, or an atlas and the layout, may use one face), so
    /// the size is set on the face's active size object under the face's lock whenever its
    /// scale is not the one this caller set last (`scale` remembers it). The advance-table
    /// code reads unscaled advances only and does not care about the active size.
    ///
    /// Loading uses `FT_LOAD_NO_BITMAP` so that embedded bitmap strikes never replace the
    /// outlines the advances were measured from. A glyph whose outline box exceeds
    /// `maximumSide` pixels is not rendered (`.tooLarge`), so an absurd size never allocates
    /// an absurd bitmap. Fractional pixel sizes are kept (the size is set in 26.6 units).
    func rasterize(
        scalar: UInt32, pixelSize: Float, hinting: GlyphHinting, maximumSide: Int,
        scale: inout FaceScale, into bitmap: inout GlyphBitmap
    ) -> RasterOutcome {
        withFace { face -> RasterOutcome in
            let glyph = FT_Get_Char_Index(face, FT_ULong(scalar))
            guard glyph != 0 else { return .missing }
            return Self.render(face, glyph: glyph, pixelSize: pixelSize, hinting: hinting, maximumSide: maximumSide,
                               scale: &scale, into: &bitmap)
        }
    }

    /// Rasterizes glyph `glyph` of the face (an index a shaper gave), as `rasterize(scalar:…)`
    /// does a character's.
    func rasterize(
        glyph: UInt32, pixelSize: Float, hinting: GlyphHinting, maximumSide: Int,
        scale: inout FaceScale, into bitmap: inout GlyphBitmap
    ) -> RasterOutcome {
        withFace { face -> RasterOutcome in
            guard glyph < UInt32(max(0, face.pointee.num_glyphs)) else { return .missing }
            return Self.render(face, glyph: FT_UInt(glyph), pixelSize: pixelSize, hinting: hinting,
                               maximumSide: maximumSide, scale: &scale, into: &bitmap)
        }
    }

    /// Loads and renders glyph `glyph` of `face` (its lock held) into `bitmap`.
    private static func render(
        _ face: FT_Face, glyph: FT_UInt, pixelSize: Float, hinting: GlyphHinting, maximumSide: Int,
        scale: inout FaceScale, into bitmap: inout GlyphBitmap
    ) -> RasterOutcome {
        guard Self.selectSize(face, pixelSize: pixelSize, remembered: &scale) else { return .failed }

        let loadFlags: Int
        let renderMode: FT_Render_Mode
        switch hinting {
        case .none:
            loadFlags = Int(FT_LOAD_NO_HINTING) | Int(FT_LOAD_NO_BITMAP)
            renderMode = FT_RENDER_MODE_NORMAL
        case .light:
            // FT_LOAD_TARGET_LIGHT is FT_LOAD_TARGET_(FT_RENDER_MODE_LIGHT), a function-like
            // macro Swift does not import: the render mode in bits 16–19.
            loadFlags = Int(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16 | Int(FT_LOAD_NO_BITMAP)
            renderMode = FT_RENDER_MODE_LIGHT
        }
        guard FT_Load_Glyph(face, glyph, FT_Int32(truncatingIfNeeded: loadFlags)) == 0,
              let slot = face.pointee.glyph
        else { return .failed }

        // The metrics (26.6) bound the outline; anti-aliasing adds at most a pixel a side.
        let metrics = slot.pointee.metrics
        let estimatedWidth = Int(metrics.width) / 64 + 3
        let estimatedHeight = Int(metrics.height) / 64 + 3
        guard estimatedWidth <= maximumSide, estimatedHeight <= maximumSide else { return .tooLarge }

        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(slot, renderMode) == 0 else { return .failed }
        }
        let source = slot.pointee.bitmap
        guard Int(source.width) <= maximumSide, Int(source.rows) <= maximumSide else { return .tooLarge }
        guard Self.copyCoverage(source, into: &bitmap) else { return .failed }
        bitmap.left = Int(slot.pointee.bitmap_left)
        bitmap.top = Int(slot.pointee.bitmap_top)
        return .rendered
    }

    /// Sets the face's active size to `pixelSize` pixels per em unless its scale is still the
    /// one recorded in `remembered` (set by this caller last time). False when FreeType
    /// refuses the size.
    private static func selectSize(_ face: FT_Face, pixelSize: Float, remembered: inout FaceScale) -> Bool {
        if let size = face.pointee.size, remembered.xScale != 0,
           Int(size.pointee.metrics.x_scale) == remembered.xScale,
           Int(size.pointee.metrics.y_scale) == remembered.yScale {
            return true
        }
        // At 72 dpi one point is one pixel, so a 26.6 character size is a 26.6 pixel size;
        // unlike FT_Set_Pixel_Sizes it keeps fractional sizes. Clamped so that the
        // conversion cannot trap; FreeType rejects what it cannot scale.
        guard pixelSize.isFinite, pixelSize > 0 else { return false }
        let size26 = FT_F26Dot6((min(pixelSize, 65_535) * 64).rounded())
        guard FT_Set_Char_Size(face, 0, max(1, size26), 72, 72) == 0, let size = face.pointee.size else {
            remembered = FaceScale()
            return false
        }
        remembered = FaceScale(xScale: Int(size.pointee.metrics.x_scale), yScale: Int(size.pointee.metrics.y_scale))
        return true
    }

    /// Copies a FreeType bitmap into `bitmap` as 8-bit coverage. False for pixel modes that
    /// carry no coverage (LCD) or a bitmap without a buffer.
    private static func copyCoverage(_ source: FT_Bitmap, into bitmap: inout GlyphBitmap) -> Bool {
        let format: SourcePixelFormat
        switch UInt32(source.pixel_mode) {
        case FT_PIXEL_MODE_GRAY.rawValue: format = .gray(levels: max(2, Int(source.num_grays)))
        case FT_PIXEL_MODE_MONO.rawValue: format = .mono
        case FT_PIXEL_MODE_GRAY2.rawValue: format = .gray2
        case FT_PIXEL_MODE_GRAY4.rawValue: format = .gray4
        case FT_PIXEL_MODE_BGRA.rawValue: format = .bgra
        default: return false
        }
        let width = Int(source.width), rows = Int(source.rows)
        guard width > 0, rows > 0 else {
            bitmap.reset(width: 0, height: 0, left: 0, top: 0)
            return true
        }
        guard let buffer = source.buffer else { return false }
        GlyphBitmap.convert(
            UnsafePointer(buffer), width: width, rows: rows, pitch: Int(source.pitch), format: format, into: &bitmap)
        return true
    }
}

/// How the pixels of a rasterizer's bitmap are stored (FreeType's pixel modes that carry
/// coverage).
enum SourcePixelFormat: Equatable {
    /// One byte a pixel, 0 to `levels - 1` (256 levels for FreeType's anti-aliased output).
    case gray(levels: Int)
    /// One bit a pixel, most significant bit first (set = ink).
    case mono
    /// Two bits a pixel, most significant first, 0–3.
    case gray2
    /// Four bits a pixel, high nibble first, 0–15.
    case gray4
    /// Four bytes a pixel, premultiplied blue, green, red, alpha: alpha is the coverage.
    case bgra
}

extension GlyphBitmap {
    /// Converts `rows` rows of `width` pixels in `format` into 8-bit coverage, top row
    /// first, into `bitmap` (its `left` and `top` are reset to 0).
    ///
    /// `pitch` is FreeType's: the byte offset from one row to the next going down, at least
    /// a row's bytes; negative when rows are stored bottom-up, in which case `buffer` is the
    /// bottom row (the start of the memory block).
    static func convert(
        _ buffer: UnsafePointer<UInt8>, width: Int, rows: Int, pitch: Int, format: SourcePixelFormat,
        into bitmap: inout GlyphBitmap
    ) {
        bitmap.reset(width: width, height: rows, left: 0, top: 0)
        guard width > 0, rows > 0 else { return }
        bitmap.pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<rows {
                let line = buffer + (pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch)
                let target = out.baseAddress! + row * width
                switch format {
                case .gray(let levels):
                    if levels == 256 {
                        target.update(from: line, count: width)
                    } else {
                        for column in 0..<width {
                            target[column] = UInt8(min(255, Int(line[column]) * 255 / max(1, levels - 1)))
                        }
                    }
                case .mono:
                    for column in 0..<width {
                        target[column] = line[column >> 3] & (0x80 >> UInt8(column & 7)) != 0 ? 255 : 0
                    }
                case .gray2:
                    for column in 0..<width {
                        target[column] = (line[column >> 2] >> UInt8(6 - 2 * (column & 3)) & 3) &* 85
                    }
                case .gray4:
                    for column in 0..<width {
                        target[column] = (line[column >> 1] >> UInt8(4 - 4 * (column & 1)) & 15) &* 17
                    }
                case .bgra:
                    for column in 0..<width { target[column] = line[4 * column + 3] }
                }
            }
        }
    }
}
