import CSDL2
import Fonts
import PageTurner
import Pagination
import Reader

/// Draws pages into textures, once each, and keeps the few the reader needs.
///
/// A page is composed in memory (the paper, its text from the body atlas at the page's pixel
/// size, the chapter title and the page number in the margins from the small atlas), then
/// uploaded as one static texture. The reader asks for the current page and, while nothing
/// moves, `preload`s its neighbours, so a turn's first frame finds the incoming page ready.
/// At most `capacity` textures of a window's size are kept, or twice as many a leaf wide (a
/// spread's pages: the two shown and those of the spreads either side); the least recently
/// used go first.
final class PageTextures {
    struct Key: Hashable {
        var layout: Int
        var epoch: Int
        var page: Int
        var theme: Theme
        var width: Int
        var height: Int
        /// The spread's leaf the page is drawn for (its half gutter beside it), or nil for a
        /// page filling the window.
        var leaf: LeafSide? = nil
        /// Where the page starts in its texture, px (half the gutter for a right leaf).
        var pageOffset = 0
        /// The marks drawn on the page (those of `PageTextures.marks` on it).
        var marks: [TextMark] = []
    }

    /// A page's place in a spread: its leaf, for textures a leaf wide.
    struct LeafPlace {
        var geometry: SpreadGeometry
        var side: LeafSide
    }

    /// A page's texture and where it has ink.
    struct Composed {
        let texture: OpaquePointer
        let ink: PageInk
    }

    let capacity: Int
    private var entries: [Key: (texture: OpaquePointer, used: Int, ink: PageInk)] = [:]
    /// Pages washed for the back of a turning page (`washed`), dropped with their page.
    private var washedEntries: [Key: (texture: OpaquePointer, alpha: UInt8)] = [:]
    private var clock = 0
    private weak var owner: Canvas?
    private var ownerGeneration = -1
    private var buffer = PixelBuffer(width: 1, height: 1, color: Theme.paper.background)
    /// How many pages have been composed (tests check that preloading did its work).
    private(set) var composedCount = 0
    /// The book's pictures, decoded and scaled for the pages that show them.
    let pictures = PictureCache()

    /// Whether copies skip the pages' plain paper (`PageInk`); off, a page's ink is the whole
    /// page (tests draw both ways and compare).
    let inkOnly: Bool
    /// Text marked behind its glyphs on whichever pages show it (the scene's): a page is
    /// composed with those on it, and composed again when they change.
    var marks: [TextMark] = []

    init(capacity: Int = 5, inkOnly: Bool = true) {
        self.capacity = max(capacity, 3)
        self.inkOnly = inkOnly
    }

    deinit { dropAll() }

    private func dropAll() {
        if owner != nil, ownerGeneration == owner?.generation {
            for e in entries.values { SDL_DestroyTexture(e.texture) }
            for e in washedEntries.values { SDL_DestroyTexture(e.texture) }
        }
        entries.removeAll()
        washedEntries.removeAll()
    }

    func key(page: Int, layout: BookLayout, theme: Theme, canvas: Canvas, leaf: LeafPlace? = nil) -> Key {
        guard let leaf else {
            return Key(layout: layout.id, epoch: layout.epoch, page: page, theme: theme, width: canvas.pixelWidth,
                       height: canvas.pixelHeight, marks: marks(onPage: page, of: layout))
        }
        return Key(layout: layout.id, epoch: layout.epoch, page: page, theme: theme, width: Self.leafPixelWidth(leaf.geometry, canvas),
                   height: canvas.pixelHeight, leaf: leaf.side,
                   pageOffset: Int((leaf.geometry.pageOffset(inLeaf: leaf.side) * canvas.scale).rounded()),
                   marks: marks(onPage: page, of: layout))
    }

    /// The marks that fall on page `page`.
    private func marks(onPage page: Int, of layout: BookLayout) -> [TextMark] {
        guard !marks.isEmpty else { return [] }
        let range = layout.range(ofPage: page)
        return marks.filter { $0.range.overlaps(range) }
    }

    /// A leaf texture's width in pixels: the wider of the two leaves' (they differ by one
    /// pixel in a window of odd width).
    static func leafPixelWidth(_ geometry: SpreadGeometry, _ canvas: Canvas) -> Int {
        let spine = spinePixel(geometry, canvas)
        return max(spine, canvas.pixelWidth - spine, 1)
    }

    /// The spine's x in physical pixels.
    static func spinePixel(_ geometry: SpreadGeometry, _ canvas: Canvas) -> Int {
        Int((geometry.spineX * canvas.scale).rounded())
    }

    /// Pages composed before there was a renderer (on the thread that opened the book).
    private var precomposed: [Key: (pixels: [UInt32], ink: PageInk)] = [:]

    /// Composes page `page` at `pixelWidth` × `pixelHeight` (or, for a leaf, its part of a
    /// canvas that size) now, so that the first frame only uploads it (used while the window
    /// is still opening).
    func precompose(page: Int, layout: BookLayout, theme: Theme, pixelWidth: Int, pixelHeight: Int, fonts: ReaderFonts,
                    leaf: LeafPlace? = nil) {
        let (k, scale) = precomposedKey(page: page, layout: layout, theme: theme, pixelWidth: pixelWidth,
                                        pixelHeight: pixelHeight, leaf: leaf)
        compose(page: page, layout: layout, theme: theme, width: k.width, height: k.height,
                scale: leaf == nil ? Float(pixelWidth) / Float(layout.settings.pageWidth) : Float(scale), fonts: fonts,
                offset: Float(k.pageOffset), inLeaf: leaf != nil)
        precomposed[k] = (buffer.pixels, inkOfBuffer(paper: theme.background))
    }

    /// The pixels `precompose` made for these arguments (a texture's size: a leaf's for a
    /// leaf), if it did and they have not been uploaded since.
    func precomposedPixels(page: Int, layout: BookLayout, theme: Theme, pixelWidth: Int, pixelHeight: Int,
                           leaf: LeafPlace? = nil) -> (pixels: [UInt32], width: Int)? {
        let (k, _) = precomposedKey(page: page, layout: layout, theme: theme, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                                    leaf: leaf)
        return precomposed[k].map { ($0.pixels, k.width) }
    }

    /// The key of a page precomposed for a canvas of `pixelWidth` × `pixelHeight`, and that
    /// canvas's scale: its pixels over its logical width (a lone page's layout is the window's).
    private func precomposedKey(page: Int, layout: BookLayout, theme: Theme, pixelWidth: Int, pixelHeight: Int,
                                leaf: LeafPlace?) -> (Key, Double) {
        let scale = Double(pixelWidth) / (leaf?.geometry.window.width ?? 1)
        var k = Key(layout: layout.id, epoch: layout.epoch, page: page, theme: theme, width: pixelWidth, height: pixelHeight,
                    marks: marks(onPage: page, of: layout))
        if let leaf {
            let spine = Int((leaf.geometry.spineX * scale).rounded())
            k.width = max(spine, pixelWidth - spine, 1)
            k.leaf = leaf.side
            k.pageOffset = Int((leaf.geometry.pageOffset(inLeaf: leaf.side) * scale).rounded())
        }
        return (k, scale)
    }

    /// Where the page just composed into `buffer` has ink.
    private func inkOfBuffer(paper: RGB) -> PageInk {
        guard inkOnly else { return .whole(width: buffer.width, height: buffer.height) }
        return buffer.pixels.withUnsafeBufferPointer {
            PageInk.scan($0, width: buffer.width, height: buffer.height, paper: paper.argb)
        }
    }

    /// Whether page `page` is ready as a texture.
    func has(page: Int, layout: BookLayout, theme: Theme, canvas: Canvas, leaf: LeafPlace? = nil) -> Bool {
        owner === canvas && ownerGeneration == canvas.generation
            && entries[key(page: page, layout: layout, theme: theme, canvas: canvas, leaf: leaf)] != nil
    }

    /// The texture of page `page`, composed now if it is not kept.
    func texture(page: Int, layout: BookLayout, theme: Theme, canvas: Canvas, fonts: ReaderFonts,
                 leaf: LeafPlace? = nil) -> OpaquePointer? {
        composed(page: page, layout: layout, theme: theme, canvas: canvas, fonts: fonts, leaf: leaf)?.texture
    }

    /// Page `page`'s texture and ink, composed now if it is not kept.
    func composed(page: Int, layout: BookLayout, theme: Theme, canvas: Canvas, fonts: ReaderFonts,
                  leaf: LeafPlace? = nil) -> Composed? {
        if owner !== canvas || ownerGeneration != canvas.generation {
            dropAll()
            owner = canvas
            ownerGeneration = canvas.generation
        }
        let k = key(page: page, layout: layout, theme: theme, canvas: canvas, leaf: leaf)
        clock += 1
        if let e = entries[k] {
            entries[k] = (e.texture, clock, e.ink)
            return Composed(texture: e.texture, ink: e.ink)
        }
        // Composed while the window opened, or now into `buffer`.
        let early = precomposed.removeValue(forKey: k)
        if early == nil {
            compose(page: page, layout: layout, theme: theme, width: k.width, height: k.height,
                    scale: Float(canvas.scale), fonts: fonts, offset: Float(k.pageOffset), inLeaf: k.leaf != nil)
        }
        let ink = early?.ink ?? inkOfBuffer(paper: theme.background)
        guard let texture = SDL_CreateTexture(canvas.renderer, Uint32(SDL_PIXELFORMAT_ARGB8888.rawValue),
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(k.width), Int32(k.height)) else { return nil }
        (early?.pixels ?? buffer.pixels).withUnsafeBytes {
            _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(k.width * 4))
        }
        // A page is opaque: copied without blending, which reads nothing back (fill rate).
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        let kept = k.leaf == nil ? capacity : 2 * capacity
        while entries.count >= kept, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            SDL_DestroyTexture(oldest.value.texture)
            entries[oldest.key] = nil
            if let washed = washedEntries.removeValue(forKey: oldest.key) { SDL_DestroyTexture(washed.texture) }
        }
        entries[k] = (texture, clock, ink)
        return Composed(texture: texture, ink: ink)
    }

    /// Page `page` washed `alpha`/255 of the way towards the theme's wash colour: the back of a
    /// turning page, as paper shows print through (`CylinderFrame.backWash`). Made once from
    /// the page's texture on the renderer (a copy and a blended fill into a target texture,
    /// exactly what a wash drawn over the back each frame would give) and dropped with the page,
    /// so a frame draws the back in one pass.
    func washed(page: Int, layout: BookLayout, theme: Theme, canvas: Canvas, fonts: ReaderFonts, alpha: UInt8) -> OpaquePointer? {
        guard let source = texture(page: page, layout: layout, theme: theme, canvas: canvas, fonts: fonts) else { return nil }
        let k = key(page: page, layout: layout, theme: theme, canvas: canvas)
        if let e = washedEntries[k] {
            if e.alpha == alpha { return e.texture }
            SDL_DestroyTexture(e.texture)
            washedEntries[k] = nil
        }
        let renderer = canvas.renderer
        guard let washed = SDL_CreateTexture(renderer, Uint32(SDL_PIXELFORMAT_ARGB8888.rawValue),
                                             Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                             Int32(canvas.pixelWidth), Int32(canvas.pixelHeight)) else { return nil }
        let previous = SDL_GetRenderTarget(renderer)
        guard SDL_SetRenderTarget(renderer, washed) == 0 else {
            SDL_DestroyTexture(washed)
            return nil
        }
        SDL_SetTextureBlendMode(source, SDL_BLENDMODE_NONE)
        SDL_RenderCopy(renderer, source, nil, nil)
        let wash = theme.wash
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, wash.r, wash.g, wash.b, alpha)
        SDL_RenderFillRect(renderer, nil)
        SDL_SetRenderTarget(renderer, previous)
        SDL_SetTextureBlendMode(washed, SDL_BLENDMODE_NONE)
        washedEntries[k] = (washed, alpha)
        return washed
    }

    /// Composes the first of `pages` that is not kept yet; true when it did some work (call
    /// again on the next idle turn of the loop).
    @discardableResult
    func preload(pages: [Int], layout: BookLayout, theme: Theme, canvas: Canvas, fonts: ReaderFonts,
                 leaf: (Int) -> LeafPlace? = { _ in nil }) -> Bool {
        // The pictures of every page about to be composed start decoding now, off this thread.
        if layout.book.structure?.pictures.isEmpty == false {
            for page in pages where page >= 0 && page < layout.pageCount
                && !has(page: page, layout: layout, theme: theme, canvas: canvas, leaf: leaf(page)) {
                pictures.prefetch(layout.pageLayout(page).pictures, scale: Float(canvas.scale), files: layout.book.files)
            }
        }
        for page in pages where page >= 0 && page < layout.pageCount {
            if !has(page: page, layout: layout, theme: theme, canvas: canvas, leaf: leaf(page)) {
                _ = texture(page: page, layout: layout, theme: theme, canvas: canvas, fonts: fonts, leaf: leaf(page))
                // Keep what was just made from being the first to go.
                return true
            }
        }
        return false
    }

    /// Draws page `page` into `buffer`, `offset` px from its left edge (a right leaf's half
    /// gutter; the page itself is the layout's width): the glyphs of its `PageLayout` where
    /// the layout put them, and its running head and page number as the layout set them.
    private func compose(page: Int, layout: BookLayout, theme: Theme, width: Int, height: Int, scale: Float,
                         fonts: ReaderFonts, offset: Float = 0, inLeaf: Bool = false) {
        composedCount += 1
        buffer.reset(width: width, height: height, color: theme.background)
        let range = layout.range(ofPage: page)
        guard !range.isEmpty || !layout.lines(onPage: page).isEmpty else { return }
        let positioned = layout.pageLayout(page)
        // One atlas a size on the page (a heading's runs are larger, the margins' smaller),
        // each begun once.
        var atlases: [Float: TextAtlas] = [:]
        func draw(_ runs: [GlyphRun], color: RGB) {
            for run in runs {
                let size = positioned.fontSize * run.scale * scale
                let body: TextAtlas
                if let known = atlases[size] {
                    body = known
                } else {
                    body = fonts.body(pixelSize: size)
                    body.atlas.beginFrame()
                    atlases[size] = body
                }
                for g in run.glyphs {
                    body.draw(glyph: g.id, font: run.font, penX: offset + g.x * scale, baseline: g.y * scale,
                              color: color, into: &buffer)
                }
            }
        }
        drawPictures(positioned.pictures, files: layout.book.files, scale: scale, offset: offset, theme: theme)
        for mark in marks(onPage: page, of: layout) {
            for r in positioned.rects(covering: mark.range) {
                // Rounded out to whole pixels, so two neighbouring pieces meet without a seam.
                let x0 = (offset + r.x * scale).rounded(.down), x1 = (offset + (r.x + r.width) * scale).rounded(.up)
                let y0 = (r.y * scale).rounded(.down), y1 = ((r.y + r.height) * scale).rounded(.up)
                buffer.fill(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0), color: mark.color)
            }
        }
        for rule in positioned.rules {
            // At least a physical pixel thick, on whole pixels (a hairline is never blurred away).
            let x = Int((offset + rule.x * scale).rounded()), y = Int((rule.y * scale).rounded())
            buffer.fill(x: x, y: y, width: max(1, Int((rule.width * scale).rounded())),
                        height: max(1, Int((rule.height * scale).rounded())), color: theme.ink)
        }
        for line in positioned.lines { draw(line.runs, color: theme.ink) }
        for label in [positioned.runningHead, positioned.pageNumber] {
            if let label { draw(label.runs, color: theme.quietInk) }
        }
    }

    /// Draws a page's pictures into the buffer at `scale` physical pixels a point, each
    /// rectangle rounded out to whole pixels: the picture, or a frame where it cannot be drawn.
    private func drawPictures(_ placed: [PlacedPicture], files: (any BookFiles)?, scale: Float, offset: Float, theme: Theme) {
        for picture in placed {
            let x = Int((offset + picture.x * scale).rounded()), y = Int((picture.y * scale).rounded())
            let key = PictureCache.key(of: picture, scale: scale)
            let w = key.width, h = key.height
            if let pixels = pictures.pixels(of: picture, key: key, files: files) {
                buffer.blend(picture: pixels, sourceWidth: w, sourceHeight: h, at: x, y)
            } else {
                buffer.frame(x: x, y: y, width: w, height: h, thickness: Int(scale.rounded()), color: theme.quietInk)
            }
        }
    }
}
