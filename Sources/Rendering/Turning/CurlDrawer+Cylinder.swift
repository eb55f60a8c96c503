import CSDL2
import PageTurner
import Reader

/// The cylinder curl: flat parts around the fold, the cast shadow, then the meshes, each mesh
/// pass one `SDL_RenderGeometry` call.
extension CurlDrawer {
    func drawCylinder(_ f: CylinderFrame, pages: Pages, theme: Theme, canvas: Canvas) {
        let turning = pages.texture(f.turningPage)
        let s = Float(canvas.scale)
        // The flat part of the turning page lies where it always was, and the page below shows
        // beyond the fold; only the lifted triangles of the front mesh are drawn over them.
        switch canvas.meshShading {
        case .tinted: drawAroundFold(f, turning: pages.page(f.turningPage), below: pages.page(f.pageBelow), canvas: canvas)
        case .overlaid: copyAroundFold(f, turning: pages.page(f.turningPage), below: pages.page(f.pageBelow), canvas: canvas)
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
        let washAlpha = Self.washAlpha(f.backWash)
        switch canvas.meshShading {
        case .tinted:
            drawMesh(f.front, texture: turning, scale: s, canvas: canvas, tint: .shade(alpha: 255)) { $0.position.z > 1e-9 }
            if let back = pages.turningBack {
                drawMesh(f.back, texture: back, scale: s, canvas: canvas, tint: .shade(alpha: 255))
            } else {
                // The back in two passes: the wash colour shaded, opaque; then the page shaded, with
                // alpha 1 − wash: (page·(1 − wash) + washColour·wash)·shade.
                drawMesh(f.back, texture: nil, scale: s, canvas: canvas, tint: .shadedColour(wash))
                drawMesh(f.back, texture: turning, scale: s, canvas: canvas, tint: .shade(alpha: 255 - washAlpha))
            }
        case .overlaid:
            drawMesh(f.front, texture: turning, scale: s, canvas: canvas) { $0.position.z > 1e-9 }
            shade(f.front, scale: s, canvas: canvas)
            if let back = pages.turningBack {
                drawMesh(f.back, texture: back, scale: s, canvas: canvas)
            } else {
                drawMesh(f.back, texture: turning, scale: s, canvas: canvas)
                drawMesh(f.back, texture: nil, scale: s, canvas: canvas,
                         tint: .plain(SDL_Color(r: wash.r, g: wash.g, b: wash.b, a: washAlpha)))
            }
            shade(f.back, scale: s, canvas: canvas)
        }
    }

    /// How far the back is washed towards the paper colour (`CylinderFrame.backWash`), as an alpha.
    static func washAlpha(_ backWash: Double) -> UInt8 { UInt8(max(0, min(255, backWash * 255))) }

    /// The colour of a mesh's vertices (which multiplies its texture, if any).
    enum MeshTint {
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

    /// The flat parts: the turning page's ink where (p − fold.point)·normal < 0, the page
    /// below's elsewhere, each page's ink rectangles cut by the fold line as textured polygons
    /// in one draw (on a GPU a triangle sampled at its own pixel centres is an exact copy, and
    /// shared edges have no gaps). The parts are disjoint, on the cleared frame's paper.
    private func drawAroundFold(_ f: CylinderFrame, turning: PageTextures.Composed?, below: PageTextures.Composed?, canvas: Canvas) {
        let size = f.pageSize
        guard size.width > 0, size.height > 0 else { return }
        let fold = f.fold
        let whole = PageInk.Rect(x: 0, y: 0, width: canvas.pixelWidth, height: canvas.pixelHeight)
        let pixels = (width: Double(canvas.pixelWidth), height: Double(canvas.pixelHeight))
        for (page, side) in [(turning, -1.0), (below, 1.0)] {
            guard let page else { continue }
            drawInk(page, inside: whole, originX: 0, textureSize: pixels, canvas: canvas) {
                side * ((($0.x - fold.point.x) * fold.normal.x) + ($0.y - fold.point.y) * fold.normal.y)
            }
        }
    }

    /// Copies the turning page on the near side of the fold and the page below on the far side,
    /// in strips of `strip` physical pixels; each strip's cut is the fold's farthest x in it
    /// (the lifted triangles drawn afterwards cover the few pixels beyond the line).
    private func copyAroundFold(_ f: CylinderFrame, turning: PageTextures.Composed?, below: PageTextures.Composed?,
                                canvas: Canvas, strip: Int32 = 4) {
        let s = canvas.scale
        let pw = Int32(canvas.pixelWidth), ph = Int32(canvas.pixelHeight)
        let rtl = f.rightToLeft
        let fold = f.fold
        // Onto paper: the strips are disjoint, and the meshes are drawn over them afterwards.
        func copy(_ page: PageTextures.Composed?, _ r: SDL_Rect) {
            page?.copyInk(inside: r, renderer: canvas.renderer)
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
    func drawMesh(_ mesh: CurlMesh, texture: OpaquePointer?, scale s: Float, canvas: Canvas,
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
        Self.forEachTrianglePiecesApart(mesh) { a, b, c in
            if keep.map({ $0(all[a]) || $0(all[b]) || $0(all[c]) }) ?? true {
                indices.append(Int32(a)); indices.append(Int32(b)); indices.append(Int32(c))
            }
        }
        geometry(texture: texture, canvas: canvas, opaque: tint.isOpaque)
    }

    /// Darkens the mesh by 1 − shade: black triangles whose alpha is the missing light, only
    /// where some corner is shaded.
    func shade(_ mesh: CurlMesh, scale s: Float, canvas: Canvas) {
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
        Self.forEachTrianglePiecesApart(mesh) { a, b, c in
            guard min(all[a].shade, all[b].shade, all[c].shade) < 0.995 else { return }
            indices.append(vertex(a)); indices.append(vertex(b)); indices.append(vertex(c))
        }
        geometry(texture: nil, canvas: canvas)
    }

    /// The mesh's triangles (vertex indices), every other one first, then the rest: the two
    /// triangles of a strip's piece are never next to each other. SDL's software renderer
    /// copies two consecutive triangles that make an axis-aligned rectangle of one colour (a
    /// piece of a vertical strip) as a rectangle, rounding its corner and its size separately,
    /// which drops a row or column of pixels (seams where the page below shows).
    private static func forEachTrianglePiecesApart(_ mesh: CurlMesh, _ body: (Int, Int, Int) -> Void) {
        let idx = mesh.indices
        for first in [0, 3] {
            var t = first
            while t + 2 < idx.count {
                body(Int(idx[t]), Int(idx[t + 1]), Int(idx[t + 2]))
                t += 6
            }
        }
    }
}
