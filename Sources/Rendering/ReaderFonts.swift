import Fonts

/// The book's fonts as atlases: the body text at the page's pixel size (one per size in use)
/// and a small size for margins, toolbars and panels.
final class ReaderFonts {
    let set: FontSet
    /// The small text's size in logical pixels.
    let smallSize: Float
    private var bodies: [Float: TextAtlas] = [:]
    private var smalls: [Float: TextAtlas] = [:]

    init(set: FontSet, smallSize: Float = 14) {
        self.set = set
        self.smallSize = smallSize
    }

    /// The atlas for body text at `pixelSize` physical pixels (a few sizes are kept).
    func body(pixelSize: Float) -> TextAtlas {
        let size = (pixelSize * 4).rounded() / 4
        if let a = bodies[size] { return a }
        if bodies.count >= 3 { bodies.removeAll() }
        let a = TextAtlas(fonts: set, pixelSize: size)
        bodies[size] = a
        return a
    }

    /// Starts a frame in every interface atlas (glyphs used from now on are not evicted).
    func beginFrame() {
        for a in smalls.values { a.atlas.beginFrame() }
    }

    /// The atlas for small text at `scale` physical pixels per logical pixel.
    func small(scale: Float) -> TextAtlas { ui(size: smallSize, scale: scale) }

    /// The atlas for interface text of `size` logical pixels at `scale`.
    func ui(size logical: Float, scale: Float) -> TextAtlas {
        let size = (logical * scale).rounded()
        if let a = smalls[size] { return a }
        let a = TextAtlas(fonts: set, pixelSize: size)
        smalls[size] = a
        return a
    }
}
