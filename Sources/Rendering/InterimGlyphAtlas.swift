@preconcurrency internal import CFreeType
import Fonts

/// A stand-in for `Fonts.GlyphAtlas` (being built on another branch) with the same shape:
/// glyphs rasterized by FreeType into one 8-bit coverage bitmap, packed on shelves. When full
/// it starts again from empty (the real atlas evicts the least recently used glyphs).
/// To be deleted when `GlyphAtlas` lands.
final class InterimGlyphAtlas {
    struct Glyph {
        var x: Int32, y: Int32, width: Int32, height: Int32
        var bearingX: Float, bearingY: Float, advance: Float
    }

    private var library: FT_Library?
    private var faces: [FT_Face] = []
    private(set) var width: Int
    private(set) var height: Int
    private let maximumSize: Int
    private(set) var pixels: [UInt8]
    private(set) var generation = 0
    private var glyphs: [UInt32: Glyph] = [:]
    private var shelfY = 0, shelfX = 0, shelfHeight = 0

    init(fonts: FontSet, pixelSize: Float, initialSize: Int = 512, maximumSize: Int = 2048) {
        width = initialSize
        height = initialSize
        self.maximumSize = maximumSize
        pixels = [UInt8](repeating: 0, count: initialSize * initialSize)
        FT_Init_FreeType(&library)
        for face in [fonts.primary, fonts.cjk].compactMap({ $0 }) {
            var handle: FT_Face?
            if FT_New_Face(library, face.path, FT_Long(face.faceIndex), &handle) == 0, let handle {
                FT_Set_Pixel_Sizes(handle, 0, FT_UInt(max(1, pixelSize.rounded())))
                faces.append(handle)
            }
        }
    }

    deinit {
        for face in faces { FT_Done_Face(face) }
        FT_Done_FreeType(library)
    }

    func beginFrame() {}
    func clearDirty() {}

    func glyph(for scalar: UInt32) -> Glyph {
        if let g = glyphs[scalar] { return g }
        let empty = Glyph(x: 0, y: 0, width: 0, height: 0, bearingX: 0, bearingY: 0, advance: 0)
        guard let face = faces.first(where: { FT_Get_Char_Index($0, FT_ULong(scalar)) != 0 }) ?? faces.first,
              FT_Load_Char(face, FT_ULong(scalar), FT_Int32(FT_LOAD_RENDER)) == 0, let slot = face.pointee.glyph
        else { return empty }
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width), h = Int(bitmap.rows)
        var g = Glyph(x: 0, y: 0, width: Int32(w), height: Int32(h), bearingX: Float(slot.pointee.bitmap_left),
                      bearingY: Float(slot.pointee.bitmap_top), advance: Float(slot.pointee.advance.x) / 64)
        if w > 0 && h > 0 {
            guard let (x, y) = place(w, h) else { return empty }
            g.x = Int32(x)
            g.y = Int32(y)
            for row in 0..<h {
                let src = bitmap.buffer + row * Int(bitmap.pitch)
                for col in 0..<w { pixels[(y + row) * width + x + col] = src[col] }
            }
            generation += 1
        }
        glyphs[scalar] = g
        return g
    }

    private func place(_ w: Int, _ h: Int) -> (Int, Int)? {
        guard w + 1 <= width else { return nil }
        if shelfX + w + 1 > width {
            shelfY += shelfHeight
            shelfX = 0
            shelfHeight = 0
        }
        while shelfY + max(shelfHeight, h + 1) > height {
            if height * 2 <= maximumSize {
                pixels += [UInt8](repeating: 0, count: width * height)
                height *= 2
            } else {
                pixels = [UInt8](repeating: 0, count: width * height)
                glyphs.removeAll()
                shelfX = 0; shelfY = 0; shelfHeight = 0
            }
        }
        let spot = (shelfX, shelfY)
        shelfX += w + 1
        shelfHeight = max(shelfHeight, h + 1)
        return spot
    }
}
