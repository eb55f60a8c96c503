import CSDL2
import PageTurner
import Reader

/// Draws two-page spreads: still, a leaf turning over the spine (`LeafTurn`), sliding or
/// swapped, from page textures a leaf wide (`PageTextures.LeafPlace`).
///
/// Leaves are cut at the spine's pixel: the left leaf's texture fills the window's pixels
/// left of it, the right leaf's those right of it. A page that is not there (past the end of
/// the book, or before a boundary pull's missing spread) leaves the paper the view cleared.
struct SpreadDrawer {
    let geometry: SpreadGeometry
    let canvas: Canvas
    /// The texture of `page` drawn for `side`'s leaf and its ink, or nil for no page there.
    let texture: (_ page: Int, _ side: LeafSide) -> PageTextures.Composed?
    let rightToLeft: Bool

    var spine: Int32 { Int32(PageTextures.spinePixel(geometry, canvas)) }

    /// The page of the spread `first` on `side` (nil past the book's ends).
    func page(of first: Int, on side: LeafSide) -> Int {
        LeafSide.of(page: first, rightToLeft: rightToLeft) == side ? first : first + 1
    }

    /// A leaf's pixels in the window, shifted by `offset` px.
    func leafPixels(_ side: LeafSide, offset: Int32 = 0) -> SDL_Rect {
        side == .left ? SDL_Rect(x: offset, y: 0, w: spine, h: Int32(canvas.pixelHeight))
            : SDL_Rect(x: spine + offset, y: 0, w: Int32(canvas.pixelWidth) - spine, h: Int32(canvas.pixelHeight))
    }

    /// Copies the part `part` (window pixels, inside `side`'s leaf) of `page`'s leaf texture.
    /// Only its ink is copied (`PageInk`): the pixels under `part` must hold the paper, as
    /// every caller's do (the frame is cleared to it, and no two parts of a frame overlap).
    func copy(_ page: Int, _ side: LeafSide, part: SDL_Rect, offset: Int32 = 0) {
        copy(texture(page, side), side, part: part, offset: offset)
    }

    /// Copies the ink of `composed` inside `part` (window pixels, inside `side`'s leaf) onto
    /// paper, `offset` px to the side.
    func copy(_ composed: PageTextures.Composed?, _ side: LeafSide, part: SDL_Rect, offset: Int32 = 0) {
        composed?.copyInk(inside: part, originX: side == .left ? 0 : spine, offset: offset, renderer: canvas.renderer)
    }

    /// The spread whose first page is `first`, `offset` px to the side.
    func drawStill(_ first: Int, offset: Int32 = 0) {
        guard first >= 0 else { return }
        for side in [LeafSide.left, .right] { copy(page(of: first, on: side), side, part: leafPixels(side), offset: offset) }
    }

    /// The binding's shading over both pages, `offset` px to the side (a sliding spread's
    /// binding slides with it).
    func drawSpine(_ drawer: CurlDrawer, offset: Int32 = 0) {
        let dx = Double(offset) / canvas.scale
        for var band in geometry.spineShading {
            band.rect.x += dx
            drawer.drawBand(band, opacity: 1, canvas: canvas)
        }
    }

    /// A leaf turning from the spread `from` towards `incoming` (−1: none, a pull at an end).
    func drawLeaf(_ turn: LeafTurn, frame f: ClassicLeafFrame, from: Int, incoming: Int, drawer: CurlDrawer) {
        let side = turn.side, far = side.opposite
        let s = canvas.scale
        let fold = Int32((f.foldX * s).rounded())
        let leaf = leafPixels(side)
        // The flat front runs from the spine to the fold; the revealed page lies beyond it.
        let front = side == .right ? SDL_Rect(x: spine, y: 0, w: max(0, min(fold, leaf.x + leaf.w) - spine), h: leaf.h)
            : SDL_Rect(x: max(0, fold), y: 0, w: max(0, spine - max(0, fold)), h: leaf.h)
        let revealed = side == .right ? SDL_Rect(x: front.x + front.w, y: 0, w: leaf.x + leaf.w - front.x - front.w, h: leaf.h)
            : SDL_Rect(x: 0, y: 0, w: front.x, h: leaf.h)
        // Nothing is copied where the back will lie (opaque, drawn over it): on a GPU a frame's
        // cost is the pixels it fills.
        let backPage = incoming >= 0 ? texture(page(of: incoming, on: far), far) : nil
        let back = backPage == nil ? nil : backPixels(f)
        for part in back.map({ drawer.subtract($0, from: leafPixels(far)) }) ?? [leafPixels(far)] {
            copy(page(of: from, on: far), far, part: part)
        }
        if incoming >= 0 { copy(page(of: incoming, on: side), side, part: revealed) }
        for part in back.map({ drawer.subtract($0, from: front) }) ?? [front] {
            copy(page(of: from, on: side), side, part: part)
        }
        if let backPage, let back { drawBack(f, backPage, at: back) }
        drawer.drawBand(f.marginBand, opacity: f.bandOpacity, canvas: canvas)
        drawer.drawBand(f.shadowBand, opacity: f.bandOpacity, canvas: canvas)
        // The binding shades whatever lies at the spine, the leaf too: a landed leaf is then
        // exactly the still spread.
        drawSpine(drawer)
    }

    /// Where the back is drawn, in pixels (nil: nowhere).
    private func backPixels(_ f: ClassicLeafFrame) -> SDL_Rect? {
        let s = canvas.scale
        let x0 = max(0, Int32((f.back.minX * s).rounded())), x1 = min(Int32(canvas.pixelWidth), Int32((f.back.maxX * s).rounded()))
        guard x1 > x0 else { return nil }
        return SDL_Rect(x: x0, y: 0, w: x1 - x0, h: Int32(canvas.pixelHeight))
    }

    /// The leaf's back at `dst`: the target spread's far page `composed`, the strip
    /// `backSource`, the same way round, its end at the fold, exactly as many pixels wide. Only
    /// its ink is copied: nothing was copied under the back, so the pixels there are paper.
    private func drawBack(_ f: ClassicLeafFrame, _ composed: PageTextures.Composed, at dst: SDL_Rect) {
        let s = canvas.scale
        let leafWidth = Int32(PageTextures.leafPixelWidth(geometry, canvas))
        // The strip's end at the fold: its right end for the right leaf (the back lies left of
        // the fold), its left end for the left leaf.
        let foldEnd = Int32(((f.side == .right ? f.backSource.maxX : f.backSource.minX) * s).rounded())
        let start = f.side == .right ? foldEnd - dst.w : foldEnd
        let sourceX = max(0, min(start, leafWidth - dst.w))
        composed.copyInk(inside: dst, originX: dst.x - sourceX, renderer: canvas.renderer)
    }
}
