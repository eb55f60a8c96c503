import CSDL2
import PageTurner
import Reader

/// A spread's leaf round a cylinder (`CylinderLeafFrame`): the far page still, the turning
/// leaf's flat part and the revealed page on either side of the fold, the cast shadow, the
/// lifted front, then the back, the far page of the target spread lit by the cylinder's shade.
extension SpreadDrawer {
    func drawCylinderLeaf(_ f: CylinderLeafFrame, from: Int, incoming: Int, drawer: CurlDrawer) {
        let side = f.side, far = side.opposite
        let front = texture(page(of: from, on: side), side)
        let revealed = incoming >= 0 ? texture(page(of: incoming, on: side), side) : nil
        let back = incoming >= 0 ? texture(page(of: incoming, on: far), far) : nil
        copy(page(of: from, on: far), far, part: leafPixels(far))
        switch canvas.meshShading {
        case .tinted: drawFlatParts(f, near: front, beyond: revealed, drawer: drawer)
        case .overlaid: copyFlatParts(f, near: front, beyond: revealed)
        }
        let s = Float(canvas.scale)
        if let shadow = f.shadow, shadow.quad.count == 4 {
            drawer.vertices.removeAll(keepingCapacity: true)
            for (i, p) in shadow.quad.enumerated() {
                let a = i < 2 ? shadow.innerAlpha : shadow.outerAlpha
                drawer.vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(p.x) * s, y: Float(p.y) * s),
                                                  color: SDL_Color(r: 0, g: 0, b: 0, a: UInt8(max(0, min(255, a * 255)))),
                                                  tex_coord: SDL_FPoint()))
            }
            drawer.indices = [0, 1, 2, 0, 2, 3]
            drawer.geometry(texture: nil, canvas: canvas)
        }
        switch canvas.meshShading {
        case .tinted:
            drawer.drawMesh(f.front, texture: front?.texture, scale: s, canvas: canvas, tint: .shade(alpha: 255)) { $0.position.z > 1e-9 }
            drawer.drawMesh(f.back, texture: back?.texture, scale: s, canvas: canvas, tint: .shade(alpha: 255))
        case .overlaid:
            drawer.drawMesh(f.front, texture: front?.texture, scale: s, canvas: canvas) { $0.position.z > 1e-9 }
            drawer.shade(f.front, scale: s, canvas: canvas)
            drawer.drawMesh(f.back, texture: back?.texture, scale: s, canvas: canvas)
            drawer.shade(f.back, scale: s, canvas: canvas)
        }
        drawSpine(drawer)
    }

    /// The turning leaf cut by the fold: each page's ink on its side of the fold, one geometry
    /// call per page. The far leaf lies elsewhere, so the pixels under the leaf are paper.
    private func drawFlatParts(_ f: CylinderLeafFrame, near: PageTextures.Composed?, beyond: PageTextures.Composed?,
                               drawer: CurlDrawer) {
        let origin = f.side == .left ? 0 : spine
        let leaf = leafPixels(f.side)
        let inLeaf = PageInk.Rect(x: Int(leaf.x - origin), y: 0, width: Int(leaf.w), height: Int(leaf.h))
        let size = (width: Double(PageTextures.leafPixelWidth(geometry, canvas)), height: Double(canvas.pixelHeight))
        for (composed, sign) in [(near, -1.0), (beyond, 1.0)] {
            guard let composed else { continue }
            drawer.drawInk(composed, inside: inLeaf, originX: Double(origin), textureSize: size, canvas: canvas) {
                sign * f.distanceFromFold($0)
            }
        }
    }

    /// The same with pixel copies in bands `band` px high, each cut where the fold leaves the
    /// band on the lifted side (the meshes drawn afterwards cover the pixels between).
    private func copyFlatParts(_ f: CylinderLeafFrame, near: PageTextures.Composed?, beyond: PageTextures.Composed?,
                               band: Int32 = 4) {
        let leaf = leafPixels(f.side)
        let s = canvas.scale
        let fold = f.fold
        let towardsSpine = f.side == .right ? -1.0 : 1.0
        // The fold's x at height y (px); a fold that does not cross the band's rows lies beyond
        // the leaf on one side.
        func foldX(_ y: Int32) -> Double {
            guard abs(fold.normal.x) > 1e-9 else { return fold.normal.y * towardsSpine > 0 ? -1e9 : 1e9 }
            let yy = Double(y) / s
            return (fold.point.x - (yy - fold.point.y) * fold.normal.y / fold.normal.x) * s
        }
        var y: Int32 = 0
        while y < leaf.h {
            let h = min(band, leaf.h - y)
            let a = foldX(y), b = foldX(y + h)
            // Right leaf: the flat front runs from the spine to the fold's larger x in the band.
            let cut = f.side == .right ? max(a, b).rounded(.up) : min(a, b).rounded(.down)
            let x = Int32(max(Double(leaf.x), min(Double(leaf.x + leaf.w), cut)))
            let spineSide = f.side == .right ? SDL_Rect(x: leaf.x, y: y, w: x - leaf.x, h: h)
                : SDL_Rect(x: x, y: y, w: leaf.x + leaf.w - x, h: h)
            let outerSide = f.side == .right ? SDL_Rect(x: x, y: y, w: leaf.x + leaf.w - x, h: h)
                : SDL_Rect(x: leaf.x, y: y, w: x - leaf.x, h: h)
            copy(near, f.side, part: spineSide)
            copy(beyond, f.side, part: outerSide)
            y += h
        }
    }
}
