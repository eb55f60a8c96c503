/// The cylinder model for a spread's leaf: the leaf wraps round a cylinder whose axis is
/// perpendicular to the drag, as a page does (`CylinderCurl`), hinged at the spine; its back is
/// the far page of the target spread.
extension LeafTurn {
    /// The cylinder frame for this leaf, in window coordinates, its meshes textured from leaf
    /// textures (`CylinderLeafFrame`). `scratch` is the leaf-frame curl whose buffers are
    /// reused from frame to frame; `curl.rows` cuts the strips for a renderer that needs it.
    ///
    /// In the leaf's own frame (x from the spine), a page of the leaf's width turned as a
    /// `next` page lands a full width beyond its left edge: on the far leaf, where the
    /// spread's other page lies. A paper point at x from the spine shows, on its back, the far
    /// page's point as far from the spine: x into the right leaf's texture (counted from the
    /// spine), leafWidth − x into the left leaf's (counted from its outer edge).
    public func cylinder(_ curl: CylinderCurl, scratch: inout CylinderFrame) -> CylinderLeafFrame {
        curl.frame(page: geometry.leafSize, pose: leafPose, into: &scratch)
        let f = scratch.fold
        let mirrored = side == .left
        let fold = Fold(point: Point(x: windowX(f.point.x), y: f.point.y),
                        normal: Point(x: mirrored ? -f.normal.x : f.normal.x, y: f.normal.y), radius: f.radius)
        // Texture x across each leaf texture: the left leaf's runs from the outer edge.
        let frontFlipped = mirrored, backFlipped = !mirrored
        let shadow = scratch.shadow.map {
            CurlShadow(quad: $0.quad.map { Point(x: windowX($0.x), y: $0.y) }, innerAlpha: $0.innerAlpha, outerAlpha: $0.outerAlpha)
        }
        return CylinderLeafFrame(side: side, leaf: geometry.leaf(side), fold: fold,
                                 front: placed(scratch.front, textureFlipped: frontFlipped),
                                 back: placed(scratch.back, textureFlipped: backFlipped),
                                 shadow: shadow, radius: f.radius)
    }

    /// `mesh` of the leaf's frame moved into the window, its texture x flipped when asked.
    private func placed(_ mesh: CurlMesh, textureFlipped: Bool) -> CurlMesh {
        var out = CurlMesh()
        out.indices = mesh.indices
        out.vertices = mesh.vertices.map { v in
            CurlVertex(position: Point3(x: windowX(v.position.x), y: v.position.y, z: v.position.z),
                       texture: Point(x: textureFlipped ? 1 - v.texture.x : v.texture.x, y: v.texture.y), shade: v.shade)
        }
        return out
    }
}

/// What the cylinder model draws for a leaf, in window coordinates. Draw the far leaf's still
/// page, the turning leaf's flat part (where `(p − fold.point)·fold.normal < 0`, the turning
/// page) and beyond the fold the revealed page, then the shadow, the lifted part of `front`,
/// then `back`.
public struct CylinderLeafFrame: Sendable {
    /// The turning leaf.
    public var side: LeafSide
    /// Its rectangle in the window.
    public var leaf: Rect
    /// The fold line in the window; `normal` points towards the lifted part.
    public var fold: Fold
    /// The leaf's front, textured from the turning page's leaf texture (0…1 across it).
    public var front: CurlMesh
    /// The leaf's back, textured from the far page's leaf texture, the same way round.
    public var back: CurlMesh
    /// The shadow the curl casts on what lies below it.
    public var shadow: CurlShadow?
    /// The cylinder's radius.
    public var radius: Double

    /// The signed distance of `p` from the fold, positive on the lifted side.
    public func distanceFromFold(_ p: Point) -> Double {
        (p.x - fold.point.x) * fold.normal.x + (p.y - fold.point.y) * fold.normal.y
    }
}
