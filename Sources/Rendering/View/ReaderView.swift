import CSDL2
import Fonts
import PageTurner
import Reader

/// Draws the reader's frames: what a `ReaderScene` describes, on a canvas. It keeps what
/// drawing needs between frames (pages composed into textures, the text atlases, the curl's
/// buffers) and decides nothing: which page, which turn, which panel all come in the scene.
public final class ReaderView {
    let fonts: ReaderFonts
    let textures: PageTextures
    let curlDrawer = CurlDrawer()
    private var curl = CurlFrames()
    /// A spread's cylinder leaf in its own frame, its buffers kept from frame to frame.
    var leafCylinder = CylinderFrame()

    /// A view drawing with `fonts` (the session's).
    public convenience init(fonts: FontSet) {
        self.init(fonts: fonts, textures: PageTextures())
    }

    /// A view that copies every pixel of its pages (`copyingPaper`), not their ink alone
    /// (`PageInk`): the benchmark's way to weigh two pages' frames by what else than their
    /// fill they cost.
    public convenience init(fonts: FontSet, copyingPaper: Bool) {
        self.init(fonts: fonts, textures: PageTextures(inkOnly: !copyingPaper))
    }

    init(fonts: FontSet, textures: PageTextures) {
        self.fonts = ReaderFonts(set: fonts)
        self.textures = textures
    }

    /// Draws `scene` on `canvas` (whose logical size should be the scene's): the page or the
    /// turn, the toolbars, the open panel, a notice.
    public func draw(_ scene: ReaderScene, on canvas: Canvas) {
        use(scene.layout)
        textures.marks = scene.marks
        if let spread = scene.spread {
            clear(canvas, scene.theme)
            switch scene.pages {
            case .still(let page):
                drawSpread(spread, layout: scene.layout, theme: scene.theme, rightToLeft: scene.rightToLeft, curl: CurlRenderer(model: .none),
                           pose: nil, from: page, incoming: -1, on: canvas)
            case .turning(let from, let incoming, let pose, let renderer):
                drawSpread(spread, layout: scene.layout, theme: scene.theme, rightToLeft: scene.rightToLeft, curl: renderer,
                           pose: pose, from: from, incoming: incoming, on: canvas)
            }
            drawChrome(scene, on: canvas)
            return
        }
        switch scene.pages {
        case .turning(let from, let incoming, let pose, let renderer):
            let frame = turnFrame(renderer, page: scene.size, pose: pose, canvas: canvas)
            let pages = turnPages(frame, from: from, to: incoming, layout: scene.layout, theme: scene.theme, canvas: canvas)
            clear(canvas, scene.theme)
            curlDrawer.draw(frame, pages: pages, theme: scene.theme, on: canvas)
        case .still(let page):
            clear(canvas, scene.theme)
            curlDrawer.drawPage(composed(page, scene.layout, scene.theme, canvas), on: canvas)
        }
        drawChrome(scene, on: canvas)
    }

    /// Draws one still or turning frame of `layout` without any chrome, for `pageturn render`
    /// and tests: page `page`, or at `pose` turning towards `incoming`, drawn by `curl`.
    /// With `spread`, pages are spreads named by their first page and a turn turns a leaf.
    public func drawTurn(_ layout: BookLayout, theme: Theme, curl renderer: CurlRenderer, pose: TurnPose?, from page: Int,
                         to incoming: Int, spread: SpreadGeometry? = nil, rightToLeft: Bool = false, on canvas: Canvas) {
        use(layout)
        textures.marks = []
        if let spread {
            clear(canvas, theme)
            drawSpread(spread, layout: layout, theme: theme, rightToLeft: rightToLeft, curl: renderer, pose: pose, from: page,
                       incoming: incoming, on: canvas)
            return
        }
        if let pose {
            let frame = turnFrame(renderer, page: canvas.logicalSize, pose: pose, canvas: canvas)
            let pages = turnPages(frame, from: page, to: incoming, layout: layout, theme: theme, canvas: canvas)
            clear(canvas, theme)
            curlDrawer.draw(frame, pages: pages, theme: theme, on: canvas)
        } else {
            let current = composed(page, layout, theme, canvas)
            clear(canvas, theme)
            curlDrawer.drawPage(current, on: canvas)
        }
    }

    /// `renderer`'s frame for `pose`, its cylinder mesh cut into the rows `canvas` draws best.
    private func turnFrame(_ renderer: CurlRenderer, page size: Size, pose: TurnPose, canvas: Canvas) -> TurnFrame {
        curl.renderer = renderer
        curl.renderer.cylinder.rows = canvas.cylinderRows
        return curl.frame(page: size, pose: pose)
    }

    /// The textures a turn draws: both pages and, for the cylinder, the turning page washed for
    /// its back. (Made before the frame is cleared: washing draws into a texture of its own.)
    private func turnPages(_ frame: TurnFrame, from page: Int, to incoming: Int, layout: BookLayout, theme: Theme,
                           canvas: Canvas) -> CurlDrawer.Pages {
        var pages = CurlDrawer.Pages(current: composed(page, layout, theme, canvas), incoming: composed(incoming, layout, theme, canvas))
        if case .cylinder(let c) = frame {
            pages.turningBack = textures.washed(page: c.turningPage == .current ? page : incoming, layout: layout, theme: theme,
                                                canvas: canvas, fonts: fonts, alpha: CurlDrawer.washAlpha(c.backWash))
        }
        return pages
    }

    private func clear(_ canvas: Canvas, _ theme: Theme) {
        let bg = theme.background
        SDL_SetRenderDrawColor(canvas.renderer, bg.r, bg.g, bg.b, 255)
        SDL_RenderClear(canvas.renderer)
    }

    /// What `preload` did.
    public enum Preparation {
        /// Composed a page next to the one shown (nothing on screen changed).
        case composedPage
        /// Drew every kind of turn once into the back buffer: redraw before showing.
        case warmedUp
    }

    /// Prepares one missing neighbour of the page shown, or else warms the renderer up for
    /// turning (call while nothing moves); nil when there was nothing to do.
    public func preload(_ scene: ReaderScene, on canvas: Canvas) -> Preparation? {
        guard scene.isIdle, case .still(let p) = scene.pages else { return nil }
        let layout = scene.layout
        use(layout)
        textures.marks = scene.marks
        if let spread = scene.spread {
            // The spread shown, then the next and the previous ones.
            let pages = [p, p + 1, p + 2, p + 3, p - 2, p - 1]
            let composed = textures.preload(pages: pages, layout: layout, theme: scene.theme, canvas: canvas, fonts: fonts) {
                self.leafPlace($0, spread, rightToLeft: scene.rightToLeft)
            }
            return composed ? .composedPage : nil
        }
        if textures.preload(pages: [p, p + 1, p - 1], layout: layout, theme: scene.theme, canvas: canvas, fonts: fonts) {
            return .composedPage
        }
        var pages = CurlDrawer.Pages(current: composed(p, layout, scene.theme, canvas),
                                     incoming: composed(p + 1 < layout.pageCount ? p + 1 : p - 1, layout, scene.theme, canvas))
        if canvas.isAccelerated {
            // The back of a cylinder turn to the next page, ready before the turn's first frame
            // (made once per page, with the default wash; the warm-up draws with it).
            pages.turningBack = textures.washed(page: p, layout: layout, theme: scene.theme, canvas: canvas, fonts: fonts,
                                                alpha: CurlDrawer.washAlpha(CylinderCurl().backWash))
        }
        return curlDrawer.warmUp(pages: pages, theme: scene.theme, on: canvas) ? .warmedUp : nil
    }

    /// Composes the page shown in `scene` for a canvas of `pixelWidth` × `pixelHeight` before
    /// the canvas exists (the reader does this while its window opens).
    public func precompose(_ scene: ReaderScene, pixelWidth: Int, pixelHeight: Int) {
        guard case .still(let page) = scene.pages else { return }
        use(scene.layout)
        textures.marks = scene.marks
        guard let spread = scene.spread else {
            textures.precompose(page: page, layout: scene.layout, theme: scene.theme,
                                pixelWidth: pixelWidth, pixelHeight: pixelHeight, fonts: fonts)
            return
        }
        for p in [page, page + 1] where p < scene.layout.pageCount {
            textures.precompose(page: p, layout: scene.layout, theme: scene.theme, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                                fonts: fonts, leaf: leafPlace(p, spread, rightToLeft: scene.rightToLeft))
        }
    }

    /// Draws pages from the faces `layout` was shaped with.
    private func use(_ layout: BookLayout) {
        if let set = layout.fonts { fonts.use(set) }
    }

    /// How many pages have been drawn into textures so far.
    public var composedPageCount: Int { textures.composedCount }

    private func composed(_ page: Int, _ layout: BookLayout, _ theme: Theme, _ canvas: Canvas) -> PageTextures.Composed? {
        textures.composed(page: page, layout: layout, theme: theme, canvas: canvas, fonts: fonts)
    }
}
