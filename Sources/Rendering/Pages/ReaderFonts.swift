import Fonts

/// The book's fonts as atlases: the page's glyphs at each pixel size in use (the text, its
/// headings, the running head and folio), interface text for toolbars and panels; and the
/// font panel's samples.
///
/// Pages, their running heads and page numbers included, are drawn from the faces their
/// layout was shaped with (`use`): a font chosen in the panel changes them. Interface text
/// stays in the faces the window opened with.
final class ReaderFonts {
    /// The faces pages are drawn from.
    private(set) var set: FontSet
    /// The faces interface text is drawn from.
    let interface: FontSet
    /// Each family in its own face, for the font panel.
    let samples = FamilySamples()
    private var bodies: [Float: TextAtlas] = [:]
    /// Interface text, in the window's faces.
    private var interfaceText: [Float: TextAtlas] = [:]

    init(set: FontSet) {
        self.set = set
        interface = set
    }

    /// Draws pages from `set` from now on (the body atlases go when it is another set).
    func use(_ set: FontSet) {
        guard set.harfBuzz !== self.set.harfBuzz else { return }
        self.set = set
        bodies.removeAll()
    }

    /// The atlas for body text at `pixelSize` physical pixels (a few sizes are kept).
    func body(pixelSize: Float) -> TextAtlas {
        let size = (pixelSize * 4).rounded() / 4
        if let a = bodies[size] { return a }
        // Sizes in use: the body's and its headings', on one page or two of a spread, while
        // a pinch or a resize goes through others.
        if bodies.count >= 8 { bodies.removeAll() }
        let a = TextAtlas(fonts: set, pixelSize: size)
        bodies[size] = a
        return a
    }

    /// Starts a frame in every interface atlas (glyphs used from now on are not evicted).
    func beginFrame() {
        for a in interfaceText.values { a.atlas.beginFrame() }
    }

    /// The atlas for interface text of `size` logical pixels at `scale`.
    func ui(size logical: Float, scale: Float) -> TextAtlas {
        Self.atlas(in: &interfaceText, fonts: interface, pixelSize: (logical * scale).rounded())
    }

    /// `cache`'s atlas at `pixelSize`, made from `fonts` the first time.
    private static func atlas(in cache: inout [Float: TextAtlas], fonts: FontSet, pixelSize: Float) -> TextAtlas {
        if let a = cache[pixelSize] { return a }
        let a = TextAtlas(fonts: fonts, pixelSize: pixelSize)
        cache[pixelSize] = a
        return a
    }
}
