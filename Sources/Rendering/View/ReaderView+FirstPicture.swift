import PageTurner
import Reader

/// The launch's first picture, made on the CPU from the pages composed while the window opened
/// (`precompose`), for the window's own surface (`WindowSurface`) before any renderer exists.
extension ReaderView {
    /// `scene`'s frame at `pixelWidth` × `pixelHeight` (one pixel per point, as `precompose`
    /// made its pages): the page, or the spread's two leaves cut at the spine with the
    /// binding's shading. Nil when the frame holds anything else (a turn, toolbars, a panel,
    /// a notice) or its pages were not composed at that size: the renderer then draws first.
    public func firstPicture(_ scene: ReaderScene, pixelWidth: Int, pixelHeight: Int) -> Frame? {
        guard case .still(let page) = scene.pages, scene.toolbars == nil, scene.panel == nil, scene.notice == nil,
              scene.hud == nil, scene.size == Size(width: Double(pixelWidth), height: Double(pixelHeight)) else { return nil }
        guard let spread = scene.spread else {
            return textures.precomposedPixels(page: page, layout: scene.layout, theme: scene.theme, pixelWidth: pixelWidth,
                                              pixelHeight: pixelHeight)
                .map { Frame(width: pixelWidth, height: pixelHeight, pixels: $0.pixels) }
        }
        var pixels = [UInt32](repeating: scene.theme.background.argb, count: pixelWidth * pixelHeight)
        let spine = Int(spread.spineX.rounded())
        for p in [page, page + 1] where p >= 0 && p < scene.layout.pageCount {
            let place = leafPlace(p, spread, rightToLeft: scene.rightToLeft)
            guard let leaf = textures.precomposedPixels(page: p, layout: scene.layout, theme: scene.theme, pixelWidth: pixelWidth,
                                                        pixelHeight: pixelHeight, leaf: place) else { return nil }
            // As `SpreadDrawer` cuts them: the left leaf's texture from the window's left edge,
            // the right leaf's from the spine.
            let (x0, x1) = place.side == .left ? (0, spine) : (spine, pixelWidth)
            let origin = place.side == .left ? 0 : spine
            guard x1 - origin <= leaf.width else { return nil }
            pixels.withUnsafeMutableBufferPointer { to in
                leaf.pixels.withUnsafeBufferPointer { from in
                    for y in 0..<pixelHeight {
                        (to.baseAddress! + y * pixelWidth + x0).update(from: from.baseAddress! + y * leaf.width + x0 - origin,
                                                                       count: x1 - x0)
                    }
                }
            }
        }
        for band in spread.spineShading { Self.shade(&pixels, width: pixelWidth, band: band) }
        return Frame(width: pixelWidth, height: pixelHeight, pixels: pixels)
    }

    /// Blends `band` (black or white stops over the full height) into `pixels` column by
    /// column, as the renderer blends the band's quads: each stop's alpha in 8 bits, linear
    /// between stops at pixel centres.
    static func shade(_ pixels: inout [UInt32], width: Int, band: GradientBand) {
        let stops = band.stops
        guard stops.count >= 2, band.rect.width > 0 else { return }
        let x0 = max(0, Int(band.rect.minX.rounded())), x1 = min(width, Int(band.rect.maxX.rounded()))
        guard x1 > x0 else { return }
        let height = pixels.count / width
        for x in x0..<x1 {
            let t = (Double(x) + 0.5 - band.rect.x) / band.rect.width
            guard let i = stops.indices.dropLast().last(where: { stops[$0].position <= t }) ?? stops.indices.first else { continue }
            let a = stops[i], b = stops[i + 1]
            let f = b.position > a.position ? max(0, min(1, (t - a.position) / (b.position - a.position))) : 0
            let alpha = ((a.alpha * 255).rounded() * (1 - f) + (b.alpha * 255).rounded() * f) / 255
            let white = ((a.white + (b.white - a.white) * f) * 255)
            guard alpha > 0 else { continue }
            // c·(1 − a) + white·a per channel, in 16.16 fixed point, down the column.
            let keep = UInt32(((1 - alpha) * 65536).rounded()), add = UInt32((white * alpha * 65536).rounded())
            pixels.withUnsafeMutableBufferPointer { p in
                for y in 0..<height {
                    let v = p[y * width + x]
                    func mix(_ shift: UInt32) -> UInt32 {
                        min(255, (((v >> shift) & 0xFF) * keep + add + 0x8000) >> 16) << shift
                    }
                    p[y * width + x] = 0xFF00_0000 | mix(16) | mix(8) | mix(0)
                }
            }
        }
    }
}
