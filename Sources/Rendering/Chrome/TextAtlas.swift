import CSDL2
import Fonts
import Pagination
import Reader

/// Pixels in memory as 0xAARRGGBB words, row by row: what pages are composed into before
/// they become textures.
struct PixelBuffer {
    private(set) var width: Int
    private(set) var height: Int
    var pixels: [UInt32]

    init(width: Int, height: Int, color: RGB) {
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: color.argb, count: width * height)
    }

    /// Makes it `width` × `height` and fills it with `color` (reusing the storage).
    mutating func reset(width: Int, height: Int, color: RGB) {
        if width * height != pixels.count {
            pixels = [UInt32](repeating: color.argb, count: width * height)
        } else {
            let c = color.argb
            pixels.withUnsafeMutableBufferPointer { p in p.update(repeating: c) }
        }
        self.width = width
        self.height = height
    }

    /// Blends an 8-bit coverage bitmap (`source`, `sourceWidth` bytes per row) in `color`
    /// with its top-left corner at (x, y), clipped to the buffer.
    mutating func blend(coverage source: UnsafePointer<UInt8>, sourceWidth: Int, rect: (x: Int, y: Int, w: Int, h: Int),
                        at x: Int, _ y: Int, color: RGB) {
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(x + rect.w, width), y1 = min(y + rect.h, height)
        guard x0 < x1, y0 < y1 else { return }
        let cr = Int32(color.r), cg = Int32(color.g), cb = Int32(color.b)
        let w = width
        pixels.withUnsafeMutableBufferPointer { dst in
            for py in y0..<y1 {
                let srcRow = source + (rect.y + py - y) * sourceWidth + rect.x - x
                let dstRow = py * w
                for px in x0..<x1 {
                    let a = Int32(srcRow[px])
                    if a == 0 { continue }
                    let d = dst[dstRow + px]
                    if a == 255 {
                        dst[dstRow + px] = 0xFF00_0000 | UInt32(cr) << 16 | UInt32(cg) << 8 | UInt32(cb)
                        continue
                    }
                    let dr = Int32((d >> 16) & 0xFF), dg = Int32((d >> 8) & 0xFF), db = Int32(d & 0xFF)
                    let r = dr + ((cr - dr) * a + 127) / 255
                    let g = dg + ((cg - dg) * a + 127) / 255
                    let b = db + ((cb - db) * a + 127) / 255
                    dst[dstRow + px] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                }
            }
        }
    }
}

/// The glyphs of the book's fonts at one pixel size (physical pixels), with what the reader
/// needs on top: drawing a page's positioned glyphs into a `PixelBuffer`, and setting
/// interface text as lines (`TextLine`) drawn through the renderer from a texture copy of the
/// atlas (toolbars and panels), uploaded when it changes.
final class TextAtlas {
    var atlas: GlyphAtlas
    let pixelSize: Float
    let ascent: Float
    private var texture: OpaquePointer?
    private var textureSize = (0, 0)
    private var textureGeneration = -1
    /// The canvas whose renderer made `texture` (a destroyed renderer takes its textures along).
    private weak var owner: Canvas?
    private var ownerGeneration = -1
    private var staging: [UInt32] = []
    /// Interface lines set so far (`line(_:)`), by their text; emptied when it holds 512.
    private var lines: [String: TextLine] = [:]
    /// Texts cut to a width (`fitted`), by the text and the width.
    private var cut: [FittedKey: String] = [:]
    private struct FittedKey: Hashable {
        var text: String
        var maxWidth: Float
    }
    /// The shaped words of those lines, at the atlas's size.
    private let shapes: ShapeCache

    init(fonts: FontSet, pixelSize: Float) {
        self.pixelSize = pixelSize
        shapes = ShapeCache(shaper: fonts.shaper(pixelSize: pixelSize), language: nil)
        atlas = GlyphAtlas(fonts: fonts, pixelSize: pixelSize, initialSize: 512, maximumSize: 4096, hinting: .light)
        ascent = fonts.primary.metrics(pixelSize: pixelSize).ascender
    }

    deinit { if let texture, owner != nil { SDL_DestroyTexture(texture) } }

    /// `text` set as a line (`TextLine`: shaped, in bidi order, with fallback), kept by its text.
    func line(_ text: String) -> TextLine {
        if let known = lines[text] { return known }
        if lines.count >= 512 { lines.removeAll(keepingCapacity: true) }
        let made = TextLine(text, shapes: shapes)
        lines[text] = made
        return made
    }

    /// The width of `text` set as a line, in pixels.
    func width(of text: String) -> Float { line(text).width }

    /// `text`, or as much of it as fits `maxWidth` pixels and "…" (kept: a panel's rows are
    /// fitted every frame).
    func fitted(_ text: String, maxWidth: Float) -> String {
        guard width(of: text) > maxWidth else { return text }
        let key = FittedKey(text: text, maxWidth: maxWidth)
        if let known = cut[key] { return known }
        if cut.count >= 512 { cut.removeAll(keepingCapacity: true) }
        let made = TextLine(text, shapes: shapes, maxWidth: maxWidth).text
        cut[key] = made
        return made
    }

    /// Draws glyph `scalar` with its pen at (penX, baseline) into `buffer`.
    func draw(scalar: UInt32, penX: Float, baseline: Float, color: RGB, into buffer: inout PixelBuffer) {
        guard scalar > 0x20 else { return }
        blend(atlas.glyph(for: scalar), penX: penX, baseline: baseline, color: color, into: &buffer)
    }

    /// Blends atlas glyph `g` with its pen at (penX, baseline), rounded to whole pixels.
    private func blend(_ g: AtlasGlyph, penX: Float, baseline: Float, color: RGB, into buffer: inout PixelBuffer) {
        guard g.width > 0, g.height > 0 else { return }
        let x = Int((penX + g.bearingX).rounded())
        let y = Int(baseline.rounded()) - Int(g.bearingY.rounded())
        let aw = Int(atlas.width)
        atlas.withUnsafePixels { p in
            buffer.blend(coverage: p.baseAddress!, sourceWidth: aw,
                         rect: (Int(g.x), Int(g.y), Int(g.width), Int(g.height)), at: x, y, color: color)
        }
    }

    /// Draws a shaper's glyph (`id` of face `font`, or a scalar when `font` is
    /// `ShapedGlyph.scalarFont`) with its origin at (penX, baseline) into `buffer`.
    func draw(glyph id: UInt32, font: UInt16, penX: Float, baseline: Float, color: RGB, into buffer: inout PixelBuffer) {
        if font == ShapedGlyph.scalarFont {
            draw(scalar: id, penX: penX, baseline: baseline, color: color, into: &buffer)
            return
        }
        blend(atlas.glyph(face: Int(font), id: id), penX: penX, baseline: baseline, color: color, into: &buffer)
    }

    /// Draws `text`, set as a line, through `canvas`'s renderer from the atlas texture, its
    /// left end at (x, baseline) in physical pixels. Returns its right end.
    @discardableResult
    func render(_ text: String, x: Float, baseline: Float, color: RGB, on canvas: Canvas) -> Float {
        let set = line(text)
        render(runs: set.runs, scale: 1, offset: (x, baseline), color: color, on: canvas)
        return x + set.width
    }

    /// Draws glyph runs (an interface line; a note's lines, laid out by the book's
    /// typesetter) through `canvas`'s renderer from the atlas texture, each glyph's origin at
    /// its (x, y) times `scale`, moved by `offset` (physical pixels).
    func render(runs: [GlyphRun], scale: Float, offset: (x: Float, y: Float), color: RGB, on canvas: Canvas) {
        var glyphs: [(AtlasGlyph, Float, Float)] = []
        let moves = atlas.relocationCount
        func gather() {
            glyphs.removeAll(keepingCapacity: true)
            for run in runs {
                for g in run.glyphs {
                    let glyph = run.font == ShapedGlyph.scalarFont ? atlas.glyph(for: g.id) : atlas.glyph(face: Int(run.font), id: g.id)
                    if !glyph.isBlank && glyph.width > 0 { glyphs.append((glyph, offset.x + g.x * scale, offset.y + g.y * scale)) }
                }
            }
        }
        gather()
        // Packing these glyphs moved others: gather again (all cached now).
        if atlas.relocationCount != moves { gather() }
        guard !glyphs.isEmpty, let texture = upload(to: canvas) else { return }
        SDL_SetTextureColorMod(texture, color.r, color.g, color.b)
        for (g, penX, penY) in glyphs {
            var src = SDL_Rect(x: g.x, y: g.y, w: g.width, h: g.height)
            var dst = SDL_Rect(x: Int32((penX + g.bearingX).rounded()), y: Int32(penY.rounded() - g.bearingY.rounded()),
                               w: g.width, h: g.height)
            SDL_RenderCopy(canvas.renderer, texture, &src, &dst)
        }
    }

    /// The atlas as a texture (white, alpha = coverage), re-uploaded when the atlas changed.
    private func upload(to canvas: Canvas) -> OpaquePointer? {
        let w = Int(atlas.width), h = Int(atlas.height)
        if texture == nil || textureSize != (w, h) || owner !== canvas || ownerGeneration != canvas.generation {
            if let texture, owner != nil, ownerGeneration == owner?.generation { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(canvas.renderer, Uint32(SDL_PIXELFORMAT_ARGB8888.rawValue),
                                        Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(w), Int32(h))
            guard let texture else { return nil }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            textureSize = (w, h)
            owner = canvas
            ownerGeneration = canvas.generation
            textureGeneration = -1
        }
        guard let texture else { return nil }
        if textureGeneration != atlas.generation {
            // The changed region only (all of it after the texture was made).
            var region = atlas.dirtyRect ?? (x: 0, y: 0, width: w, height: h)
            if textureGeneration < 0 { region = (x: 0, y: 0, width: w, height: h) }
            if region.width > 0 && region.height > 0 {
                if staging.count < region.width * region.height {
                    staging = [UInt32](repeating: 0, count: region.width * region.height)
                }
                atlas.withUnsafePixels { src in
                    staging.withUnsafeMutableBufferPointer { dst in
                        for row in 0..<region.height {
                            let s = (region.y + row) * w + region.x, d = row * region.width
                            for col in 0..<region.width { dst[d + col] = UInt32(src[s + col]) << 24 | 0x00FF_FFFF }
                        }
                    }
                }
                var rect = SDL_Rect(x: Int32(region.x), y: Int32(region.y), w: Int32(region.width), h: Int32(region.height))
                staging.withUnsafeBytes { _ = SDL_UpdateTexture(texture, &rect, $0.baseAddress, Int32(region.width * 4)) }
            }
            textureGeneration = atlas.generation
            atlas.clearDirty()
        }
        return texture
    }
}
