import CSDL2
import PageTurner
import Reader

/// Draws exactly what the curl models return (`TurnFrame`), in physical pixels.
///
/// - `classic`: the layers in the frame's order: pages copied whole or clipped, the back page
///   (the turning page's strip beyond the edge, flipped, then washed towards the paper) and
///   the two gradient bands as blended quads, one per pair of stops.
/// - `cylinder`: the flat parts (the turning page before the fold, the page below beyond it),
///   the cast shadow, then the lifted front and the back meshes, each pass one
///   `SDL_RenderGeometry` call (the meshes' `covered` part, under the back, is left out). The
///   back is textured with the turning page washed once (`PageTextures.washed`). How depends
///   on the canvas's `MeshShading`: a GPU tints the textured meshes with their shade (vertex
///   colours are free there, and every pass over the pixels costs fill rate); SDL's software
///   renderer, several times slower for a textured mesh with per-vertex colours, draws the
///   meshes in one plain colour and the shading afterwards as separate black triangles over
///   the curved part only, the strips cut into rows (`Canvas.cylinderRows`).
/// - `slide`: both pages copied at their offsets; `none`: the current page.
final class CurlDrawer {
    /// Scratch buffers for `SDL_RenderGeometry`, reused from draw to draw.
    var vertices: [SDL_Vertex] = []
    var indices: [Int32] = []

    /// The pages as textures with their ink (nil draws nothing for that page).
    struct Pages {
        var current: PageTextures.Composed?
        var incoming: PageTextures.Composed?
        /// The cylinder's turning page washed for its back (`PageTextures.washed`); without it
        /// the wash is drawn over the back every frame.
        var turningBack: OpaquePointer?

        func page(_ role: PageRole) -> PageTextures.Composed? { role == .current ? current : incoming }
        func texture(_ role: PageRole) -> OpaquePointer? { page(role)?.texture }
    }

    /// The canvas generation whose renderer has drawn every kind of turn once.
    private var warmedGeneration: Int?

    /// On a GPU, draws a classic and a cylinder turn once into the back buffer (never shown),
    /// so the renderer prepares everything they need now: Mesa's llvmpipe compiles a shader the
    /// first time a kind of draw is asked for, which otherwise lands on a turn's first frame
    /// (about 10 ms). Once per renderer; true when it drew (the caller redraws before showing).
    func warmUp(pages: Pages, theme: Theme, on canvas: Canvas) -> Bool {
        guard canvas.isAccelerated, warmedGeneration != canvas.generation, pages.current != nil else { return false }
        warmedGeneration = canvas.generation
        let size = canvas.logicalSize
        let pose = TurnPose(page: size, direction: .next, progress: 0.4, grabY: size.height * 0.8)
        for model in [CurlModel.classic, .cylinder] {
            draw(CurlRenderer(model: model).frame(page: size, pose: pose), pages: pages, theme: theme, on: canvas)
        }
        canvas.sync()
        return true
    }

    /// Draws a still page onto its paper (the cleared frame).
    func drawPage(_ page: PageTextures.Composed?, on canvas: Canvas) {
        page?.copyInk(inside: SDL_Rect(x: 0, y: 0, w: Int32(canvas.pixelWidth), h: Int32(canvas.pixelHeight)),
                      renderer: canvas.renderer)
    }

    func draw(_ frame: TurnFrame, pages: Pages, theme: Theme, on canvas: Canvas) {
        switch frame {
        case .classic(let c): drawClassic(c, pages: pages, theme: theme, canvas: canvas)
        case .cylinder(let c): drawCylinder(c, pages: pages, theme: theme, canvas: canvas)
        case .slide(let s):
            copy(pages.current, offset: s.currentOffset, canvas: canvas)
            copy(pages.incoming, offset: s.incomingOffset, canvas: canvas)
        case .none(let s):
            drawPage(pages.page(s.shown), on: canvas)
        }
    }

    // MARK: - classic

    private func drawClassic(_ f: ClassicFrame, pages: Pages, theme: Theme, canvas: Canvas) {
        let s = canvas.scale
        let renderer = canvas.renderer
        let turning = pages.texture(f.clippedPage)
        for layer in f.layers {
            switch layer {
            case .incomingPage, .currentPage:
                // Each page only where nothing opaque is drawn over it later: the whole page
                // outside the clip, the clipped page outside the back (fill rate is what a
                // frame costs on a GPU without one); and only its ink, the parts being disjoint
                // and the frame cleared to their paper.
                let role: PageRole = layer == .incomingPage ? .incoming : .current
                guard let page = pages.page(role) else { continue }
                let full = SDL_Rect(x: 0, y: 0, w: Int32(canvas.pixelWidth), h: Int32(canvas.pixelHeight))
                let visible: [SDL_Rect]
                if role == f.clippedPage {
                    guard let clip = pixelRect(f.clip, scale: s, canvas: canvas) else { continue }
                    let back = f.layers.contains(.backPage) ? pixelRect(f.backPage, scale: s, canvas: canvas) : nil
                    visible = back.map { subtract($0, from: clip) } ?? [clip]
                } else {
                    visible = pixelRect(f.clip, scale: s, canvas: canvas).map { subtract($0, from: full) } ?? [full]
                }
                for r in visible { page.copyInk(inside: r, renderer: renderer) }
            case .backPage:
                guard let texture = turning, var dst = pixelRect(f.backPage, scale: s, canvas: canvas) else { continue }
                // The paper beyond the edge, folded over: the frame's source strip, flipped.
                var src = Self.backSourcePixels(f, back: dst, scale: s, pixelWidth: canvas.pixelWidth)
                SDL_RenderCopyEx(renderer, texture, &src, &dst, 0, nil, SDL_FLIP_HORIZONTAL)
                fill(dst, color: theme.wash, alpha: 0.6, canvas: canvas)
            case .marginBand:
                drawBand(f.marginBand, opacity: f.bandOpacity, canvas: canvas)
            case .shadowBand:
                drawBand(f.shadowBand, opacity: f.bandOpacity, canvas: canvas)
            }
        }
    }

    /// The pixels the back copies from (`ClassicFrame.backSource`), for `back`, the back's
    /// pixels on the canvas: exactly as many as `back` has (the copy is never scaled), counted
    /// from the strip's end at the fold (its left end left to right, its right end right to
    /// left), kept inside the canvas (rounding to pixels can push the strip one past its end).
    static func backSourcePixels(_ f: ClassicFrame, back: SDL_Rect, scale s: Double, pixelWidth: Int) -> SDL_Rect {
        let foldEnd = Int32(((f.rightToLeft ? f.backSource.maxX : f.backSource.minX) * s).rounded())
        let x = f.rightToLeft ? foldEnd - back.w : foldEnd
        return SDL_Rect(x: max(0, min(x, Int32(pixelWidth) - back.w)), y: back.y, w: back.w, h: back.h)
    }

    /// A horizontal gradient: one quad per pair of neighbouring stops, colours interpolated.
    func drawBand(_ band: GradientBand, opacity: Double, canvas: Canvas) {
        let s = canvas.scale
        guard band.rect.width > 0, band.stops.count >= 2, opacity > 0 else { return }
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        let y0 = Float(band.rect.minY * s), y1 = Float(band.rect.maxY * s)
        for stop in band.stops {
            let x = Float((band.rect.x + stop.position * band.rect.width) * s)
            let grey = UInt8(max(0, min(255, (stop.white * 255).rounded())))
            let alpha = UInt8(max(0, min(255, (stop.alpha * opacity * 255).rounded())))
            let colour = SDL_Color(r: grey, g: grey, b: grey, a: alpha)
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: x, y: y0), color: colour, tex_coord: SDL_FPoint()))
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: x, y: y1), color: colour, tex_coord: SDL_FPoint()))
        }
        for i in 0..<(band.stops.count - 1) {
            let a = Int32(2 * i)
            indices += [a, a + 2, a + 3, a, a + 3, a + 1]
        }
        geometry(texture: nil, canvas: canvas)
    }

    // MARK: - helpers

    /// Copies `page`'s ink `offset` points along x (a slide's pages are disjoint, on paper).
    private func copy(_ page: PageTextures.Composed?, offset: Double, canvas: Canvas) {
        page?.copyInk(inside: SDL_Rect(x: 0, y: 0, w: Int32(canvas.pixelWidth), h: Int32(canvas.pixelHeight)),
                      offset: Int32((offset * canvas.scale).rounded()), renderer: canvas.renderer)
    }

    /// Draws `vertices` and `indices`. An untextured mesh blends unless `opaque`; a textured one
    /// blends by its vertices' alpha when `opaque` is false (page textures are opaque and copy
    /// without blending otherwise).
    func geometry(texture: OpaquePointer?, canvas: Canvas, opaque: Bool = false) {
        guard !indices.isEmpty else { return }
        let mode = opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND
        if let texture {
            SDL_SetTextureBlendMode(texture, mode)
        } else {
            SDL_SetRenderDrawBlendMode(canvas.renderer, mode)
        }
        SDL_RenderGeometry(canvas.renderer, texture, vertices, Int32(vertices.count), indices, Int32(indices.count))
        if let texture, !opaque { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) }
    }

    /// A blended fill.
    func fill(_ rect: SDL_Rect, color: RGB, alpha: Double, canvas: Canvas) {
        var r = rect
        SDL_SetRenderDrawBlendMode(canvas.renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(canvas.renderer, color.r, color.g, color.b, UInt8(max(0, min(255, alpha * 255))))
        SDL_RenderFillRect(canvas.renderer, &r)
    }

    /// `r` without `hole`: up to four rectangles (above, below, left and right of the hole).
    func subtract(_ hole: SDL_Rect, from r: SDL_Rect) -> [SDL_Rect] {
        let hx0 = max(hole.x, r.x), hx1 = min(hole.x + hole.w, r.x + r.w)
        let hy0 = max(hole.y, r.y), hy1 = min(hole.y + hole.h, r.y + r.h)
        guard hx1 > hx0, hy1 > hy0 else { return [r] }
        let pieces = [SDL_Rect(x: r.x, y: r.y, w: r.w, h: hy0 - r.y),
                      SDL_Rect(x: r.x, y: hy1, w: r.w, h: r.y + r.h - hy1),
                      SDL_Rect(x: r.x, y: hy0, w: hx0 - r.x, h: hy1 - hy0),
                      SDL_Rect(x: hx1, y: hy0, w: r.x + r.w - hx1, h: hy1 - hy0)]
        return pieces.filter { $0.w > 0 && $0.h > 0 }
    }

    /// The part of a convex polygon where `distance` ≥ 0 (one Sutherland–Hodgman step).
    func clipPolygon(_ polygon: [Point], distance: (Point) -> Double) -> [Point] {
        var out: [Point] = []
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let da = distance(a), db = distance(b)
            if da >= 0 { out.append(a) }
            if (da >= 0) != (db >= 0) {
                let t = da / (da - db)
                out.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        return out
    }

    /// A page-coordinate rectangle in whole physical pixels, clipped to the canvas; nil when empty.
    private func pixelRect(_ r: Rect, scale s: Double, canvas: Canvas) -> SDL_Rect? {
        let x0 = max(0, Int32((r.minX * s).rounded())), x1 = min(Int32(canvas.pixelWidth), Int32((r.maxX * s).rounded()))
        let y0 = max(0, Int32((r.minY * s).rounded())), y1 = min(Int32(canvas.pixelHeight), Int32((r.maxY * s).rounded()))
        guard x1 > x0, y1 > y0 else { return nil }
        return SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }
}
