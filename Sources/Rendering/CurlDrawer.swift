import CSDL2
import PageTurner

/// Draws exactly what the curl models return (`TurnFrame`), in physical pixels.
///
/// - `classic`: the layers in the frame's order: pages copied whole or clipped, the back page
///   (the turning page's strip beyond the edge, flipped, then washed towards the paper) and
///   the two gradient bands as blended quads, one per pair of stops.
/// - `cylinder`: the flat parts (the turning page before the fold, the page below beyond it),
///   the cast shadow, then the lifted front and the back meshes with `SDL_RenderGeometry`.
///   How depends on the canvas's `MeshShading`: a GPU tints the textured meshes with their
///   shade (vertex colours are free there, and every pass over the pixels costs fill rate);
///   SDL's software renderer, several times slower for a textured mesh with per-vertex
///   colours, draws the meshes in one plain colour and the shading afterwards as separate
///   black triangles over the curved part only.
/// - `slide`: both pages copied at their offsets; `none`: the current page.
final class CurlDrawer {
    private var vertices: [SDL_Vertex] = []
    private var indices: [Int32] = []

    /// The pages as textures (nil draws nothing for that page).
    struct Pages {
        var current: OpaquePointer?
        var incoming: OpaquePointer?

        func texture(_ role: PageRole) -> OpaquePointer? { role == .current ? current : incoming }
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
        let renderer = CurlRenderer(model: .classic)
        draw(renderer.frame(page: size, pose: pose), pages: pages, theme: theme, on: canvas)
        var cylinder = CylinderFrame()
        renderer.cylinder.frame(page: size, pose: pose, into: &cylinder)
        draw(.cylinder(cylinder), pages: pages, theme: theme, on: canvas)
        canvas.sync()
        return true
    }

    /// Draws a still page.
    func drawPage(_ texture: OpaquePointer?, on canvas: Canvas) {
        guard let texture else { return }
        SDL_RenderCopy(canvas.renderer, texture, nil, nil)
    }

    func draw(_ frame: TurnFrame, pages: Pages, theme: Theme, on canvas: Canvas) {
        switch frame {
        case .classic(let c): drawClassic(c, pages: pages, theme: theme, canvas: canvas)
        case .cylinder(let c): drawCylinder(c, pages: pages, theme: theme, canvas: canvas)
        case .slide(let s):
            copy(pages.current, offset: s.currentOffset, canvas: canvas)
            copy(pages.incoming, offset: s.incomingOffset, canvas: canvas)
        case .none(let s):
            drawPage(pages.texture(s.shown), on: canvas)
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
                // frame costs on a GPU without one).
                let role: PageRole = layer == .incomingPage ? .incoming : .current
                guard let texture = pages.texture(role) else { continue }
                let full = SDL_Rect(x: 0, y: 0, w: Int32(canvas.pixelWidth), h: Int32(canvas.pixelHeight))
                let visible: [SDL_Rect]
                if role == f.clippedPage {
                    guard let clip = pixelRect(f.clip, scale: s, canvas: canvas) else { continue }
                    let back = f.layers.contains(.backPage) ? pixelRect(f.backPage, scale: s, canvas: canvas) : nil
                    visible = back.map { subtract($0, from: clip) } ?? [clip]
                } else {
                    visible = pixelRect(f.clip, scale: s, canvas: canvas).map { subtract($0, from: full) } ?? [full]
                }
                for r in visible {
                    var src = r, dst = r
                    SDL_RenderCopy(renderer, texture, &src, &dst)
                }
            case .backPage:
                guard let texture = turning, var dst = pixelRect(f.backPage, scale: s, canvas: canvas) else { continue }
                // The paper beyond the edge, folded over: the strip on the far side of the
                // edge, as wide as the back, mirrored about the edge.
                // Right to left the turning page lies right of the edge and the strip is to its
                // left: as wide as the back on screen (clipped at the page's end).
                let rtl = f.clip.minX > 0
                let edge = Int32((f.edgeX * s).rounded())
                var src = SDL_Rect(x: rtl ? edge - dst.w : edge, y: dst.y, w: dst.w, h: dst.h)
                src.x = max(0, min(src.x, Int32(canvas.pixelWidth) - src.w))
                SDL_RenderCopyEx(renderer, texture, &src, &dst, 0, nil, SDL_FLIP_HORIZONTAL)
                fill(dst, color: theme.wash, alpha: 0.6, canvas: canvas)
            case .marginBand:
                drawBand(f.marginBand, opacity: f.bandOpacity, canvas: canvas)
            case .shadowBand:
                drawBand(f.shadowBand, opacity: f.bandOpacity, canvas: canvas)
            }
        }
    }

    /// A horizontal gradient: one quad per pair of neighbouring stops, colours interpolated.
    private func drawBand(_ band: GradientBand, opacity: Double, canvas: Canvas) {
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

    // MARK: - cylinder

    private func drawCylinder(_ f: CylinderFrame, pages: Pages, theme: Theme, canvas: Canvas) {
        let turning = pages.texture(f.turningPage)
        let s = Float(canvas.scale)
        // The flat part of the turning page lies where it always was, and the page below shows
        // beyond the fold; only the lifted triangles of the front mesh are drawn over them.
        switch canvas.meshShading {
        case .tinted: drawAroundFold(f, turning: turning, below: pages.texture(f.pageBelow), canvas: canvas)
        case .overlaid: copyAroundFold(f, turning: turning, below: pages.texture(f.pageBelow), canvas: canvas)
        }
        if let shadow = f.shadow, shadow.quad.count == 4 {
            vertices.removeAll(keepingCapacity: true)
            indices.removeAll(keepingCapacity: true)
            for (i, p) in shadow.quad.enumerated() {
                let a = i < 2 ? shadow.innerAlpha : shadow.outerAlpha
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(p.x) * s, y: Float(p.y) * s),
                                           color: SDL_Color(r: 0, g: 0, b: 0, a: UInt8(max(0, min(255, a * 255)))),
                                           tex_coord: SDL_FPoint()))
            }
            indices = [0, 1, 2, 0, 2, 3]
            geometry(texture: nil, canvas: canvas)
        }
        let wash = theme.wash
        let washAlpha = UInt8(max(0, min(255, f.backWash * 255)))
        switch canvas.meshShading {
        case .tinted:
            // The back in two passes: the wash colour shaded, opaque; then the page shaded, with
            // alpha 1 − wash: (page·(1 − wash) + washColour·wash)·shade, as the three passes below.
            drawMesh(f.front, texture: turning, scale: s, canvas: canvas, tint: .shade(alpha: 255)) { $0.position.z > 1e-9 }
            drawMesh(f.back, texture: nil, scale: s, canvas: canvas, tint: .shadedColour(wash))
            drawMesh(f.back, texture: turning, scale: s, canvas: canvas, tint: .shade(alpha: 255 - washAlpha))
        case .overlaid:
            drawMesh(f.front, texture: turning, scale: s, canvas: canvas) { $0.position.z > 1e-9 }
            shade(f.front, scale: s, canvas: canvas)
            drawMesh(f.back, texture: turning, scale: s, canvas: canvas)
            drawMesh(f.back, texture: nil, scale: s, canvas: canvas,
                     tint: .plain(SDL_Color(r: wash.r, g: wash.g, b: wash.b, a: washAlpha)))
            shade(f.back, scale: s, canvas: canvas)
        }
    }

    /// The colour of a mesh's vertices (which multiplies its texture, if any).
    private enum MeshTint {
        /// One colour for every vertex.
        case plain(SDL_Color)
        /// White times each vertex's shade, with this alpha.
        case shade(alpha: UInt8)
        /// `colour` times each vertex's shade, opaque.
        case shadedColour(RGB)

        /// Whether every vertex is opaque (drawn without blending).
        var isOpaque: Bool {
            switch self {
            case .plain(let c): return c.a == 255
            case .shade(let alpha): return alpha == 255
            case .shadedColour: return true
            }
        }

        @inline(__always)
        func colour(for v: CurlVertex) -> SDL_Color {
            switch self {
            case .plain(let c): return c
            case .shade(let alpha):
                let g = UInt8(max(0, min(255, (v.shade * 255).rounded())))
                return SDL_Color(r: g, g: g, b: g, a: alpha)
            case .shadedColour(let c):
                let k = max(0, min(1, v.shade))
                return SDL_Color(r: UInt8((Double(c.r) * k).rounded()), g: UInt8((Double(c.g) * k).rounded()),
                                 b: UInt8((Double(c.b) * k).rounded()), a: 255)
            }
        }
    }

    /// The flat parts as two textured polygons, the page rectangle cut by the fold line: the
    /// turning page where (p − fold.point)·normal < 0, the page below elsewhere. On a GPU a
    /// triangle sampled at its own pixel centres is an exact copy, and shared edges have no
    /// gaps; two draws instead of hundreds of strip copies.
    private func drawAroundFold(_ f: CylinderFrame, turning: OpaquePointer?, below: OpaquePointer?, canvas: Canvas) {
        let size = f.pageSize
        guard size.width > 0, size.height > 0 else { return }
        let fold = f.fold
        let corners = [Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: size.width, y: size.height), Point(x: 0, y: size.height)]
        let s = Float(canvas.scale)
        for (texture, side) in [(turning, -1.0), (below, 1.0)] {
            guard let texture else { continue }
            let polygon = clipPolygon(corners) { side * ((($0.x - fold.point.x) * fold.normal.x) + ($0.y - fold.point.y) * fold.normal.y) }
            guard polygon.count >= 3 else { continue }
            vertices.removeAll(keepingCapacity: true)
            indices.removeAll(keepingCapacity: true)
            for p in polygon {
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(p.x) * s, y: Float(p.y) * s),
                                           color: SDL_Color(r: 255, g: 255, b: 255, a: 255),
                                           tex_coord: SDL_FPoint(x: Float(p.x / size.width), y: Float(p.y / size.height))))
            }
            for i in 1..<(Int32(polygon.count) - 1) { indices += [0, i, i + 1] }
            geometry(texture: texture, canvas: canvas, opaque: true)
        }
    }

    /// Copies the turning page on the near side of the fold and the page below on the far side,
    /// in strips of `strip` physical pixels; each strip's cut is the fold's farthest x in it
    /// (the lifted triangles drawn afterwards cover the few pixels beyond the line).
    private func copyAroundFold(_ f: CylinderFrame, turning: OpaquePointer?, below: OpaquePointer?, canvas: Canvas,
                                strip: Int32 = 4) {
        let s = canvas.scale
        let pw = Int32(canvas.pixelWidth), ph = Int32(canvas.pixelHeight)
        let rtl = f.rightToLeft
        let fold = f.fold
        func copy(_ texture: OpaquePointer?, _ r: SDL_Rect) {
            guard let texture, r.w > 0, r.h > 0 else { return }
            var src = r, dst = r
            SDL_RenderCopy(canvas.renderer, texture, &src, &dst)
        }
        guard f.foldSegment != nil, abs(fold.normal.x) > 1e-6 else {
            // The fold is off the page: all of it is the flat turning page (not reached yet)
            // or the page below (passed).
            let notReached = rtl ? fold.point.x < 0 : fold.point.x > f.pageSize.width
            copy(notReached ? turning : below, SDL_Rect(x: 0, y: 0, w: pw, h: ph))
            return
        }
        func foldX(_ yPixels: Int32) -> Double {
            let y = Double(yPixels) / s
            return (fold.point.x - (y - fold.point.y) * fold.normal.y / fold.normal.x) * s
        }
        // Neighbouring strips with the same cut are copied together (a vertical fold: two copies).
        func copyRun(_ y0: Int32, _ y1: Int32, _ x: Int32) {
            if rtl {
                copy(below, SDL_Rect(x: 0, y: y0, w: x, h: y1 - y0))
                copy(turning, SDL_Rect(x: x, y: y0, w: pw - x, h: y1 - y0))
            } else {
                copy(turning, SDL_Rect(x: 0, y: y0, w: x, h: y1 - y0))
                copy(below, SDL_Rect(x: x, y: y0, w: pw - x, h: y1 - y0))
            }
        }
        var y: Int32 = 0
        var runStart: Int32 = 0
        var runX: Int32 = -1
        while y < ph {
            let h = min(strip, ph - y)
            let a = foldX(y), b = foldX(y + h)
            let x = Int32(max(0, min(Double(pw), (rtl ? min(a, b) : max(a, b)).rounded(rtl ? .down : .up))))
            if x != runX {
                if runX >= 0 { copyRun(runStart, y, runX) }
                runStart = y
                runX = x
            }
            y += h
        }
        if runX >= 0 { copyRun(runStart, ph, runX) }
    }

    /// The mesh tinted by `tint` (white over a texture by default, the texture as it is).
    /// `keep`: draw only the triangles with a corner it accepts (all of them by default).
    private func drawMesh(_ mesh: CurlMesh, texture: OpaquePointer?, scale s: Float, canvas: Canvas,
                          tint: MeshTint = .plain(SDL_Color(r: 255, g: 255, b: 255, a: 255)),
                          keep: ((CurlVertex) -> Bool)? = nil) {
        guard mesh.triangleCount > 0 else { return }
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        for v in mesh.vertices {
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(v.position.x) * s, y: Float(v.position.y) * s),
                                       color: tint.colour(for: v), tex_coord: SDL_FPoint(x: Float(v.texture.x), y: Float(v.texture.y))))
        }
        let all = mesh.vertices
        Self.forEachTriangleCellsApart(mesh) { a, b, c in
            if keep.map({ $0(all[a]) || $0(all[b]) || $0(all[c]) }) ?? true {
                indices.append(Int32(a)); indices.append(Int32(b)); indices.append(Int32(c))
            }
        }
        geometry(texture: texture, canvas: canvas, opaque: tint.isOpaque)
    }

    /// Darkens the mesh by 1 − shade: black triangles whose alpha is the missing light, only
    /// where some corner is shaded.
    private func shade(_ mesh: CurlMesh, scale s: Float, canvas: Canvas) {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        let all = mesh.vertices
        var used = [Int32](repeating: -1, count: all.count)
        func vertex(_ k: Int) -> Int32 {
            if used[k] < 0 {
                used[k] = Int32(vertices.count)
                let v = all[k]
                let dark = UInt8(max(0, min(255, ((1 - v.shade) * 255).rounded())))
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(v.position.x) * s, y: Float(v.position.y) * s),
                                           color: SDL_Color(r: 0, g: 0, b: 0, a: dark), tex_coord: SDL_FPoint()))
            }
            return used[k]
        }
        Self.forEachTriangleCellsApart(mesh) { a, b, c in
            guard min(all[a].shade, all[b].shade, all[c].shade) < 0.995 else { return }
            indices.append(vertex(a)); indices.append(vertex(b)); indices.append(vertex(c))
        }
        geometry(texture: nil, canvas: canvas)
    }

    // MARK: - helpers

    /// The mesh's triangles (vertex indices), every other one first, then the rest: a cell's
    /// two triangles are never next to each other. SDL's software renderer copies two
    /// consecutive triangles that make an axis-aligned rectangle of one colour as a rectangle,
    /// rounding its corner and its size separately, which drops a row or column of pixels
    /// (seams where the page below shows).
    private static func forEachTriangleCellsApart(_ mesh: CurlMesh, _ body: (Int, Int, Int) -> Void) {
        let idx = mesh.indices
        for first in [0, 3] {
            var t = first
            while t + 2 < idx.count {
                body(Int(idx[t]), Int(idx[t + 1]), Int(idx[t + 2]))
                t += 6
            }
        }
    }

    private func copy(_ texture: OpaquePointer?, offset: Double, canvas: Canvas) {
        guard let texture else { return }
        var dst = SDL_Rect(x: Int32((offset * canvas.scale).rounded()), y: 0,
                           w: Int32(canvas.pixelWidth), h: Int32(canvas.pixelHeight))
        SDL_RenderCopy(canvas.renderer, texture, nil, &dst)
    }

    /// Draws `vertices` and `indices`. An untextured mesh blends unless `opaque`; a textured one
    /// blends by its vertices' alpha when `opaque` is false (page textures are opaque and copy
    /// without blending otherwise).
    private func geometry(texture: OpaquePointer?, canvas: Canvas, opaque: Bool = false) {
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
    private func subtract(_ hole: SDL_Rect, from r: SDL_Rect) -> [SDL_Rect] {
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
    private func clipPolygon(_ polygon: [Point], distance: (Point) -> Double) -> [Point] {
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
