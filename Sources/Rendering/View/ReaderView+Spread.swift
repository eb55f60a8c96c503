import CSDL2
import PageTurner
import Reader

/// Spreads: two pages side by side and a leaf turning over the spine (`SpreadDrawer`).
extension ReaderView {
    /// Draws the spread `from` still (no `pose`) or its leaf at `pose` turning towards the
    /// spread `incoming` (−1: none), with `renderer`'s model: `classic` and `cylinder` turn the
    /// leaf over the spine, `slide` slides both spreads, `none` shows `from` until the turn
    /// lands.
    func drawSpread(_ geometry: SpreadGeometry, layout: BookLayout, theme: Theme, rightToLeft: Bool, curl renderer: CurlRenderer,
                    pose: TurnPose?, from: Int, incoming: Int, on canvas: Canvas) {
        let drawer = SpreadDrawer(geometry: geometry, canvas: canvas, texture: { page, side in
            guard page >= 0, page < layout.pageCount else { return nil }
            return self.textures.composed(page: page, layout: layout, theme: theme, canvas: canvas, fonts: self.fonts,
                                         leaf: PageTextures.LeafPlace(geometry: geometry, side: side))
        }, rightToLeft: rightToLeft)
        guard let pose else {
            drawer.drawStill(from)
            drawer.drawSpine(curlDrawer)
            return
        }
        switch renderer.model {
        case .classic:
            let turn = LeafTurn(window: geometry.window, pose: pose)
            drawer.drawLeaf(turn, frame: turn.classic(renderer.classic), from: from, incoming: incoming, drawer: curlDrawer)
        case .cylinder:
            var cylinder = renderer.cylinder
            cylinder.rows = canvas.cylinderRows
            let frame = LeafTurn(window: geometry.window, pose: pose).cylinder(cylinder, scratch: &leafCylinder)
            drawer.drawCylinderLeaf(frame, from: from, incoming: incoming, drawer: curlDrawer)
        case .slide:
            let slide = SlideFrame(page: geometry.window, pose: pose)
            for (spread, offset) in [(from, slide.currentOffset), (incoming, slide.incomingOffset)] where spread >= 0 {
                let px = Int32((offset * canvas.scale).rounded())
                drawer.drawStill(spread, offset: px)
                drawer.drawSpine(curlDrawer, offset: px)
            }
        case .none:
            drawer.drawStill(from)
            drawer.drawSpine(curlDrawer)
        }
    }

    /// The leaf place of `page` in `geometry`'s spreads.
    func leafPlace(_ page: Int, _ geometry: SpreadGeometry, rightToLeft: Bool) -> PageTextures.LeafPlace {
        PageTextures.LeafPlace(geometry: geometry, side: LeafSide.of(page: page, rightToLeft: rightToLeft))
    }
}
