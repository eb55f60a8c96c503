import CSDL2
import PageTurner

/// Copies of a page's ink alone (`PageInk`) onto pixels that already hold its paper: a
/// frame cleared to the theme's background, where no other page was copied. Every caller
/// says why the pixels under its copy are paper; the picture is then exactly that of a whole
/// copy, for the fill of the ink.
extension PageTextures.Composed {
    /// Copies the ink inside `part` (window pixels) of this texture, whose left edge lies at
    /// `originX` px in the window, `offset` px further along x.
    func copyInk(inside part: SDL_Rect, originX: Int32 = 0, offset: Int32 = 0, renderer: OpaquePointer) {
        guard part.w > 0, part.h > 0 else { return }
        let clip = PageInk.Rect(x: Int(part.x - originX), y: Int(part.y), width: Int(part.w), height: Int(part.h))
        ink.forEach(inside: clip) { r in
            var src = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
            var dst = SDL_Rect(x: src.x + originX + offset, y: src.y, w: src.w, h: src.h)
            SDL_RenderCopy(renderer, texture, &src, &dst)
        }
    }
}

extension CurlDrawer {
    /// Draws, in one geometry call, the ink of `composed` inside `clip` (texture pixels) on the
    /// side of a line where `keep` (of a point in the window, in points) is ≥ 0: each ink
    /// rectangle cut by the line, as a textured polygon (an exact copy on a GPU). The
    /// texture's left edge lies at `originX` px in the window; `textureSize` is its size in px.
    func drawInk(_ composed: PageTextures.Composed, inside clip: PageInk.Rect, originX: Double,
                 textureSize: (width: Double, height: Double), canvas: Canvas, keep: (Point) -> Double) {
        let s = canvas.scale
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        composed.ink.forEach(inside: clip) { ink in
            let x0 = (Double(ink.x) + originX) / s, x1 = (Double(ink.maxX) + originX) / s
            let y0 = Double(ink.y) / s, y1 = Double(ink.maxY) / s
            let polygon = clipPolygon([Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)],
                                      distance: keep)
            guard polygon.count >= 3 else { return }
            let first = Int32(vertices.count)
            for p in polygon {
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(p.x * s), y: Float(p.y * s)),
                                           color: SDL_Color(r: 255, g: 255, b: 255, a: 255),
                                           tex_coord: SDL_FPoint(x: Float((p.x * s - originX) / textureSize.width),
                                                                 y: Float(p.y * s / textureSize.height))))
            }
            for i in 1..<(Int32(polygon.count) - 1) { indices += [first, first + i, first + i + 1] }
        }
        geometry(texture: composed.texture, canvas: canvas, opaque: true)
    }
}
